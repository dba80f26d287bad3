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
}

/** Bounds on what the mailbox holds; memory stays under roughly `maxBytes` of message text. */
export interface MailboxLimits {
  /** Oldest message of a topic is dropped to make room beyond this. */
  maxMessagesPerTopic: number
  /** A publish to a new topic beyond this is refused. */
  maxTopics: number
  /** Total message characters held; a publish beyond this is refused. */
  maxBytes: number
  /** Longer ttls are clamped to this (the public relay's maximum is 30 days). */
  maxTtlSeconds: number
}

/** Default limits: plenty for development, small enough that a runaway test cannot exhaust memory. */
export const defaultMailboxLimits: MailboxLimits = {
  maxMessagesPerTopic: 200,
  maxTopics: 10_000,
  maxBytes: 64 * 1024 * 1024,
  maxTtlSeconds: 30 * 24 * 3600,
}

/** What a publish asks the mailbox to hold. */
export interface PublishInput {
  topic: string
  message: string
  ttl: number
  tag: number
  publisher: string
}

/** Per-topic store of published messages with ttl expiry and per-client receipt tracking. */
export class Mailbox {
  private readonly topics = new Map<string, StoredMessage[]>()
  private bytes = 0

  constructor(readonly limits: MailboxLimits = defaultMailboxLimits) {}

  /** Stores a publish. A retry of a message still held returns 'duplicate' (clients retry unanswered publishes). */
  store(input: PublishInput, now = Date.now()): StoredMessage | 'duplicate' | 'full' {
    const list = this.topics.get(input.topic)
    if (list?.some((m) => m.message === input.message && m.expiresAt > now)) return 'duplicate'
    if (!list && this.topics.size >= this.limits.maxTopics) return 'full'
    if (this.bytes + input.message.length > this.limits.maxBytes) return 'full'
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
    const target = list ?? []
    if (!list) this.topics.set(input.topic, target)
    target.push(stored)
    this.bytes += stored.message.length
    while (target.length > this.limits.maxMessagesPerTopic) this.bytes -= target.shift()!.message.length
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
      const kept = list.filter((m) => m.expiresAt > now)
      for (const m of list) if (m.expiresAt <= now) this.bytes -= m.message.length
      removed += list.length - kept.length
      if (kept.length === 0) this.topics.delete(topic)
      else this.topics.set(topic, kept)
    }
    return removed
  }

  /** Message count per topic (expired but not yet swept messages included). */
  sizes(): Map<string, number> {
    return new Map([...this.topics].map(([topic, list]) => [topic, list.length]))
  }

  /** Characters of message text currently held. */
  get totalBytes(): number {
    return this.bytes
  }
}
