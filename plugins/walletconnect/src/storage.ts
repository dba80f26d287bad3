import type { KeyValueStorage } from '@portico/contracts/plugin'

/** The WalletConnect SDK's storage interface (`IKeyValueStorage` of `@walletconnect/keyvaluestorage`). */
export type SdkStorage = {
  getKeys(): Promise<string[]>
  getEntries<T = any>(): Promise<[string, T][]>
  getItem<T = any>(key: string): Promise<T | undefined>
  setItem<T = any>(key: string, value: T): Promise<void>
  removeItem(key: string): Promise<void>
}

const INDEX_KEY = 'index'
const ITEM = (key: string) => `item:${key}`

/**
 * The SDK's storage on top of the kernel's (IndexedDB with a memory fallback, already prefixed with the plugin's
 * name), so WalletConnect sessions live beside the rest of Portico's state and survive a reload. The kernel storage
 * has no key listing, so the adapter keeps an index of its keys; writes to the index are serialised.
 */
export function createSdkStorage(storage: KeyValueStorage): SdkStorage {
  let keys: Promise<Set<string>> | undefined
  let writing: Promise<void> = Promise.resolve()
  const load = () =>
    (keys ??= storage.getItem<unknown>(INDEX_KEY).then(
      (v) => new Set(Array.isArray(v) ? v.filter((k): k is string => typeof k === 'string') : []),
      () => new Set<string>(),
    ))
  const saveIndex = (set: Set<string>) => {
    writing = writing.then(() => storage.setItem(INDEX_KEY, [...set])).catch(() => {})
    return writing
  }
  return {
    async getKeys() {
      return [...(await load())]
    },
    async getEntries<T>() {
      const all = [...(await load())]
      const values = await Promise.all(all.map((k) => storage.getItem<T>(ITEM(k))))
      return all.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i] as T] as [string, T]]))
    },
    getItem<T>(key: string) {
      return storage.getItem<T>(ITEM(key))
    },
    async setItem(key, value) {
      await storage.setItem(ITEM(key), value)
      const set = await load()
      if (!set.has(key)) {
        set.add(key)
        await saveIndex(set)
      }
    },
    async removeItem(key) {
      await storage.removeItem(ITEM(key))
      const set = await load()
      if (set.delete(key)) await saveIndex(set)
    },
  }
}
