import { afterEach, describe, expect, it, vi } from 'vitest'
import type WebSocket from 'ws'
import { AuthError } from './auth.js'
import { RpcError } from './jsonrpc.js'
import { createRelay, type Relay, type RelayOptions } from './relay.js'
import { authed as authedClient, closedWithin, heapAfterGc, rawSocket, rawUpgrade, token, topic, type TokenOptions } from './testing/clients.js'

// Hostile clients against a real relay on an ephemeral port: each test checks that the abuser meets its own
// limit while an ordinary client keeps subscribing, publishing and proposing sessions.

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
const authed = (relay: Relay, o: TokenOptions = {}, query?: string) => authedClient(relay, o, {}, sockets, query)
const topics = (from: number, count: number) => Array.from({ length: count }, (_, i) => topic(from + i))
const MiB = 1024 * 1024

/** An ordinary dapp/wallet exchange: propose on a pairing topic, the wallet subscribes and gets it, then a publish back. */
async function stillWorks(relay: Relay, n: number) {
  const dapp = await authed(relay)
  const wallet = await authed(relay)
  expect((await dapp.call('wc_proposeSession', { pairingTopic: topic(n), sessionProposal: `proposal-${n}`, ttl: 300 })).result).toBe(true)
  expect((await wallet.call('irn_subscribe', { topic: topic(n) })).result).toMatch(/^[0-9a-f]{64}$/)
  expect((await wallet.delivery()).params.data.message).toBe(`proposal-${n}`)
  expect((await wallet.call('irn_publish', { topic: topic(n), message: `reply-${n}`, ttl: 300, tag: 1101 })).result).toBe(true)
  expect((await dapp.delivery()).params.data.message).toBe(`reply-${n}`)
  dapp.ws.close()
  wallet.ws.close()
}

describe('subscription flood', () => {
  it('caps the topics of one client, in irn_batchSubscribe too, and stays under a memory bound', async () => {
    const relay = await startRelay({ quotas: { maxTopicsPerClient: 1000 } })
    const before = heapAfterGc()
    const flooder = await authed(relay)
    expect((await flooder.call('irn_batchSubscribe', { topics: topics(0, 500) })).result).toHaveLength(500)
    expect((await flooder.call('irn_batchSubscribe', { topics: topics(500, 500) })).result).toHaveLength(500)
    const over = await flooder.call('irn_batchSubscribe', { topics: topics(1000, 500) })
    expect(over.error).toMatchObject({ code: RpcError.quota })
    expect(over.error.message).toContain('1000 topics per client')
    expect((await flooder.call('irn_subscribe', { topic: topic(5000) })).error.code).toBe(RpcError.quota)
    // Nothing of a refused batch is kept, and topics it already has do not count twice.
    expect((await flooder.call('irn_batchSubscribe', { topics: topics(0, 10) })).result).toHaveLength(10)
    for (let i = 0; i < 200; i++) {
      expect((await flooder.call('irn_batchSubscribe', { topics: topics(10_000 + i * 500, 500) })).error.code).toBe(RpcError.quota)
    }
    expect(relay.inspect().subscriptions).toBe(1000)
    await stillWorks(relay, 900_000)
    // 1000 subscriptions and 200 refused batches of 500: well under 8 MiB of heap.
    expect(heapAfterGc() - before).toBeLessThan(8 * MiB)
  })

  it('drops a client\'s subscriptions when its last socket closes', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    await c.call('irn_batchSubscribe', { topics: topics(0, 500) })
    expect(relay.inspect()).toMatchObject({ clients: 1, subscriptions: 500 })
    c.ws.close()
    await c.closed
    await vi.waitFor(() => expect(relay.inspect()).toMatchObject({ clients: 0, sockets: 0, subscriptions: 0, topics: [] }))
  })

  it('at relay capacity evicts the largest holder\'s oldest topics instead of refusing a small client', async () => {
    const relay = await startRelay({ quotas: { maxTopicsPerClient: 500, maxSubscriptions: 1000 } })
    const hogs = [await authed(relay), await authed(relay)]
    for (const [i, hog] of hogs.entries()) {
      expect((await hog.call('irn_batchSubscribe', { topics: topics(i * 1000, 500) })).result).toHaveLength(500)
    }
    expect(relay.inspect().subscriptions).toBe(1000)
    await stillWorks(relay, 900_000)
    expect(relay.inspect().subscriptions).toBeLessThanOrEqual(1000)
  })
})

