import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { AuthError } from './auth.js'
import { createRelay, type Relay, type RelayOptions } from './relay.js'
import { connect as connectClient, token, topic, type TokenOptions } from './testing/clients.js'

// Protocol-level tests with hand-driven sockets: auth refusals, malformed frames, mailbox, acks.

const relays: Relay[] = []
const sockets: WebSocket[] = []
afterEach(async () => {
  sockets.splice(0).forEach((ws) => ws.terminate())
  await Promise.all(relays.splice(0).map((r) => r.close()))
})

async function startRelay(options: RelayOptions = {}) {
  const relay = await createRelay({ port: 0, ...options })
  relays.push(relay)
  return relay
}

/** A bare client (./testing/clients.ts), closed after each test. */
const connect = (relay: Relay, query: string, options: WebSocket.ClientOptions = {}) => connectClient(relay, query, options, sockets)

const authed = async (relay: Relay, o: TokenOptions = {}, options?: WebSocket.ClientOptions) =>
  connect(relay, `auth=${await token(relay, o)}&projectId=test`, options)

describe('authentication', () => {
  it('refuses a missing or badly signed token with "Unauthorized: invalid key"', async () => {
    const relay = await startRelay()
    expect(await (await connect(relay, 'projectId=x')).closed).toEqual({ code: 3000, reason: AuthError.invalidKey })
    const good = await token(relay)
    const forged = good.slice(0, -4) + (good.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    expect((await (await connect(relay, `auth=${forged}&projectId=x`)).closed).reason).toBe(AuthError.invalidKey)
    expect((await (await connect(relay, 'auth=not.a.jwt&projectId=x')).closed).reason).toBe(AuthError.invalidKey)
  })

  it('refuses a token issued in the future, an expired one and one for another relay', async () => {
    const relay = await startRelay()
    const nowS = Math.floor(Date.now() / 1000)
    expect((await (await authed(relay, { iat: nowS + 3600 })).closed).reason).toBe(AuthError.notYetValid)
    expect((await (await authed(relay, { iat: nowS - 7200, ttl: 3600 })).closed).reason).toBe(AuthError.expired)
    expect((await (await authed(relay, { aud: 'wss://relay.walletconnect.org' })).closed).reason).toBe(AuthError.audience)
    // A small clock skew and another spelling of the relay's address are fine.
    const ok = await authed(relay, { iat: nowS + 5, aud: relay.url.replace('127.0.0.1', 'localhost') + '/' })
    expect((await ok.call('irn_subscribe', { topic: topic(1) })).result).toMatch(/^[0-9a-f]{64}$/)
  })

  it('refuses an origin that is not on the allowlist', async () => {
    const relay = await startRelay({ allowedOrigins: ['http://localhost:4300'] })
    const evil = await authed(relay, {}, { headers: { origin: 'http://evil.test' } })
    expect(await evil.closed).toEqual({ code: 3000, reason: AuthError.origin })
    const fine = await authed(relay, {}, { headers: { origin: 'http://localhost:4300' } })
    expect((await fine.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
    // No Origin header: not a browser (a Node or native wallet), which the allowlist is not about.
    const wallet = await authed(relay)
    expect((await wallet.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
  })
})

describe('malformed frames', () => {
  it('answers each with a JSON-RPC error and keeps the socket and relay up', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    c.ws.send('this is not json')
    expect(JSON.parse(await c.next((t) => t.includes('-32700')))).toMatchObject({ id: null, error: { code: -32700 } })
    c.ws.send('[1,2,3]')
    expect(JSON.parse(await c.next((t) => t.includes('-32600'))).id).toBe(null)
    c.ws.send(JSON.stringify({ id: 'x'.repeat(1000), method: 'irn_subscribe', params: { topic: 'a' } }))
    expect(JSON.parse(await c.next((t) => t.includes('-32600'))).id).toBe(null)
    c.ws.send('{"id":1e999,"method":"irn_subscribe","params":{"topic":"a"}}')
    expect(JSON.parse(await c.next((t) => t.includes('-32600'))).id).toBe(null)
    expect(await c.call('irn_nope', {})).toMatchObject({ id: 1, error: { code: -32601 } })
    expect(await c.call('toString', {})).toMatchObject({ id: 2, error: { code: -32601 } })
    expect(await c.call('irn_subscribe', { topic: 42 })).toMatchObject({ id: 3, error: { code: -32602 } })
    expect(await c.call('irn_publish', { topic: topic(1), message: 'm' })).toMatchObject({ error: { code: -32602 } })
    const tooMany = Array.from({ length: 501 }, (_, i) => topic(i))
    expect(await c.call('irn_batchSubscribe', { topics: tooMany })).toMatchObject({ error: { code: -32602 } })
    expect((await c.call('irn_batchSubscribe', { topics: tooMany.slice(0, 500) })).result).toHaveLength(500)
    c.ws.send(Buffer.from([0xff, 0xfe, 0x00]))
    expect(JSON.parse(await c.next((t) => t.includes('-32700'))).error.code).toBe(-32700)
    expect(c.ws.readyState).toBe(WebSocket.OPEN)
  })

  it('echoes ids exactly, including 19-digit strings and numbers above 2^53', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    c.ws.send(`{"id":"1795000000000000408","jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic(1)}"}}`)
    expect(await c.next((t) => t.includes('1795000000000000408'))).toMatch(/^\{"id":"1795000000000000408","jsonrpc":"2\.0","result":"/)
    c.ws.send(`{"jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"${topic(1)}","id":"x"},"id":1795000000000000409}`)
    expect(await c.next((t) => t.includes('1795000000000000409'))).toBe('{"id":1795000000000000409,"jsonrpc":"2.0","result":true}')
    c.ws.send('{"id":123456789012345678901234567890,"method":"irn_nope"}')
    expect(await c.next((t) => t.includes('-32601'))).toMatch(/^\{"id":123456789012345678901234567890,/)
  })
})

describe('mailbox and delivery', () => {
  it('pushes publishes to other subscribers, replays missed ones on subscribe, never to the publisher', async () => {
    const relay = await startRelay()
    const alice = await authed(relay)
    const bob = await authed(relay)
    expect((await alice.call('irn_publish', { topic: topic(1), message: 'early', ttl: 300, tag: 1108, prompt: true, correlationId: 7 })).result).toBe(true)
    await alice.call('irn_subscribe', { topic: topic(1) })
    await bob.call('irn_subscribe', { topic: topic(1) })
    const replay = await bob.delivery()
    expect(replay.params.data).toMatchObject({ topic: topic(1), message: 'early', tag: 1108 })
    expect(replay.params.id).toMatch(/^[0-9a-f]{64}$/)
    await bob.call('irn_publish', { topic: topic(1), message: 'live', ttl: 300, tag: 1108 })
    expect((await alice.delivery()).params.data.message).toBe('live')
    // Bob got neither his own message nor a second copy of the first.
    await bob.call('irn_subscribe', { topic: topic(1) })
    expect(bob.frames.filter((t) => t.includes('irn_subscription'))).toEqual([])
    expect(relay.inspect().topics).toEqual([{ topic: topic(1), subscribers: 2, mailbox: 2 }])
  })

  it('tracks acks (BigInt-style ids) so a reconnecting client gets only what it did not ack', async () => {
    const relay = await startRelay()
    const seed = randomBytes(32)
    const pub = await authed(relay)
    const sub = await authed(relay, { seed })
    await sub.call('irn_subscribe', { topic: topic(1) })
    await pub.call('irn_batchPublish', { messages: [{ topic: topic(1), message: 'a', ttl: 300 }, { topic: topic(1), message: 'b', ttl: 300 }] })
    const first = await sub.next((t) => t.includes('"message":"a"'))
    await sub.next((t) => t.includes('"message":"b"'))
    const rawId = /^\{"id":(\d+),/.exec(first)![1]
    expect(rawId).toHaveLength(19)
    sub.ws.send(`{"id":"${rawId}n","jsonrpc":"2.0","result":true}`) // how the client acks a BigInt id
    await sub.call('irn_fetchMessages', { topic: topic(2) }) // a round trip so the ack is processed
    expect(relay.inspect().stats.acked).toBe(1)
    relay.dropAllSockets()
    await sub.closed
    const again = await authed(relay, { seed }) // same key = same clientId: delivery state survives
    await again.call('irn_batchSubscribe', { topics: [topic(1)] })
    expect((await again.delivery()).params.data.message).toBe('b')
    expect((await again.call('irn_fetchMessages', { topic: topic(1) })).result).toMatchObject({ messages: [{ message: 'b' }], hasMore: false })
    expect((await again.call('irn_batchFetchMessages', { topics: [topic(1)] })).result.messages).toEqual([])
  })

  it('forgets messages after their ttl', async () => {
    let offset = 0
    const relay = await startRelay({ now: () => Date.now() + offset })
    const alice = await authed(relay)
    await alice.call('irn_publish', { topic: topic(1), message: 'short', ttl: 10 })
    await alice.call('irn_publish', { topic: topic(1), message: 'long', ttl: 300 })
    offset = 11_000
    const bob = await authed(relay)
    expect((await bob.call('irn_fetchMessages', { topic: topic(1) })).result.messages.map((m: { message: string }) => m.message)).toEqual(['long'])
    offset = 301_000
    relay.sweep()
    expect(relay.inspect().topics).toEqual([])
    await bob.call('irn_subscribe', { topic: topic(1) })
    await bob.call('irn_unsubscribe', { topic: topic(1), id: 'x' })
    expect(bob.frames).toEqual([])
  })

  it('implicitly subscribes on wc_proposeSession / wc_approveSession and publishes with the right tags', async () => {
    const relay = await startRelay()
    const dapp = await authed(relay)
    const wallet = await authed(relay)
    await dapp.call('wc_proposeSession', { pairingTopic: topic(1), sessionProposal: 'proposal', ttl: 300, correlationId: 1 })
    await wallet.call('irn_subscribe', { topic: topic(1) })
    expect((await wallet.delivery()).params.data).toMatchObject({ message: 'proposal', tag: 1100 })
    await wallet.call('wc_approveSession', {
      sessionTopic: topic(2), pairingTopic: topic(1), sessionProposalResponse: 'response', sessionSettlementRequest: 'settle', ttl: 300,
    })
    expect((await dapp.delivery()).params.data).toMatchObject({ topic: topic(1), message: 'response', tag: 1101 })
    await dapp.call('irn_subscribe', { topic: topic(2) })
    expect((await dapp.delivery()).params.data).toMatchObject({ topic: topic(2), message: 'settle', tag: 1102 })
    await dapp.call('irn_publish', { topic: topic(2), message: 'settled', ttl: 300, tag: 1103 })
    expect((await wallet.delivery()).params.data.message).toBe('settled') // the wallet was subscribed by approve
  })

  it('can lose a chosen fraction of publishes (fault injection)', async () => {
    const relay = await startRelay({ faults: { dropPublishRate: 1 } })
    const c = await authed(relay)
    c.ws.send(JSON.stringify({ id: 99, method: 'irn_publish', params: { topic: topic(1), message: 'lost', ttl: 300 } }))
    await c.call('irn_subscribe', { topic: topic(1) }) // answered after the publish would have been
    expect(c.frames.filter((t) => t.includes('"id":99'))).toEqual([])
    expect(relay.inspect()).toMatchObject({ topics: [{ mailbox: 0 }], stats: { dropped: 1, published: 0 } })
  })

  it('terminates sockets that stop answering pings', async () => {
    const relay = await startRelay({ pingIntervalMs: 20 })
    const c = await authed(relay, {}, { autoPong: false }) // a peer that has gone silent
    expect((await c.closed).code).toBe(1006)
    await vi.waitFor(() => expect(relay.inspect().sockets).toBe(0))
    const healthy = await authed(relay) // answers pings, so it stays through several rounds
    await new Promise<void>((resolve) => {
      let pings = 0
      healthy.ws.on('ping', () => ++pings === 3 && resolve())
    })
    expect((await healthy.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
  })
})
