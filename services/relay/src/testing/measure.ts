/**
 * Prints the relay's memory and event-loop figures quoted in the README. Run from the repository root:
 *   node --expose-gc --import tsx services/relay/src/testing/measure.ts
 * Everything runs in this one process (relay and clients), so the figures include a little client-side noise.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { createRelay } from '../relay.js'
import { authed, heapAfterGc, topic } from './clients.js'

const MiB = 1024 * 1024
const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`
const topics = (from: number, count: number) => Array.from({ length: count }, (_, i) => topic(from + i))

const relay = await createRelay({ port: 0 })
const base = heapAfterGc()

// 1. Subscriptions at the relay-wide cap: 100 clients × 1000 topics (the defaults).
const subscribers = []
for (let c = 0; c < 100; c++) {
  const client = await authed(relay)
  subscribers.push(client)
  for (let b = 0; b < 2; b++) await client.call('irn_batchSubscribe', { topics: topics(c * 1000 + b * 500, 500) })
}
const withSubs = heapAfterGc()
console.log(`subscriptions: ${relay.inspect().subscriptions} held, heap +${mib(withSubs - base)} (${Math.round((withSubs - base) / relay.inspect().subscriptions)} B each, sockets included)`)
const extra = await subscribers[0].call('irn_batchSubscribe', { topics: topics(10_000_000, 500) })
console.log(`  a 1001st topic for one client: ${extra.error.message}`)
for (const client of subscribers) client.ws.close()
await Promise.all(subscribers.map((c) => c.closed))
while (relay.inspect().sockets > 0) await new Promise((r) => setTimeout(r, 10))
console.log(`  after those clients disconnect: ${relay.inspect().subscriptions} subscriptions, heap +${mib(heapAfterGc() - base)}`)

// 2. The mailbox at its cap: 20 keys each publishing 200 KiB messages with a 30-day ttl until refused.
const floodBase = heapAfterGc()
let quotaErrors = 0
for (let k = 0; k < 20; k++) {
  const key = await authed(relay)
  for (let i = 0; i < 30; i++) {
    const answer = await key.call('irn_publish', { topic: topic(k * 100 + i), message: `${k}.${i}.`.padEnd(200 * 1024, 'x'), ttl: 30 * 86_400 })
    if (answer.error) {
      quotaErrors++
      break
    }
  }
  key.ws.close()
}
const full = heapAfterGc()
console.log(`mailbox: ${mib(relay.inspect().mailboxBytes)} held (cap 64 MiB, 4 MiB per key), ${quotaErrors} keys got their quota error, heap +${mib(full - floodBase)}`)
const late = await authed(relay)
const answer = await late.call('wc_proposeSession', { pairingTopic: topic(9_999_999), sessionProposal: 'hello', ttl: 300 })
console.log(`  a newcomer's wc_proposeSession on the full mailbox: ${JSON.stringify(answer.result ?? answer.error)}`)

// 3. Event-loop delay while one client sends frames at the cap (256 KiB): base64-like text and bracket soup.
for (const [name, frame] of [
  ['256 KiB publish', JSON.stringify({ id: 1, jsonrpc: '2.0', method: 'irn_publish', params: { topic: topic(1), message: 'A'.repeat(256 * 1024 - 200), ttl: 300 } })],
  ['256 KiB of brackets nested 130 000 deep (refused unparsed)', `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":${'['.repeat(130_000)}${']'.repeat(130_000)}}`],
  ['256 KiB of 126 000 arrays nested 30 deep (refused unparsed)', `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":[${Array(4200).fill('['.repeat(30) + ']'.repeat(30)).join(',')}]}`],
  ['4 999 arrays, strings between (parsed)', `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":[${Array(4998).fill(`["${'b'.repeat(40)}"]`).join(',')}]}`],
  ['256 KiB array of 100 000 numbers', `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":[${Array(100_000).fill('0').join(',')}]}`],
] as const) {
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  for (let i = 0; i < 50; i++) {
    late.ws.send(frame)
    await late.next((t) => t.startsWith('{"id":1,') || t.startsWith('{"id":null,'))
  }
  delay.disable()
  console.log(`event loop, 50 × ${name} (${frame.length} B): max delay ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms`)
}
late.ws.close()
await relay.close()
