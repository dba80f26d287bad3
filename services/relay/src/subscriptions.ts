/** Why a subscribe was refused: the client's own quota. */
export type SubscribeRefusal = { refused: string }

/**
 * Who is subscribed to what, with a per-client topic cap and a relay-wide cap. At the relay-wide cap the client
 * holding the most topics loses its oldest ones, so a crowd of keys cannot lock a small client out; a client
 * that is itself the largest holder is refused instead.
 */
export class Subscriptions<C extends object> {
  private readonly byClient = new Map<C, Set<string>>()
  private readonly byTopic = new Map<string, Set<C>>()
  private count = 0

  constructor(private readonly limits: { maxTopicsPerClient: number; maxSubscriptions: number }) {}

  /** Subscribes `client` to all of `topics` or, past a cap, to none. */
  add(client: C, topics: readonly string[]): true | SubscribeRefusal {
    const held = this.byClient.get(client) ?? new Set<string>()
    const fresh = [...new Set(topics)].filter((t) => !held.has(t))
    if (held.size + fresh.length > this.limits.maxTopicsPerClient) {
      return { refused: `Quota exceeded: at most ${this.limits.maxTopicsPerClient} topics per client` }
    }
    if (!this.makeRoom(client, held.size, fresh.length)) {
      return { refused: `Quota exceeded: the relay holds ${this.limits.maxSubscriptions} subscriptions` }
    }
    if (!this.byClient.has(client)) this.byClient.set(client, held)
    for (const topic of fresh) {
      held.add(topic)
      let set = this.byTopic.get(topic)
      if (!set) this.byTopic.set(topic, (set = new Set()))
      set.add(client)
    }
    this.count += fresh.length
    return true
  }

  remove(client: C, topic: string): void {
    const held = this.byClient.get(client)
    if (!held?.delete(topic)) return
    this.count--
    if (held.size === 0) this.byClient.delete(client)
    const set = this.byTopic.get(topic)
    set?.delete(client)
    if (set?.size === 0) this.byTopic.delete(topic)
  }

  /** Forgets every subscription of `client` (its last socket closed). */
  removeClient(client: C): void {
    for (const topic of [...(this.byClient.get(client) ?? [])]) this.remove(client, topic)
  }

  subscribers(topic: string): ReadonlySet<C> {
    return this.byTopic.get(topic) ?? new Set()
  }

  topicsOf(client: C): ReadonlySet<string> {
    return this.byClient.get(client) ?? new Set()
  }

  get size(): number {
    return this.count
  }

  /** Subscriber count per topic. */
  sizes(): Map<string, number> {
    return new Map([...this.byTopic].map(([topic, set]) => [topic, set.size]))
  }

  /** Evicts the largest holders' oldest topics until `adding` more fit; false if the requester is the largest. */
  private makeRoom(requester: C, requesterHeld: number, adding: number): boolean {
    while (this.count + adding > this.limits.maxSubscriptions) {
      let hog: C | undefined
      let most = 0
      for (const [client, held] of this.byClient) {
        if (client !== requester && held.size > most) [hog, most] = [client, held.size]
      }
      if (!hog || most <= requesterHeld + adding) return false
      const excess = Math.min(this.count + adding - this.limits.maxSubscriptions, most - (requesterHeld + adding))
      // A Set iterates in insertion order: the first topics are the hog's oldest.
      for (const topic of [...this.byClient.get(hog)!].slice(0, excess)) this.remove(hog, topic)
    }
    return true
  }
}
