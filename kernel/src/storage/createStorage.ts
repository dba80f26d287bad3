import '../zodConfig.js'
import * as z from 'zod/mini'
import type { KeyValueStorage } from '@portico/contracts/plugin'
import { STORAGE_VERSION } from '@portico/contracts/spec'

/** The storage format version (SPEC), stored under {@link STORAGE_VERSION_KEY}. */
export { STORAGE_VERSION }
export const STORAGE_VERSION_KEY = 'portico:storage-version'
const DB_NAME = 'portico'
const STORE = 'kv'

/**
 * The kernel's legacy localStorage keys (the incumbent's) and where their values now live. Migrated once, then
 * removed, so a site that switches to Portico keeps its visitors' connection and recent wallets. A plugin declares
 * its own legacy keys (`legacyStorageKeys` on its definition) and they move into its own storage when it is set up.
 */
export const LEGACY_KEYS: Readonly<Record<string, string>> = {
  '@appkit/active_namespace': 'activeNamespace',
  '@appkit/active_caip_network_id': 'activeCaipNetworkId',
  '@appkit/connected_connector_id': 'lastConnectorId',
  '@appkit/connection_status': 'connectionStatus',
  '@appkit/recent_wallets': 'recentWallets',
}

/** Every stored value travels in an envelope so a corrupt or foreign value reads as absent. */
const EnvelopeSchema = z.object({ v: z.literal(STORAGE_VERSION), value: z.unknown() })

/** In-memory storage: the fallback where IndexedDB is unavailable (SSR, some private modes). */
export function createMemoryStorage(): KeyValueStorage & { kind: 'memory' } {
  const map = new Map<string, unknown>()
  return {
    kind: 'memory',
    async getItem<T>(key: string) {
      return structuredClone(map.get(key)) as T | undefined
    },
    async setItem(key, value) {
      map.set(key, structuredClone(value))
    },
    async removeItem(key) {
      map.delete(key)
    },
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error)
  })
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(DB_NAME, STORAGE_VERSION)
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE)
    }
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed.'))
    req.onblocked = () => reject(new Error('IndexedDB open blocked.'))
  })
}

function parseLegacy(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

export type StorageOptions = {
  indexedDB?: IDBFactory | undefined
  localStorage?: Storage | undefined
  onError?: (error: unknown) => void
}

export type PorticoStorage = KeyValueStorage & {
  readonly ready: Promise<'indexeddb' | 'memory'>
  /**
   * Moves legacy localStorage values to their new keys (`legacy key → key`) and removes the legacy ones once the
   * copy is stored; a key that already holds a value keeps it.
   */
  migrateLegacy(keys: Readonly<Record<string, string>>): Promise<void>
}

/**
 * Key-value storage on IndexedDB with a memory fallback. It never throws on reads: a corrupt value reads as
 * absent. Opening is lazy — nothing touches IndexedDB until the first read or write.
 */
export function createStorage(options: StorageOptions = {}): PorticoStorage {
  const onError = options.onError ?? (() => {})
  let opened: Promise<{ db: IDBDatabase | undefined; memory: KeyValueStorage }> | undefined
  const memory = createMemoryStorage()

  const legacyStorage = () => ('localStorage' in options ? options.localStorage : typeof localStorage === 'undefined' ? undefined : localStorage)
  const readLegacy = (ls: Storage | undefined, legacy: string) => {
    try {
      return ls?.getItem(legacy) ?? null
    } catch {
      return null
    }
  }
  const removeLegacy = (ls: Storage | undefined, legacy: string) => {
    try {
      ls?.removeItem(legacy)
    } catch {}
  }

  const open = () =>
    (opened ??= (async () => {
      // an explicit `indexedDB: undefined` means none (tests, hosts that opt out)
      const factory = 'indexedDB' in options ? options.indexedDB : typeof indexedDB === 'undefined' ? undefined : indexedDB
      if (!factory) return { db: undefined, memory }
      try {
        const db = await openDatabase(factory)
        await migrate(db)
        return { db, memory }
      } catch (error) {
        onError(error)
        return { db: undefined, memory }
      }
    })())

  async function migrate(db: IDBDatabase) {
    const tx = db.transaction(STORE, 'readwrite')
    const store = tx.objectStore(STORE)
    const version = EnvelopeSchema.safeParse(await request(store.get(STORAGE_VERSION_KEY)))
    if (version.success && version.data.value === STORAGE_VERSION) return
    const ls = legacyStorage()
    const moved: string[] = []
    for (const [legacy, key] of Object.entries(LEGACY_KEYS)) {
      const raw = readLegacy(ls, legacy)
      if (raw === null) continue
      store.put({ v: STORAGE_VERSION, value: parseLegacy(raw) }, key)
      moved.push(legacy)
    }
    store.put({ v: STORAGE_VERSION, value: STORAGE_VERSION }, STORAGE_VERSION_KEY)
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error ?? new Error('Storage migration aborted.'))
    })
    // remove only after the copy committed, so an interrupted migration loses nothing
    for (const legacy of moved) removeLegacy(ls, legacy)
  }

  async function withStore<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const { db } = await open()
    const tx = db!.transaction(STORE, mode)
    const result = request(fn(tx.objectStore(STORE)))
    if (mode === 'readonly') return result
    // a write is done once its transaction committed, not when its request succeeded: a page that reloads right
    // after a connect (the request done, the commit not yet) would otherwise come back without the session
    const committed = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error)
      tx.onabort = () => reject(tx.error ?? new Error('The storage write was aborted.'))
    })
    const [value] = await Promise.all([result, committed])
    return value
  }

  const storage: PorticoStorage = {
    ready: open().then(({ db }) => (db ? 'indexeddb' : 'memory')),
    async migrateLegacy(keys) {
      const ls = legacyStorage()
      for (const [legacy, key] of Object.entries(keys)) {
        const raw = readLegacy(ls, legacy)
        if (raw === null) continue
        if ((await storage.getItem(key)) === undefined) await storage.setItem(key, parseLegacy(raw))
        removeLegacy(ls, legacy)
      }
    },
    async getItem<T>(key: string) {
      const { db } = await open()
      if (!db) return memory.getItem<T>(key)
      try {
        const parsed = EnvelopeSchema.safeParse(await withStore('readonly', (s) => s.get(key)))
        return parsed.success ? (parsed.data.value as T) : undefined
      } catch (error) {
        onError(error)
        return memory.getItem<T>(key)
      }
    },
    async setItem(key, value) {
      const { db } = await open()
      if (!db) return memory.setItem(key, value)
      try {
        await withStore('readwrite', (s) => s.put({ v: STORAGE_VERSION, value }, key))
      } catch (error) {
        // e.g. a value that cannot be cloned, or quota: keep it for this session rather than lose it
        onError(error)
        await memory.setItem(key, value).catch(onError)
      }
    },
    async removeItem(key) {
      const { db } = await open()
      await memory.removeItem(key)
      if (!db) return
      try {
        await withStore('readwrite', (s) => s.delete(key))
      } catch (error) {
        onError(error)
      }
    },
  }
  return storage
}
