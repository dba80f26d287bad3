import { describe, expect, it } from 'vitest'
import { audienceMatches } from './auth.js'
import { extractRawId, normalizeAckId } from './jsonrpc.js'
import { Mailbox, defaultMailboxLimits } from './mailbox.js'

const T0 = 1_700_000_000_000
const pub = (topic: string, message: string, publisher = 'alice', ttl = 300) => ({ topic, message, ttl, tag: 1108, publisher })

describe('Mailbox', () => {
  it('holds a message for its ttl and never offers it back to the publisher', () => {
    const box = new Mailbox()
    box.store(pub('t', 'hello'), T0)
    expect(box.pendingFor('t', 'alice', T0).map((m) => m.message)).toEqual([])
    expect(box.pendingFor('t', 'bob', T0).map((m) => m.message)).toEqual(['hello'])
    expect(box.pendingFor('t', 'bob', T0 + 300_000)).toEqual([])
    expect(box.sweep(T0 + 299_999)).toBe(0)
    expect(box.sweep(T0 + 300_000)).toBe(1)
    expect(box.sizes().size).toBe(0)
    expect(box.totalBytes).toBe(0)
  })

  it('stops offering a message to a client once it was received, but still offers it to others', () => {
    const box = new Mailbox()
    const stored = box.store(pub('t', 'm1'), T0)
    box.store(pub('t', 'm2'), T0)
    if (typeof stored === 'string') throw new Error('not stored')
    box.markReceived(stored, 'bob')
    expect(box.pendingFor('t', 'bob', T0).map((m) => m.message)).toEqual(['m2'])
    expect(box.pendingFor('t', 'carol', T0).map((m) => m.message)).toEqual(['m1', 'm2'])
  })

  it('treats a retried publish as a duplicate', () => {
    const box = new Mailbox()
    expect(typeof box.store(pub('t', 'x'), T0)).toBe('object')
    expect(box.store(pub('t', 'x'), T0 + 10)).toBe('duplicate')
    expect(box.sizes().get('t')).toBe(1)
  })

  it('keeps memory bounded: drops the oldest per topic, counts an overhead per message', () => {
    const box = new Mailbox({ ...defaultMailboxLimits, maxMessagesPerTopic: 2, messageOverheadBytes: 10 })
    box.store(pub('a', '1'), T0)
    box.store(pub('a', '2'), T0)
    box.store(pub('a', '3'), T0)
    expect(box.pendingFor('a', 'bob', T0).map((m) => m.message)).toEqual(['2', '3'])
    expect(box.totalBytes).toBe(22)
    expect(box.bytesOf('alice')).toBe(22)
  })

  it('refuses a publisher past its own quota and nobody else', () => {
    const box = new Mailbox({ ...defaultMailboxLimits, maxBytesPerClient: 30, messageOverheadBytes: 0 })
    expect(typeof box.store(pub('a', 'x'.repeat(20)), T0)).toBe('object')
    expect(box.store(pub('b', 'y'.repeat(20)), T0)).toBe('quota')
    expect(typeof box.store(pub('b', 'y'.repeat(20), 'bob'), T0)).toBe('object')
  })

  it('when full, evicts the oldest messages of whoever holds the most, never a small publisher', () => {
    const box = new Mailbox({ ...defaultMailboxLimits, maxBytes: 100, maxBytesPerClient: 60, messageOverheadBytes: 0 })
    for (let i = 0; i < 3; i++) box.store(pub(`m${i}`, `${i}`.repeat(20), 'mallory'), T0)
    for (let i = 0; i < 2; i++) box.store(pub(`e${i}`, `${i}`.repeat(20), 'eve'), T0)
    expect(box.totalBytes).toBe(100)
    expect(typeof box.store(pub('t', 'hello', 'carol'), T0)).toBe('object')
    expect(box.pendingFor('m0', 'bob', T0)).toEqual([]) // mallory held the most: her oldest went
    expect(box.bytesOf('mallory')).toBe(40)
    expect(box.bytesOf('eve')).toBe(40)
    // Everyone now holds about as much as the requester would: the mailbox is full for it.
    expect(box.store(pub('u', 'z'.repeat(20), 'eve'), T0)).toBe('full')
    expect(box.totalBytes).toBeLessThanOrEqual(100)
  })

  it('clamps the ttl to one day by default', () => {
    const stored = new Mailbox().store(pub('t', 'x', 'alice', 30 * 86_400), T0)
    expect(typeof stored !== 'string' && stored.expiresAt).toBe(T0 + 86_400_000)
  })

  it('clamps the ttl to the maximum', () => {
    const box = new Mailbox({ ...defaultMailboxLimits, maxTtlSeconds: 10 })
    const stored = box.store(pub('t', 'x', 'alice', 86_400), T0)
    expect(typeof stored !== 'string' && stored.expiresAt).toBe(T0 + 10_000)
  })
})

describe('raw JSON-RPC ids', () => {
  it('extracts the exact id token, numeric or string, wherever it sits', () => {
    expect(extractRawId('{"jsonrpc":"2.0","id":1795000000000000408,"method":"x"}')).toBe('1795000000000000408')
    expect(extractRawId('{"method":"x","params":{"id":"inner"},"id":"1795000000000000408"}')).toBe('"1795000000000000408"')
    expect(extractRawId('{ "params": ["id", {"id": 2}], "id" : 12345678901234567890123 }')).toBe('12345678901234567890123')
    expect(extractRawId('{"a":"\\"id\\":7","id":-1.5e3}')).toBe('-1.5e3')
    expect(extractRawId('{"method":"x"}')).toBeUndefined()
  })

  it('finds the id after any amount of nesting', () => {
    expect(extractRawId(`{"params":${'['.repeat(10_000)}${']'.repeat(10_000)},"id":7}`)).toBe('7')
    expect(extractRawId('{"id" : "a\\"b" }')).toBe('"a\\"b"')
  })

  it('normalises ack ids that clients turned into BigInt strings', () => {
    expect(normalizeAckId('"1700000000000000001n"')).toBe('1700000000000000001')
    expect(normalizeAckId('1700000000000000001')).toBe('1700000000000000001')
  })
})

describe('audienceMatches', () => {
  it('accepts any loopback spelling of this relay, with or without trailing slash or path', () => {
    expect(audienceMatches('ws://127.0.0.1:4330', '127.0.0.1:4330', 4330)).toBe(true)
    expect(audienceMatches('ws://localhost:4330/', '127.0.0.1:4330', 4330)).toBe(true)
    expect(audienceMatches('ws://[::1]:4330?projectId=x', 'localhost:4330', 4330)).toBe(true)
  })

  it('accepts the host the client dialled (LAN address, proxy) and refuses anything else', () => {
    expect(audienceMatches('ws://192.168.1.5:4330', '192.168.1.5:4330', 4330)).toBe(true)
    expect(audienceMatches('wss://relay.example.test', 'relay.example.test', 4330)).toBe(true)
    expect(audienceMatches('ws://localhost:4331', '127.0.0.1:4330', 4330)).toBe(false)
    expect(audienceMatches('wss://relay.walletconnect.org', '127.0.0.1:4330', 4330)).toBe(false)
    expect(audienceMatches('http://127.0.0.1:4330', '127.0.0.1:4330', 4330)).toBe(false)
    expect(audienceMatches(undefined, '127.0.0.1:4330', 4330)).toBe(false)
  })
})