describe('mailbox flood by one key', () => {
  it('refuses the flooder with its own quota error; others keep publishing and proposing', async () => {
    const relay = await startRelay()
    const before = heapAfterGc()
    const flooder = await authed(relay)
    const big = 'x'.repeat(200 * 1024)
    let refused: { code: number; message: string } | undefined
    for (let i = 0; i < 100 && !refused; i++) {
      const answer = await flooder.call('irn_publish', { topic: topic(i), message: `${i}${big}`, ttl: 30 * 86_400, tag: 1108 })
      refused = answer.error
    }
    expect(refused).toMatchObject({ code: RpcError.quota })
    expect(refused!.message).toMatch(/stored bytes/)
    expect(relay.inspect().mailboxBytes).toBeLessThanOrEqual(4 * MiB)
    for (let n = 0; n < 5; n++) await stillWorks(relay, 900_000 + n)
    expect(heapAfterGc() - before).toBeLessThan(16 * MiB)
  })

  it('many keys filling the shared mailbox lose their oldest messages, never a newcomer\'s publish', async () => {
    const relay = await startRelay({ limits: { maxBytes: 1_000_000, maxBytesPerClient: 300_000, messageOverheadBytes: 0 } })
    const message = (k: number, i: number) => `${k}.${i}.`.padEnd(100_000, 'y')
    for (let k = 0; k < 6; k++) {
      const key = await authed(relay)
      for (let i = 0; i < 2; i++) await key.call('irn_publish', { topic: topic(k * 10 + i), message: message(k, i), ttl: 86_400 })
    }
    expect(relay.inspect().mailboxBytes).toBeLessThanOrEqual(1_000_000)
    for (let n = 0; n < 3; n++) await stillWorks(relay, 900_000 + n)
  })

  it('clamps ttls to one day', async () => {
    let offset = 0
    const relay = await startRelay({ now: () => Date.now() + offset })
    const alice = await authed(relay)
    await alice.call('irn_publish', { topic: topic(1), message: 'month', ttl: 30 * 86_400 })
    offset = 86_400_000 + 1000
    relay.sweep()
    expect(relay.inspect().topics).toEqual([])
  })

  it('rate-limits a client that floods requests; another client is not slowed', async () => {
    const relay = await startRelay({ quotas: { requestsPerSecond: 10, requestBurst: 20 } })
    const flooder = await authed(relay)
    for (let i = 0; i < 100; i++) flooder.ws.send(JSON.stringify({ id: 1000 + i, jsonrpc: '2.0', method: 'irn_subscribe', params: { topic: topic(i) } }))
    const last = JSON.parse(await flooder.next((t) => t.startsWith('{"id":1099,')))
    expect(last.error).toMatchObject({ code: RpcError.rateLimited })
    expect(flooder.frames.filter((t) => t.includes('"result"')).length).toBeLessThanOrEqual(21)
    await stillWorks(relay, 900_000)
  })
})

