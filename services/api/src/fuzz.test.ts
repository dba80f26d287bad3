import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type TestApi, freePort, startTestApi, testBackends } from './testing/index.js'
import { type FuzzRequest, requestsFrom, requestsPerOperation } from './testing/fuzz.js'

/*
 * The fuzz step of issue 11: requests generated from the server's own /openapi.json (derived from the contracts'
 * zod schemas), bounded in count and time. Every response must be below 500 and match the document (the checked
 * client throws otherwise). A failure prints fast-check's seed and the shrunk request; replay it with
 * PORTICO_FUZZ_SEED=<seed>.
 */

/** Runs per backend; each run is one request. */
const RUNS = Number(process.env.PORTICO_FUZZ_RUNS ?? 300)
/** Wall-clock bound of the whole property, whatever RUNS says. */
const TIME_LIMIT_MS = 20_000

describe.each(testBackends())('fuzz over /openapi.json [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    let api: TestApi

    beforeAll(async () => {
      const deadPort = await freePort()
      api = await startTestApi(backend, {
        // A chain that is down: balance reads answer the documented 502, everything else works from the database.
        chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${deadPort}`, nativePrices: { usd: 2 } }],
        indexer: { enabled: false },
        rpcTimeoutMs: 200,
        projects: [{ id: 'open-project', allowedOrigins: ['*'] }],
      })
    })
    afterAll(async () => api?.close())

    it(`answers ${RUNS} generated requests without a 5xx, each as the document says`, async () => {
      const seen = new Map<string, number>()
      const statuses = new Map<number, number>()
      const fixed = { projectId: 'portico-dev', st: 'appkit', sv: 'html-fuzz-1.0.0' }
      const requests = requestsFrom(api.client.doc as never, fixed)
      const answer = async (request: FuzzRequest) => {
        const init: RequestInit = { method: request.method }
        if (request.body !== undefined) {
          init.body = request.body
          init.headers = { 'content-type': 'application/json' }
        }
        // The checked client throws when the status or body is not what the document promises.
        const res = await api.client.request(request.path, init)
        seen.set(request.template, (seen.get(request.template) ?? 0) + 1)
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        return res.status < 500 || (res.status === 502 && request.template === '/v1/account/{address}/balance')
      }
      // one generated request per operation first, so every route is reached whatever the random draw below picks
      const seed = process.env.PORTICO_FUZZ_SEED ? Number(process.env.PORTICO_FUZZ_SEED) : undefined
      for (const [i, operation] of requestsPerOperation(api.client.doc as never, fixed).entries()) {
        const [request] = fc.sample(operation, { numRuns: 1, ...(seed !== undefined ? { seed: seed + i } : {}) })
        if (!(await answer(request!))) throw new Error(`${request!.method} ${request!.path} answered a 5xx`)
      }
      const result = await fc.check(
        fc.asyncProperty(requests, answer),
        {
          numRuns: RUNS,
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          markInterruptAsFailure: false,
          ...(seed !== undefined ? { seed } : {}),
        },
      )
      if (result.failed) throw new Error(fc.defaultReportMessage(result) ?? 'fuzz failed')
      // Every route was reached, and past validation on some (not only 400s).
      expect([...seen.keys()].length).toBe(Object.keys(api.client.doc.paths).length)
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 10)
    })
  })
})
