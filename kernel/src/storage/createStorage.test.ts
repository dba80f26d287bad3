import { IDBDatabase, IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createMemoryStorage, createStorage, LEGACY_KEYS, STORAGE_VERSION_KEY } from './createStorage.js'

function fakeLocalStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  }
}

describe('storage', () => {
  it('behavior: round-trips structured values in IndexedDB and survives a new instance', async () => {
    const idb = new IDBFactory()
    const a = createStorage({ indexedDB: idb, localStorage: fakeLocalStorage() })
    expect(await a.ready).toBe('indexeddb')
    await a.setItem('recentWallets', [{ id: 'metamask', name: 'MetaMask' }])
    const b = createStorage({ indexedDB: idb, localStorage: fakeLocalStorage() })
    expect(await b.getItem('recentWallets')).toEqual([{ id: 'metamask', name: 'MetaMask' }])
    expect(await b.getItem(STORAGE_VERSION_KEY)).toBe(1)
    await b.removeItem('recentWallets')
    expect(await a.getItem('recentWallets')).toBeUndefined()
  })

  it('behavior: setItem and removeItem resolve once their transaction committed (a reload right after keeps the write)', async () => {
    const idb = new IDBFactory()
    const s = createStorage({ indexedDB: idb, localStorage: fakeLocalStorage() })
    await s.ready
    // every transaction the storage opens from here on, and whether it had committed when the write resolved
    const opened: IDBTransaction[] = []
    const committed = new WeakSet<IDBTransaction>()
    const { transaction } = IDBDatabase.prototype
    IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
      const tx = transaction.apply(this, args)
      tx.addEventListener('complete', () => committed.add(tx))
      opened.push(tx)
      return tx
    }
    try {
      await s.setItem('connectionStatus', 'connected')
      expect(opened.length).toBeGreaterThan(0)
      expect(opened.every((tx) => committed.has(tx))).toBe(true)
      await s.removeItem('connectionStatus')
      expect(opened.every((tx) => committed.has(tx))).toBe(true)
    } finally {
      IDBDatabase.prototype.transaction = transaction
    }
  })

  it("behavior: migrates the kernel's legacy localStorage keys once, parsing JSON, and removes them", async () => {
    const idb = new IDBFactory()
    const ls = fakeLocalStorage({
      '@appkit/recent_wallets': '[{"id":"rainbow"}]',
      '@appkit/connection_status': 'connected',
      '@appkit-wallet/EMAIL': 'ada@example.com',
      unrelated: 'keep',
    })
    const s = createStorage({ indexedDB: idb, localStorage: ls })
    expect(await s.getItem('recentWallets')).toEqual([{ id: 'rainbow' }])
    expect(await s.getItem('connectionStatus')).toBe('connected')
    expect(ls.getItem('@appkit/recent_wallets')).toBeNull()
    expect(ls.getItem('@appkit/connection_status')).toBeNull()
    expect(ls.getItem('unrelated')).toBe('keep')
    // a plugin's legacy key is that plugin's to move (legacyStorageKeys), not the kernel's
    expect(await s.getItem('email')).toBeUndefined()
    expect(ls.getItem('@appkit-wallet/EMAIL')).toBe('ada@example.com')
    // a legacy key written after migration is not migrated again
    ls.setItem('@appkit/connection_status', 'disconnected')
    const again = createStorage({ indexedDB: idb, localStorage: ls })
    expect(await again.getItem('connectionStatus')).toBe('connected')
  })

  it('behavior: the kernel migrates only the connection keys', () => {
    expect(Object.values(LEGACY_KEYS).sort()).toEqual(['activeCaipNetworkId', 'activeNamespace', 'connectionStatus', 'lastConnectorId', 'recentWallets'])
  })

  it('behavior: migrateLegacy moves the given keys, parsing JSON, and removes them; a key holding a value keeps it', async () => {
    const ls = fakeLocalStorage({ '@old/a': '{"n":1}', '@old/b': 'plain', '@old/c': '"legacy"' })
    const s = createStorage({ indexedDB: new IDBFactory(), localStorage: ls })
    await s.setItem('c', 'current')
    await s.migrateLegacy({ '@old/a': 'a', '@old/b': 'b', '@old/c': 'c', '@old/missing': 'missing' })
    expect(await s.getItem('a')).toEqual({ n: 1 })
    expect(await s.getItem('b')).toBe('plain')
    expect(await s.getItem('c')).toBe('current')
    expect(await s.getItem('missing')).toBeUndefined()
    expect([ls.getItem('@old/a'), ls.getItem('@old/b'), ls.getItem('@old/c')]).toEqual([null, null, null])
  })

  it('error: a corrupt value reads as absent instead of throwing', async () => {
    const idb = new IDBFactory()
    const s = createStorage({ indexedDB: idb, localStorage: fakeLocalStorage() })
    await s.ready
    // write a raw value bypassing the envelope, as another library or an old version might
    await new Promise<void>((resolve, reject) => {
      const req = idb.open('portico', 1)
      req.onsuccess = () => {
        const tx = req.result.transaction('kv', 'readwrite')
        tx.objectStore('kv').put('not-an-envelope', 'recentWallets')
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      }
    })
    expect(await s.getItem('recentWallets')).toBeUndefined()
  })

  it('behavior: falls back to memory when IndexedDB is unavailable or fails to open', async () => {
    const noIdb = createStorage({ indexedDB: undefined, localStorage: undefined })
    const broken = createStorage({
      indexedDB: { open: () => { throw new Error('SecurityError') } } as unknown as IDBFactory,
      onError: () => {},
    })
    expect(await broken.ready).toBe('memory')
    await broken.setItem('k', { a: 1 })
    expect(await broken.getItem('k')).toEqual({ a: 1 })
    expect(await noIdb.ready).toBe('memory')
    await noIdb.setItem('k', 'v')
    expect(await noIdb.getItem('k')).toBe('v')
  })

  it('behavior: memory storage copies values so callers cannot mutate what is stored', async () => {
    const m = createMemoryStorage()
    const value = { list: [1] }
    await m.setItem('x', value)
    value.list.push(2)
    expect(await m.getItem('x')).toEqual({ list: [1] })
  })
})
