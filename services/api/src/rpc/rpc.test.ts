import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { JSON_RPC_ERRORS } from '@portico/contracts/api'
import { createPublicClient, createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, ANVIL_DEV_KEYS, type TestApi, freePort, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { splitJsonArray } from './rawJson.js'

/*
 * The hosted chain RPC endpoint against a real anvil: forwarding (single, batched, a signed transaction sent
 * through it by viem), every refusal, fallback between upstreams (dead, 5xx, silent), no fallback on a JSON-RPC
 * error, the per-IP call limit, and integers beyond 2^53 passed on with all their digits. Every response goes
 * through the checked client, so it must match /openapi.json.
 */

/** A fake upstream: answers every request with `answer(body)` (status and text), or never when `answer` is null. */
async function fakeUpstream(answer: ((body: string) => { status: number; text: string }) | null) {
  const bodies: string[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (d) => (body += d))
    req.on('end', () => {
      bodies.push(body)
      if (!answer) return // silent: the client's timeout ends it
      const { status, text } = answer(body)
      res.writeHead(status, { 'content-type': 'application/json' }).end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: '2.0', id, method, params })

describe.each(testBackends())('hosted RPC endpoint [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'POST /v1/', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let now = new Date('2026-11-24T12:00:10Z')
    let deadUrl: string
    const fakes: Awaited<ReturnType<typeof fakeUpstream>>[] = []
    const fake = async (answer: Parameters<typeof fakeUpstream>[0]) => {
      const f = await fakeUpstream(answer)
      fakes.push(f)
      return f
    }
    let broken: Awaited<ReturnType<typeof fakeUpstream>>
    let silent: Awaited<ReturnType<typeof fakeUpstream>>
    let counting: Awaited<ReturnType<typeof fakeUpstream>>
    let bigNumbers: Awaited<ReturnType<typeof fakeUpstream>>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      deadUrl = `http://127.0.0.1:${await freePort()}`
      broken = await fake(() => ({ status: 503, text: 'upstream overloaded' }))
      silent = await fake(null)
      counting = await fake(() => ({ status: 200, text: JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x1' }) }))
      // Echoes each call's params back as its result, and adds an integer JSON.parse would round.
      bigNumbers = await fake((body) => {
        const raws = splitJsonArray(body) ?? [body]
        const answers = raws.map((raw) => {
          const { id } = JSON.parse(raw) as { id: number }
          const params = raw.slice(raw.indexOf('"params":') + '"params":'.length, raw.lastIndexOf('}'))
          return `{"jsonrpc":"2.0","id":${id},"result":{"echo":${params},"rentEpoch":18446744073709551615}}`
        })
        return { status: 200, text: body.trim().startsWith('[') ? `[${answers.join(',')}]` : answers[0]! }
      })
      api = await startTestApi(backend, {
        chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
        indexer: { enabled: false },
        projects: [{ id: 'shop', allowedOrigins: ['https://shop.example'] }],
        rpc: {
          upstreams: {
            'eip155:31337': [anvil.rpcUrl],
            'eip155:1': [deadUrl, anvil.rpcUrl],
            'eip155:5': [broken.url, silent.url, anvil.rpcUrl],
            'eip155:10': [anvil.rpcUrl, counting.url],
            'eip155:11': [deadUrl, broken.url],
            'solana:bigNumbers': [bigNumbers.url],
          },
          timeoutMs: 300,
          callsPerIpPerMinute: 200,
          maxBodyBytes: 64 * 1024,
          now: () => now,
        },
      })
    }, 60_000)
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
      for (const f of fakes) await f.close()
    })

    const post = (body: unknown, chainId = 'eip155:31337', init: RequestInit = {}, query = 'projectId=portico-dev') =>
      api.client.request(`/v1/?chainId=${encodeURIComponent(chainId)}&${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...(init.method ? { method: init.method } : {}),
      })

    describe('forwarding', () => {
      it('behavior: forwards one call and answers with its id', async () => {
        const res = await post(call('eth_chainId', [], 'a-1'))
        expect(res.status).toBe(200)
        expect(res.body).toEqual({ jsonrpc: '2.0', id: 'a-1', result: '0x7a69' })
      })

      it('behavior: answers a batch in the order of its calls, refused and invalid calls in place', async () => {
        const res = await post([call('eth_chainId', [], 7), call('anvil_setBalance', [], 8), { jsonrpc: '2.0', id: 9 }, call('eth_getBalance', ['0x0000000000000000000000000000000000000001', 'latest'], 10)])
        expect(res.status).toBe(200)
        expect(res.body.map((a: { id: unknown }) => a.id)).toEqual([7, 8, 9, 10])
        expect(res.body[0].result).toBe('0x7a69')
        expect(res.body[1].error.code).toBe(JSON_RPC_ERRORS.methodNotAllowed)
        expect(res.body[2].error.code).toBe(JSON_RPC_ERRORS.invalidRequest)
        expect(res.body[3].result).toBe('0x0')
      })

      it('behavior: viem sends a signed transaction through it and reads the receipt back', async () => {
        const listening = await api.server.listen(0)
        const transport = http(`${listening.url}/v1/?chainId=eip155:31337&projectId=portico-dev`, { retryCount: 0 })
        const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_DEV_KEYS[5]), chain: anvil.chain, transport })
        const client = createPublicClient({ chain: anvil.chain, transport })
        const to = '0x00000000000000000000000000000000000000aa'
        const hash = await wallet.sendTransaction({ to, value: parseEther('0.25') })
        const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        expect(receipt.status).toBe('success')
        // read on the chain itself, not through the endpoint
        const direct = createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) })
        expect(await direct.getBalance({ address: to })).toBe(parseEther('0.25'))
      })

      it('behavior: integers beyond 2^53 pass through both ways with all their digits', async () => {
        const res = await post('{"jsonrpc":"2.0","id":3,"method":"getBalance","params":[{"minContextSlot":9007199254740993}]}', 'solana:bigNumbers')
        expect(res.status).toBe(200)
        expect(res.text).toContain('18446744073709551615')
        expect(res.text).toContain('9007199254740993')
        const batch = await post('[{"jsonrpc":"2.0","id":1,"method":"getSlot","params":[123456789012345678901]},{"jsonrpc":"2.0","id":2,"method":"requestAirdrop","params":[]}]', 'solana:bigNumbers')
        expect(batch.text).toContain('123456789012345678901')
        expect(batch.body[1].error.code).toBe(JSON_RPC_ERRORS.methodNotAllowed)
        expect(bigNumbers.bodies.at(-1)).not.toContain('requestAirdrop')
      })
    })

    describe('refusals', () => {
      it.each([
        'eth_sendTransaction',
        'eth_sign',
        'personal_sign',
        'eth_accounts',
        'anvil_setBalance',
        'anvil_impersonateAccount',
        'evm_mine',
        'hardhat_reset',
        'debug_traceTransaction',
        'admin_peers',
        'miner_start',
        'txpool_content',
        'wallet_switchEthereumChain',
      ])('error: %s is refused with a JSON-RPC error, never forwarded', async (method) => {
        const target = '0x00000000000000000000000000000000000000bb'
        const res = await post(call(method, [target, '0x56bc75e2d63100000'], 42))
        expect(res.status).toBe(200)
        expect(res.body).toEqual({
          jsonrpc: '2.0',
          id: 42,
          error: { code: JSON_RPC_ERRORS.methodNotAllowed, message: `Requested RPC call is not allowed: ${method} is not served on eip155:31337.` },
        })
        const direct = createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) })
        expect(await direct.getBalance({ address: target })).toBe(0n)
      })

      it('error: solana methods on an eip155 chain and eth methods on a solana chain are refused', async () => {
        expect((await post(call('getBalance', ['x']))).body.error.code).toBe(JSON_RPC_ERRORS.methodNotAllowed)
        expect((await post(call('eth_chainId'), 'solana:bigNumbers')).body.error.code).toBe(JSON_RPC_ERRORS.methodNotAllowed)
      })

      it('error: a body that is not JSON is -32700 with HTTP 400', async () => {
        const res = await post('{"jsonrpc":')
        expect(res.status).toBe(400)
        expect(res.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the body is not valid JSON' } })
      })

      it.each([
        ['not an object', 42, null],
        ['wrong version', { jsonrpc: '1.0', id: 1, method: 'eth_chainId' }, 1],
        ['no method', { jsonrpc: '2.0', id: 2 }, 2],
        ['a notification (no id)', { jsonrpc: '2.0', method: 'eth_chainId' }, null],
        ['params neither array nor object', { jsonrpc: '2.0', id: 'p', method: 'eth_chainId', params: 'x' }, 'p'],
        ['a method name with spaces', { jsonrpc: '2.0', id: 4, method: 'eth chainId' }, 4],
        ['an empty batch', [], null],
      ])('error: %s is -32600 with HTTP 400', async (_label, body, id) => {
        const res = await post(body)
        expect(res.status).toBe(400)
        expect(res.body.id).toBe(id)
        expect(res.body.error.code).toBe(JSON_RPC_ERRORS.invalidRequest)
        expect(res.body.error.message).toMatch(/^Invalid Request: /)
      })

      it('error: a notification is refused with a message that says why', async () => {
        const res = await post({ jsonrpc: '2.0', method: 'eth_chainId' })
        expect(res.body.error.message).toBe('Invalid Request: id: id is required (notifications are not served)')
      })

      it('error: a batch over 1000 calls is refused whole; 1000 is not', async () => {
        const over = await post(Array.from({ length: 1001 }, (_, i) => call('eth_chainId', [], i)))
        expect(over.status).toBe(400)
        expect(over.body.error.message).toBe('Invalid Request: a batch holds at most 1000 calls, this one 1001')
        // a full batch of refused calls: answered without reaching the chain or the call limit
        const full = await post(Array.from({ length: 1000 }, (_, i) => call('anvil_mine', [], i)))
        expect(full.status).toBe(200)
        expect(full.body).toHaveLength(1000)
      })

      it('error: an id used twice in a batch is refused for the second call', async () => {
        const res = await post([call('eth_chainId', [], 5), call('eth_blockNumber', [], 5)])
        expect(res.body[0].result).toBe('0x7a69')
        expect(res.body[1]).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: id 5 is used by more than one call of the batch' } })
      })

      it('error: a body over the size limit is 413 with a JSON-RPC error', async () => {
        const res = await post(call('eth_call', [{ data: `0x${'00'.repeat(40_000)}` }, 'latest']))
        expect(res.status).toBe(413)
        expect(res.body.error).toEqual({ code: -32600, message: 'Invalid Request: body larger than 65536 bytes' })
      })

      it('error: nesting deeper than 32 levels is refused before parsing', async () => {
        const res = await post(`{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${'['.repeat(40)}${']'.repeat(40)}}`)
        expect(res.status).toBe(400)
        expect(res.body.error.message).toBe('Invalid Request: nested deeper than 32 levels')
      })

      it('error: unknown project, missing project, disallowed origin, unserved chain, wrong content type', async () => {
        const unknown = await post(call('eth_chainId'), 'eip155:31337', {}, 'projectId=nope')
        expect(unknown.status).toBe(401)
        expect(unknown.body.code).toBe('INVALID_PROJECT_ID')
        const missing = await post(call('eth_chainId'), 'eip155:31337', {}, 'st=x')
        expect(missing.status).toBe(400)
        expect(missing.body.code).toBe('INVALID_PROJECT_ID')
        const origin = await post(call('eth_chainId'), 'eip155:31337', { headers: { origin: 'https://evil.example' } }, 'projectId=shop')
        expect(origin.status).toBe(403)
        expect(origin.body.code).toBe('ORIGIN_NOT_ALLOWED')
        const allowed = await post(call('eth_chainId'), 'eip155:31337', { headers: { origin: 'https://shop.example' } }, 'projectId=shop')
        expect(allowed.body.result).toBe('0x7a69')
        const unserved = await post(call('eth_chainId'), 'eip155:999')
        expect(unserved.status).toBe(400)
        expect(unserved.body.message).toBe('Chain eip155:999 is not served here; /v1/supported-chains lists the chains that are.')
        const badChain = await post(call('eth_chainId'), 'not a chain')
        expect(badChain.status).toBe(400)
        expect(badChain.body.code).toBe('VALIDATION_ERROR')
        const text = await post(call('eth_chainId'), 'eip155:31337', { headers: { 'content-type': 'text/plain' } })
        expect(text.status).toBe(415)
      })

      it('error: GET is not allowed (405, POST only)', async () => {
        const res = await api.server.app.request('/v1/?chainId=eip155:31337&projectId=portico-dev')
        expect(res.status).toBe(405)
        expect(res.headers.get('allow')).toContain('POST')
      })
    })

    describe('fallback', () => {
      it('behavior: the first upstream down (connection refused), the next one answers', async () => {
        const res = await post(call('eth_chainId', [], 1), 'eip155:1')
        expect(res.body).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
      })

      it('behavior: an upstream answering 503 and one that never answers are passed over', async () => {
        const before = { broken: broken.bodies.length, silent: silent.bodies.length }
        const res = await post([call('eth_chainId', [], 1), call('eth_blockNumber', [], 2)], 'eip155:5')
        expect(res.body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' })
        expect(res.body[1].result).toMatch(/^0x/)
        expect(broken.bodies.length).toBe(before.broken + 1)
        expect(silent.bodies.length).toBe(before.silent + 1)
      })

      it('behavior: a JSON-RPC error answer is final, the next upstream is not asked', async () => {
        const res = await post(call('eth_getBalance', ['not an address', 'latest'], 3), 'eip155:10')
        expect(res.status).toBe(200)
        expect(res.body.error.code).toBeTypeOf('number')
        expect(counting.bodies).toHaveLength(0)
      })

      it('error: when no upstream answers, each call gets -32603 with HTTP 200', async () => {
        const res = await post([call('eth_chainId', [], 1), call('evm_mine', [], 2)], 'eip155:11')
        expect(res.status).toBe(200)
        expect(res.body[0]).toEqual({
          jsonrpc: '2.0',
          id: 1,
          error: { code: JSON_RPC_ERRORS.upstreamUnavailable, message: "No RPC upstream of eip155:11 answered; try again, or use the chain's own RPC URL." },
        })
        expect(res.body[1].error.code).toBe(JSON_RPC_ERRORS.methodNotAllowed)
      })
    })

    describe('call limit', () => {
      it('error: calls past the per-minute allowance are 429 with Retry-After, and the next minute starts afresh', async () => {
        now = new Date('2026-11-24T12:05:45Z')
        const batch = Array.from({ length: 200 }, (_, i) => call('eth_chainId', [], i))
        expect((await post(batch)).status).toBe(200)
        const limited = await post(call('eth_chainId', [], 'late'))
        expect(limited.status).toBe(429)
        expect(limited.headers.get('retry-after')).toBe('15')
        expect(limited.body).toEqual({
          jsonrpc: '2.0',
          id: 'late',
          error: { code: JSON_RPC_ERRORS.rateLimited, message: 'Too many calls; try again in 15 seconds.', data: { retryAfter: 15 } },
        })
        // a batch larger than the whole allowance is refused without being counted
        expect((await post([...batch, call('eth_chainId', [], 99)])).status).toBe(429)
        now = new Date('2026-11-24T12:06:00Z')
        expect((await post(call('eth_chainId', [], 'next'))).body.result).toBe('0x7a69')
      })
    })
  })
})