describe('oversized frames', () => {
  it('closes a 1 MB frame with 1009 and a reason, and keeps serving others', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    c.ws.send(JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_publish', params: { topic: topic(1), message: 'z'.repeat(1_000_000), ttl: 300 } }))
    expect(await c.closed).toEqual({ code: 1009, reason: 'Frame too large: at most 262144 bytes' })
    await stillWorks(relay, 900_000)
    const before = heapAfterGc()
    const many = await Promise.all(Array.from({ length: 20 }, () => authed(relay)))
    for (const m of many) m.ws.send('x'.repeat(2_000_000))
    for (const m of many) expect((await m.closed).code).toBe(1009)
    await stillWorks(relay, 900_001)
    await vi.waitFor(() => expect(relay.inspect().sockets).toBe(0))
    expect(heapAfterGc() - before).toBeLessThan(8 * MiB)
  })

  it('refuses deep or container-heavy frames before parsing them (JSON.parse would hold the event loop for tens of ms)', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    c.ws.send(`{"id":5,"jsonrpc":"2.0","method":"irn_publish","params":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    expect(JSON.parse(await c.next((t) => t.includes('-32700')))).toEqual({
      id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: nested deeper than 32 levels' },
    })
    c.ws.send(`{"id":6,"jsonrpc":"2.0","method":"irn_publish","params":[${Array(6000).fill('[[]]').join(',')}]}`)
    expect(JSON.parse(await c.next((t) => t.includes('arrays and objects'))).error.message).toBe('Parse error: more than 5000 arrays and objects')
    expect((await c.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
  })

  it('accepts a message as large as a WalletConnect request can be (the public relay stops at 96 KiB)', async () => {
    const relay = await startRelay()
    const c = await authed(relay)
    expect((await c.call('irn_publish', { topic: topic(1), message: 'q'.repeat(200 * 1024), ttl: 300 })).result).toBe(true)
  })
})

describe('slowloris', () => {
  it('closes connections that never finish their HTTP upgrade, while others connect', async () => {
    const relay = await startRelay({ handshakeTimeoutMs: 300 })
    const before = heapAfterGc()
    const slow = await Promise.all(Array.from({ length: 50 }, () => rawSocket(relay)))
    const silent = await Promise.all(Array.from({ length: 50 }, () => rawSocket(relay))) // connect and say nothing
    for (const s of slow) s.write(`GET /?projectId=test HTTP/1.1\r\nHost: 127.0.0.1:${relay.port}\r\nUpgrade: websocket\r\n`) // never ends the headers
    const drip = setInterval(() => slow.forEach((s) => s.writable && s.write('X-Drip: 1\r\n')), 50)
    await stillWorks(relay, 900_000)
    expect(await Promise.all([...slow, ...silent].map((s) => closedWithin(s, 5000)))).toEqual(Array(100).fill('closed'))
    clearInterval(drip)
    expect(heapAfterGc() - before).toBeLessThan(8 * MiB)
  })

  it('terminates sockets that send part of a frame and never complete it', async () => {
    const relay = await startRelay({ frameTimeoutMs: 300, pingIntervalMs: 60_000 })
    const before = heapAfterGc()
    const slow = await Promise.all(Array.from({ length: 20 }, async () => rawUpgrade(relay, `auth=${await token(relay)}&projectId=test`)))
    // A masked text frame announcing 200 000 bytes of payload, 100 000 of them at once, then a byte now and then.
    for (const s of slow) s.write(Buffer.concat([Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0, 0x03, 0x0d, 0x40, 1, 2, 3, 4]), Buffer.alloc(100_000, 0x20)]))
    const drip = setInterval(() => slow.forEach((s) => s.writable && s.write(Buffer.from([0x20]))), 50)
    await stillWorks(relay, 900_000)
    expect(await Promise.all(slow.map((s) => closedWithin(s, 5000)))).toEqual(Array(20).fill('closed'))
    clearInterval(drip)
    await vi.waitFor(() => expect(relay.inspect().sockets).toBe(0))
    expect(heapAfterGc() - before).toBeLessThan(8 * MiB)
  })

  it('terminates a socket that drips a fragmented message, even if it answers pings', async () => {
    const relay = await startRelay({ frameTimeoutMs: 300, pingIntervalMs: 100 })
    const slow = await rawUpgrade(relay, `auth=${await token(relay)}&projectId=test`)
    const mask = Buffer.from([0, 0, 0, 0]) // a zero mask leaves the payload as written
    slow.write(Buffer.concat([Buffer.from([0x01, 0x81]), mask, Buffer.from('{')])) // first fragment, FIN clear
    const drip = setInterval(() => {
      if (!slow.writable) return
      slow.write(Buffer.concat([Buffer.from([0x00, 0x81]), mask, Buffer.from(' ')])) // continuation, FIN clear
      slow.write(Buffer.concat([Buffer.from([0x8a, 0x80]), mask])) // an unsolicited pong
    }, 50)
    await stillWorks(relay, 900_000)
    expect(await closedWithin(slow, 5000)).toBe('closed')
    clearInterval(drip)
  })
})

describe('sockets', () => {
  it('closes a client\'s oldest socket past its socket quota; its newest keeps the subscriptions it makes', async () => {
    const relay = await startRelay({ quotas: { maxSocketsPerClient: 2 } })
    const seed = new Uint8Array(32).fill(7)
    const [a, b] = [await authed(relay, { seed }), await authed(relay, { seed })]
    const c = await authed(relay, { seed })
    expect(await a.closed).toEqual({ code: 1008, reason: 'Too many connections for this client' })
    expect(b.ws.readyState).toBe(b.ws.OPEN)
    expect((await c.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
    expect(relay.inspect()).toMatchObject({ clients: 1, sockets: 2, subscriptions: 1 })
  })
})

describe('socket capacity', () => {
  it('answers an upgrade past the relay-wide socket cap with 503, and takes new sockets once one closes', async () => {
    const relay = await startRelay({ quotas: { maxSockets: 2 } })
    const [a] = [await authed(relay), await authed(relay)]
    await expect(authed(relay)).rejects.toThrow('Unexpected server response: 503')
    a.ws.close()
    await vi.waitFor(() => expect(relay.inspect().sockets).toBe(1))
    expect((await (await authed(relay)).call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
  })
})

describe('project id', () => {
  it('refuses a connection without a project id, and any id not listed when a list is set', async () => {
    const open = await startRelay()
    expect(await (await authed(open, {}, '')).closed).toEqual({ code: 3000, reason: AuthError.projectMissing })
    expect(await (await authed(open, {}, 'projectId=')).closed).toEqual({ code: 3000, reason: AuthError.projectMissing })
    await stillWorks(open, 1)
    const strict = await startRelay({ projectIds: ['portico-dev'] })
    expect(await (await authed(strict, {}, 'projectId=someone-else')).closed).toEqual({ code: 3000, reason: AuthError.projectUnknown })
    const fine = await authed(strict, {}, 'projectId=portico-dev')
    expect((await fine.call('irn_subscribe', { topic: topic(1) })).result).toBeTruthy()
  })
})
