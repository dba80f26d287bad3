/** A published message, held for its ttl so that late subscribers still receive it. */
export interface StoredMessage {
  topic: string
  message: string
  tag: number
  publishedAt: number
  expiresAt: number
  /** clientId of the publisher: a message is never delivered back to it. */
  publisher: string
  /** clientIds that acked a delivery (or fetched it): never replayed to them again. */
  receivedBy: Set<string>
  /** Set once the mailbox let go of it (expired, evicted, pushed out of its topic): sockets drop their references. */
  gone?: true
}

/**
 * Bounds on what the mailbox holds. A message costs its length plus `messageOverheadBytes` (its record, receipt set
 * and topic slot), so many tiny messages are bounded as well as a few big ones; memory stays near `maxBytes`.
 */
export interface MailboxLimits {
  /** Oldest message of a topic is dropped to make room beyond this. */
  maxMessagesPerTopic: number
  /** Total cost held. When full, the publisher holding the most loses its oldest messages. */
  maxBytes: number
  /** Cost one publisher may hold; past it that publisher's publish is refused (its own error, nobody else's). */
  maxBytesPerClient: number
  /** Cost added to each message's length. */
  messageOverheadBytes: number
  /** Longer ttls are clamped to this. */
  maxTtlSeconds: number
}

/**
 * Default limits. The ttl ceiling is one day, the longest ttl the 2.25 sign client uses (session update, extend,
 * delete and ping; proposals and requests use 5 to 15 minutes). 4 MiB per publisher holds hundreds of requests.
 */
export const defaultMailboxLimits: MailboxLimits = {
  maxMessagesPerTopic: 200,
  maxBytes: 64 * 1024 * 1024,
  maxBytesPerClient: 4 * 1024 * 1024,
  messageOverheadBytes: 512,
  maxTtlSeconds: 24 * 3600,
}

/** What a publish asks the mailbox to hold. */
export interface PublishInput {
  topic: string
  message: string
  ttl: number
  tag: number
  publisher: string
}

/** Why a publish was not stored: the publisher's own quota, or a full mailbox that no eviction could make room in. */
export type StoreRefusal = 'quota' | 'full'

interface Holdings { bytes: number; messages: Set<StoredMessage> }

/** Per-topic store of published messages with ttl expiry, per-client receipts and per-publisher quotas. */
export class Mailbox {
  private readonly topics = new Map<string, StoredMessage[]>()
  /** What each publisher holds, its messages in publish order (so its oldest is first). */
  private readonly publishers = new Map<string, Holdings>()
  private bytes = 0

  constructor(readonly limits: MailboxLimits = defaultMailboxLimits) {}

  /** Stores a publish. A retry of a message still held returns 'duplicate' (clients retry unanswered publishes). */
  store(input: PublishInput, now = Date.now()): StoredMessage | 'duplicate' | StoreRefusal {
    const list = this.topics.get(input.topic)
    if (list?.some((m) => m.expiresAt > now && m.message === input.message)) return 'duplicate'
    const cost = this.cost(input.message)
    const own = this.publishers.get(input.publisher)
    if ((own?.bytes ?? 0) + cost > this.limits.maxBytesPerClient) return 'quota'
    if (!this.makeRoom(input.publisher, own?.bytes ?? 0, cost)) return 'full'
    const ttl = Math.min(input.ttl, this.limits.maxTtlSeconds)
    const stored: StoredMessage = {
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
      publisher: input.publisher,
      receivedBy: new Set(),
    }
    const target = this.topics.get(input.topic) ?? [] // makeRoom may have emptied and deleted the topic
    if (target.length === 0) this.topics.set(input.topic, target)
    target.push(stored)
    let holdings = this.publishers.get(input.publisher)
    if (!holdings) this.publishers.set(input.publisher, (holdings = { bytes: 0, messages: new Set() }))
    holdings.messages.add(stored)
    holdings.bytes += cost
    this.bytes += cost
    while (target.length > this.limits.maxMessagesPerTopic) this.release(target.shift()!)
    return stored
  }

  /** Unexpired messages on `topic` that `clientId` neither published nor received, oldest first. */
  pendingFor(topic: string, clientId: string, now = Date.now()): StoredMessage[] {
    return (this.topics.get(topic) ?? []).filter(
      (m) => m.expiresAt > now && m.publisher !== clientId && !m.receivedBy.has(clientId),
    )
  }

  /** Records that `clientId` has the message, so replays skip it. */
  markReceived(message: StoredMessage, clientId: string): void {
    message.receivedBy.add(clientId)
  }

  /** Drops expired messages and empty topics; returns how many messages went. */
  sweep(now = Date.now()): number {
    let removed = 0
    for (const [topic, list] of this.topics) {
      const kept: StoredMessage[] = []
      for (const m of list) {
        if (m.expiresAt > now) kept.push(m)
        else {
          this.release(m)
          removed++
        }
      }
      if (kept.length === 0) this.topics.delete(topic)
      else this.topics.set(topic, kept)
    }
    return removed
  }

  /** Message count per topic (expired but not yet swept messages included). */
  sizes(): Map<string, number> {
    return new Map([...this.topics].map(([topic, list]) => [topic, list.length]))
  }

  /** Cost of what is held: message characters plus the per-message overhead. */
  get totalBytes(): number {
    return this.bytes
  }

  /** Cost of what `publisher` holds. */
  bytesOf(publisher: string): number {
    return this.publishers.get(publisher)?.bytes ?? 0
  }

  private cost(message: string): number {
    return message.length + this.limits.messageOverheadBytes
  }

  /**
   * Evicts the oldest messages of whoever holds the most until `cost` fits. The requester is never made to wait on
   * someone holding less than it would: then the mailbox is full for it (everyone holds about the same).
   */
  private makeRoom(requester: string, requesterBytes: number, cost: number): boolean {
    while (this.bytes + cost > this.limits.maxBytes) {
      let hog: Holdings | undefined
      for (const [publisher, holdings] of this.publishers) {
        if (publisher !== requester && holdings.bytes > (hog?.bytes ?? 0)) hog = holdings
      }
      if (!hog || hog.bytes <= requesterBytes + cost) return false
      const oldest = hog.messages.values().next().value!
      this.release(oldest)
      const list = this.topics.get(oldest.topic)!
      list.splice(list.indexOf(oldest), 1)
      if (list.length === 0) this.topics.delete(oldest.topic)
    }
    return true
  }

  /** Takes `m` off its publisher's account (the caller removes it from its topic list). */
  private release(m: StoredMessage): void {
    const cost = this.cost(m.message)
    const holdings = this.publishers.get(m.publisher)!
    holdings.messages.delete(m)
    holdings.bytes -= cost
    if (holdings.messages.size === 0) this.publishers.delete(m.publisher)
    this.bytes -= cost
    m.gone = true
  }
}
