import { describe, expect, it } from 'vitest'
import { ReadCache } from './readCache.js'

describe('ReadCache', () => {
  it('loads a key once within its time to live, again after it', async () => {
    let now = 1_000
    let loads = 0
    const cache = new ReadCache<number>(500, 100, () => now)
    const load = async () => ++loads
    expect(await cache.get('a', load)).toBe(1)
    now += 499
    expect(await cache.get('a', load)).toBe(1)
    now += 1
    expect(await cache.get('a', load)).toBe(2)
  })

  it('shares one load between concurrent misses of a key', async () => {
    let loads = 0
    let release!: () => void
    const cache = new ReadCache<string>(1_000)
    const load = () => new Promise<string>((resolve) => ((release = () => resolve(`v${++loads}`)), undefined))
    const both = Promise.all([cache.get('k', load), cache.get('k', load)])
    release()
    expect(await both).toEqual(['v1', 'v1'])
  })

  it('does not keep a failed load', async () => {
    const cache = new ReadCache<string>(1_000)
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('k', async () => 'up')).toBe('up')
  })

  it('clear() drops values and a read in flight that may predate the write', async () => {
    const cache = new ReadCache<string>(1_000)
    let release!: (v: string) => void
    const inflight = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)))
    cache.clear()
    release('before the write')
    expect(await inflight).toBe('before the write')
    expect(await cache.get('k', async () => 'after the write')).toBe('after the write')
  })

  it('evicts the oldest entries beyond its size, and ttl 0 caches nothing', async () => {
    const cache = new ReadCache<number>(1_000, 2)
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => 1)
    expect(cache.size).toBe(2)
    let loads = 0
    expect(await cache.get('a', async () => ++loads)).toBe(1) // 'a' was evicted
    const off = new ReadCache<number>(0)
    await off.get('x', async () => ++loads)
    await off.get('x', async () => ++loads)
    expect(loads).toBe(3)
  })
})
