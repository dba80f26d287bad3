/**
 * A short-lived in-process cache of recent reads (micro-caching): a hot key is read from the database or built at
 * most once per `ttlMs` per process, and concurrent misses of one key share one load. What it keeps may be up to
 * `ttlMs` older than the database, so replicas can disagree for that long (default 1 s, `readCacheMs`); the
 * caches that must agree (balances, sessions) still live in the database behind it. `ttlMs` 0 turns it off.
 *
 * @example
 * const names = new ReadCache<Identity>(1_000)
 * const identity = await names.get(address, () => store.identity(address))
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>()
  private readonly loading = new Map<string, Promise<V>>()
  private generation = 0

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key`, else `load()`'s (kept for `ttlMs` when it resolves). */
  async get(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load()
    const hit = this.entries.get(key)
    if (hit && hit.expires > this.now()) return hit.value
    const pending = this.loading.get(key)
    if (pending) return pending
    const generation = this.generation
    const loaded = load().then(
      (value) => {
        // a clear() while this was loading means its value may predate a write: not kept
        if (generation === this.generation) this.set(key, value)
        return value
      },
    ).finally(() => this.loading.delete(key))
    this.loading.set(key, loaded)
    return loaded
  }

  /** Keeps `value` for `key` (a fresh read that bypassed the cache, such as a forced balance update). */
  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return
    this.entries.delete(key)
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    // the oldest entries go first (a Map iterates in insertion order)
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
  }

  /** Forgets `key`. */
  delete(key: string): void {
    this.entries.delete(key)
    this.loading.delete(key)
  }

  /** Forgets everything, including reads still in flight (after a write this process made). */
  clear(): void {
    this.generation++
    this.entries.clear()
    this.loading.clear()
  }

  get size(): number {
    return this.entries.size
  }
}
