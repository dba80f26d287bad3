import { JSON_RPC_ERRORS, JsonRpcRequestSchema } from '@portico/contracts/api'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { readRpcBody } from './envelope.js'
import { splitJsonArray } from './rawJson.js'

/*
 * Property-based checks of the JSON-RPC envelope, like fuzz.test.ts does for the whole document: generated bodies
 * (valid calls with random methods and params, broken calls, batches mixing both, non-JSON text) must never make
 * the reader throw or the endpoint answer 5xx; every answer matches /openapi.json (the checked client throws
 * otherwise) and a batch gets exactly one answer per call, in order. Replay a failure with PORTICO_FUZZ_SEED=<seed>.
 */

const RUNS = Number(process.env.PORTICO_FUZZ_RUNS ?? 200)
const seed = process.env.PORTICO_FUZZ_SEED ? { seed: Number(process.env.PORTICO_FUZZ_SEED) } : {}

const method = fc.oneof(
  fc.constantFrom('eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'eth_call', 'net_listening', 'eth_sendTransaction', 'anvil_mine', 'debug_traceCall', 'getBalance'),
  fc.string({ maxLength: 20 }),
)
const id = fc.oneof(fc.integer(), fc.string({ maxLength: 10 }), fc.constant(null), fc.double(), fc.boolean())
const validCall = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.nat(), fc.string({ maxLength: 8 })), method, params: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }) })
const brokenCall = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0', 2), id, method: fc.oneof(method, fc.integer()), params: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
)
const call = fc.oneof({ weight: 3, arbitrary: validCall }, { weight: 1, arbitrary: brokenCall })
const body = fc.oneof(
  { weight: 3, arbitrary: call.map((c) => JSON.stringify(c)) },
  { weight: 3, arbitrary: fc.tuple(fc.array(call, { maxLength: 12 }), fc.nat(2)).map(([b, space]) => JSON.stringify(b, null, space)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
)

describe('readRpcBody and splitJsonArray (pure)', () => {
  it('property: splitJsonArray gives back each element of any JSON array, whatever the spacing', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 8 }), fc.nat(3), (array, space) => {
        const text = JSON.stringify(array, null, space)
        const parts = splitJsonArray(` \n${text}\t`)
        expect(parts?.map((p) => JSON.parse(p))).toEqual(JSON.parse(text))
      }),
      { numRuns: RUNS * 2, ...seed },
    )
  })

  it('property: any body reads as one error for the whole body, or one entry per call with valid calls kept whole', () => {
    fc.assert(
      fc.property(body, (text) => {
        const read = readRpcBody(text, 1000)
        if ('invalid' in read) {
          expect([JSON_RPC_ERRORS.parseError, JSON_RPC_ERRORS.invalidRequest]).toContain((read.invalid as { error: { code: number } }).error.code)
          return
        }
        const parsed: unknown = JSON.parse(text)
        expect(read.calls).toHaveLength(Array.isArray(parsed) ? parsed.length : 1)
        for (const entry of read.calls) {
          if ('call' in entry) {
            expect(JsonRpcRequestSchema.safeParse(JSON.parse(entry.raw)).success).toBe(true)
            expect(JSON.parse(entry.raw)).toMatchObject(entry.call)
          } else expect((entry.answer as { error: { code: number } }).error.code).toBe(JSON_RPC_ERRORS.invalidRequest)
        }
      }),
      { numRuns: RUNS * 2, ...seed },
    )
  })
})

describe.each(testBackends())('RPC envelope fuzz over HTTP [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'POST /v1/', () => {
    let anvil: AnvilInstance
    let api: TestApi

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      api = await startTestApi(backend, { chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }], indexer: { enabled: false }, rpc: { callsPerIpPerMinute: 1_000_000 } })
    }, 60_000)
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    it(`answers ${RUNS} generated bodies without a 5xx, one answer per call, in order`, async () => {
      const statuses = new Map<number, number>()
      await fc.assert(
        fc.asyncProperty(body, async (text) => {
          const res = await api.client.request('/v1/?chainId=eip155:31337&projectId=portico-dev', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: text,
          })
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          expect([200, 400]).toContain(res.status)
          const read = readRpcBody(text, 1000)
          if ('invalid' in read) {
            expect(res.status).toBe(400)
            return
          }
          expect(res.status).toBe(200)
          const answers = read.batch ? res.body : [res.body]
          expect(answers).toHaveLength(read.calls.length)
          read.calls.forEach((entry, i) => {
            if ('call' in entry) expect(answers[i].id).toEqual(entry.call.id)
            else expect(answers[i].error.code).toBe(JSON_RPC_ERRORS.invalidRequest)
          })
        }),
        { numRuns: RUNS, ...seed },
      )
      // The generator must get past the envelope often, not only produce 400s.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 4)
    }, 120_000)
  })
})
