import { ed25519 } from '@noble/curves/ed25519.js'
import { ApiErrorSchema, SessionRevokeResponseSchema, SiwxNonceResponseSchema, SiwxSessionEntrySchema, SiwxSessionsResponseSchema } from '@portico/contracts/api'
import { formatSignInMessage } from '@portico/plugin-siwx'
import { JsonRpcProvider } from 'ethers'
import { SiweMessage } from 'siwe'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { verifySiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '../testing/index.js'
import { deploySiwxWalletFactory } from '../testing/siwxWallet.js'

const ORIGIN = 'https://app.example.com'
const OTHER_ORIGIN = 'https://other.example.com'
const PROJECT = 'siwx-test'
const QUERY = `projectId=${PROJECT}&st=portico&sv=test-1.0.0`
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}

const newKey = () => {
  const key = generatePrivateKey()
  return { key, account: privateKeyToAccount(key), address: privateKeyToAccount(key).address }
}

describe.each(testBackends())('sign in with X on the api [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'sessions', () => {
    let anvil: AnvilInstance
    let api: TestApi
    let chainId: string
    let clock = Date.now()
    let wallets: Awaited<ReturnType<typeof deploySiwxWalletFactory>>

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: 31337 })
      chainId = `eip155:${anvil.chainId}`
      api = await startTestApi(backend, {
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        indexer: { enabled: false },
        projects: [{ id: PROJECT, allowedOrigins: [ORIGIN, OTHER_ORIGIN] }],
        siwx: { now: () => new Date(clock), attemptsPerAccountPerHour: 20 },
      })
      wallets = await deploySiwxWalletFactory(anvil.rpcUrl, anvil.chain)
    })
    afterAll(async () => {
      await api?.close()
      await anvil?.stop()
    })

    const post = (path: string, body: unknown, origin: string | null = ORIGIN) =>
      api.client.request(`${path}${path.includes('?') ? '&' : '?'}${QUERY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify(body),
      })
    const get = (path: string) => api.client.request(`${path}${path.includes('?') ? '&' : '?'}${QUERY}`, { headers: { origin: ORIGIN } })
    const nonceFor = async (accountAddress: string, chain = chainId) => {
      const res = await post('/v1/sessions/nonces', { chainId: chain, accountAddress })
      expect(res.status).toBe(200)
      return SiwxNonceResponseSchema.parse(res.body).nonce
    }
    /** A message written by the siwx plugin's serialiser, as the modal would ask a wallet to sign. */
    const messageFor = (accountAddress: string, nonce: string, extra: Record<string, string> = {}, chain = chainId) =>
      formatSignInMessage({
        chainId: chain as `${string}:${string}`,
        accountAddress,
        nonce,
        domain: new URL(ORIGIN).host,
        uri: ORIGIN,
        version: '1',
        statement: 'Sign in to the test app.',
        issuedAt: new Date(clock).toISOString(),
        expirationTime: new Date(clock + 3_600_000).toISOString(),
        ...extra,
      })
    const refusal = (res: { status: number; body: unknown }) => {
      expect(res.status).toBe(401)
      const body = ApiErrorSchema.parse(res.body)
      expect(body.code).toBe('SESSION_REFUSED')
      return body.message
    }

    it('behavior: an EOA signs in; siwe and viem verify the same message independently; it is listed, then revoked', async () => {
      const alice = newKey()
      const nonce = await nonceFor(alice.address)
      const message = messageFor(alice.address, nonce)
      const signature = await alice.account.signMessage({ message })

      // independent implementations read and verify what the plugin wrote
      const siwe = new SiweMessage(message)
      expect(siwe).toMatchObject({ address: alice.address, chainId: anvil.chainId, nonce, domain: 'app.example.com', uri: ORIGIN })
      const checked = await siwe.verify({ signature, domain: 'app.example.com', nonce, time: new Date(clock).toISOString() }, { provider: new JsonRpcProvider(anvil.rpcUrl) })
      expect(checked.success).toBe(true)
      const client = createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) })
      expect(await verifySiweMessage(client, { message, signature, domain: 'app.example.com', nonce, time: new Date(clock) })).toBe(true)

      const res = await post('/v1/sessions', { message, signature })
      expect(res.status).toBe(200)
      const session = SiwxSessionEntrySchema.parse(res.body)
      expect(session).toMatchObject({ chainId, address: alice.address.toLowerCase(), message, project: { id: PROJECT } })
      expect(session.expiry).toBe(clock + 3_600_000)

      const listed = SiwxSessionsResponseSchema.parse((await get(`/v1/sessions/${alice.address}`)).body)
      expect(listed.pcis.map((p) => p.pci)).toEqual([session.pci])
      expect(JSON.stringify(listed)).not.toContain(signature.slice(2, 40))

      // revoking needs the session's own signature
      const forged = await post(`/v1/sessions/${alice.address}/revoke`, { pci: session.pci, signature: `0x${'11'.repeat(65)}` })
      expect(refusal(forged)).toMatch(/only its holder can revoke it/)
      const revoked = await post(`/v1/sessions/${alice.address}/revoke`, { pci: session.pci, signature })
      expect(revoked.status).toBe(200)
      expect(SessionRevokeResponseSchema.parse(revoked.body)).toEqual({ pci: session.pci, revokedAt: clock })
      expect(SiwxSessionsResponseSchema.parse((await get(`/v1/sessions/${alice.address}`)).body).pcis).toEqual([])
      const unknown = await post(`/v1/sessions/${alice.address}/revoke`, { pci: 'no-such-session', signature })
      expect(unknown.status).toBe(404)
    })

    it('behavior: a nonce asked for without an account (one-click sign-in) signs in the first account that uses it, on its chain, once', async () => {
      const alice = newKey()
      const bob = newKey()
      const res = await post('/v1/sessions/nonces', { chainId })
      expect(res.status).toBe(200)
      const { nonce } = SiwxNonceResponseSchema.parse(res.body)
      // another chain than the one it was issued for is refused
      const elsewhere = messageFor(alice.address, nonce, {}, 'eip155:31338')
      expect(refusal(await post('/v1/sessions', { message: elsewhere, signature: await alice.account.signMessage({ message: elsewhere }) }))).toBe(
        'The nonce was issued for another account or chain.',
      )
      const { nonce: fresh } = SiwxNonceResponseSchema.parse((await post('/v1/sessions/nonces', { chainId })).body)
      const message = messageFor(alice.address, fresh)
      expect((await post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) })).status).toBe(200)
      // spent: nobody else signs in with it
      const again = messageFor(bob.address, fresh)
      expect(refusal(await post('/v1/sessions', { message: again, signature: await bob.account.signMessage({ message: again }) }))).toBe(
        'The nonce was already used; ask for a new one.',
      )
    })

    it('error: a replayed session (same message and signature again) is refused', async () => {
      const alice = newKey()
      const message = messageFor(alice.address, await nonceFor(alice.address))
      const signature = await alice.account.signMessage({ message })
      expect((await post('/v1/sessions', { message, signature })).status).toBe(200)
      expect(refusal(await post('/v1/sessions', { message, signature }))).toBe('The nonce was already used; ask for a new one.')
      expect(SiwxSessionsResponseSchema.parse((await get(`/v1/sessions/${alice.address}`)).body).pcis).toHaveLength(1)
    })

    it('error: a nonce this server did not issue is refused', async () => {
      const alice = newKey()
      const message = messageFor(alice.address, 'a1b2c3d4e5f6a7b8c9d0')
      expect(refusal(await post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) }))).toBe(
        'The nonce was not issued by this server.',
      )
    })

    it('error: a refused attempt spends the nonce, so even a correct message cannot use it after', async () => {
      const alice = newKey()
      const nonce = await nonceFor(alice.address)
      const wrong = messageFor(alice.address, nonce, { domain: 'evil.example.com' })
      refusal(await post('/v1/sessions', { message: wrong, signature: await alice.account.signMessage({ message: wrong }) }))
      const right = messageFor(alice.address, nonce)
      expect(refusal(await post('/v1/sessions', { message: right, signature: await alice.account.signMessage({ message: right }) }))).toMatch(/already used/)
    })

    it('error: wrong domain, wrong uri and a request from another origin are refused', async () => {
      const alice = newKey()
      const sign = async (extra: Record<string, string>, origin: string | null = ORIGIN) => {
        const message = messageFor(alice.address, await nonceFor(alice.address), extra)
        return post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) }, origin)
      }
      expect(refusal(await sign({ domain: 'evil.example.com' }))).toBe('The message is for evil.example.com, which is not an allowed origin of project siwx-test.')
      expect(refusal(await sign({ uri: 'https://evil.example.com/login' }))).toBe("The message's URI https://evil.example.com/login is not on app.example.com.")
      expect(refusal(await sign({ uri: 'http://app.example.com' }))).toMatch(/is not on app\.example\.com/)
      // the other origin is allowed for the project, but the message names app.example.com
      expect(refusal(await sign({}, OTHER_ORIGIN))).toBe('The message is for app.example.com, but the request comes from https://other.example.com.')
      // server to server (no Origin): the message's own domain and uri must still be the project's
      expect((await sign({}, null)).status).toBe(200)
    })

    it('error: an expired message, one not valid yet and one issued in the future are refused (server clock)', async () => {
      const alice = newKey()
      const sign = async (extra: Record<string, string>) => {
        const message = messageFor(alice.address, await nonceFor(alice.address), extra)
        return post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) })
      }
      expect(refusal(await sign({ issuedAt: new Date(clock - 7_200_000).toISOString(), expirationTime: new Date(clock - 1).toISOString() }))).toBe('The message has expired.')
      expect(refusal(await sign({ notBefore: new Date(clock + 60_000).toISOString() }))).toBe('The message is not valid yet.')
      expect(refusal(await sign({ issuedAt: new Date(clock + 600_000).toISOString() }))).toMatch(/issued in the future/)
    })

    it('error: an expired nonce is refused, judged by the server clock', async () => {
      const alice = newKey()
      const nonce = await nonceFor(alice.address)
      const start = clock
      clock += 11 * 60_000
      try {
        const message = messageFor(alice.address, nonce)
        expect(refusal(await post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) }))).toBe('The nonce has expired; ask for a new one.')
      } finally {
        clock = start
      }
    })

    it('error: a nonce issued for another account is refused', async () => {
      const alice = newKey()
      const bob = newKey()
      const message = messageFor(bob.address, await nonceFor(alice.address))
      expect(refusal(await post('/v1/sessions', { message, signature: await bob.account.signMessage({ message }) }))).toBe(
        'The nonce was issued for another account or chain.',
      )
    })

    it('error: a wrong signer, a forged signature and a message changed after signing are refused', async () => {
      const alice = newKey()
      const mallory = newKey()
      const one = messageFor(alice.address, await nonceFor(alice.address))
      expect(refusal(await post('/v1/sessions', { message: one, signature: await mallory.account.signMessage({ message: one }) }))).toBe(
        `The signature was not made by ${alice.address}.`,
      )
      const two = messageFor(alice.address, await nonceFor(alice.address))
      const forged = `0x${'ab'.repeat(64)}1b`
      expect(refusal(await post('/v1/sessions', { message: two, signature: forged }))).toMatch(/not made by/)
      const three = messageFor(alice.address, await nonceFor(alice.address))
      const signed = await alice.account.signMessage({ message: three })
      const changed = three.replace('Sign in to the test app.', 'Sign in to the test app!')
      expect(refusal(await post('/v1/sessions', { message: changed, signature: signed }))).toMatch(/not made by/)
    })

    it('behavior: a deployed contract account signs in through ERC-1271; another key is refused', async () => {
      const owner = newKey()
      const wallet = await wallets.deploy(owner.key, '0x01')
      const nonce = await nonceFor(wallet)
      const message = messageFor(wallet, nonce)
      const signature = await wallets.sign1271(owner.key, message)
      // viem's verifySiweMessage agrees through the same chain
      const client = createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) })
      expect(await verifySiweMessage(client, { message, signature, domain: 'app.example.com', nonce, time: new Date(clock) })).toBe(true)
      const res = await post('/v1/sessions', { message, signature })
      expect(res.status).toBe(200)
      expect(SiwxSessionEntrySchema.parse(res.body).address).toBe(wallet.toLowerCase())
      const other = messageFor(wallet, await nonceFor(wallet))
      expect(refusal(await post('/v1/sessions', { message: other, signature: await wallets.sign1271(newKey().key, other) }))).toMatch(/not made by/)
    })

    it('behavior: an account not deployed yet signs in with an ERC-6492 signature', async () => {
      const owner = newKey()
      const wallet = await wallets.addressOf(owner.key, '0x02')
      const client = createPublicClient({ chain: anvil.chain, transport: http(anvil.rpcUrl) })
      expect(await client.getCode({ address: wallet })).toBeUndefined()
      const nonce = await nonceFor(wallet)
      const message = messageFor(wallet, nonce)
      const signature = await wallets.sign6492(owner.key, '0x02', message)
      expect(await verifySiweMessage(client, { message, signature, domain: 'app.example.com', nonce, time: new Date(clock) })).toBe(true)
      expect((await post('/v1/sessions', { message, signature })).status).toBe(200)
      // verification is a simulation: the account is still not deployed
      expect(await client.getCode({ address: wallet })).toBeUndefined()
    })

    it('behavior: a solana account signs in with ed25519 (Sign In With Solana text); another key is refused', async () => {
      const secret = ed25519.utils.randomSecretKey()
      const address = base58(ed25519.getPublicKey(secret))
      const message = messageFor(address, await nonceFor(address, SOLANA), {}, SOLANA)
      expect(message.split('\n')[0]).toBe('app.example.com wants you to sign in with your Solana account:')
      const signature = base58(ed25519.sign(new TextEncoder().encode(message), secret))
      const res = await post('/v1/sessions', { message, signature })
      expect(res.status).toBe(200)
      expect(SiwxSessionEntrySchema.parse(res.body)).toMatchObject({ chainId: SOLANA, address })
      expect(SiwxSessionsResponseSchema.parse((await get(`/v1/sessions/${address}?chainId=${SOLANA}`)).body).pcis).toHaveLength(1)

      const again = messageFor(address, await nonceFor(address, SOLANA), {}, SOLANA)
      const stranger = base58(ed25519.sign(new TextEncoder().encode(again), ed25519.utils.randomSecretKey()))
      expect(refusal(await post('/v1/sessions', { message: again, signature: stranger }))).toBe(`The signature was not made by ${address}.`)
    })

    it('error: a chain the api does not serve is refused, not guessed', async () => {
      const alice = newKey()
      const message = messageFor(alice.address, await nonceFor(alice.address, 'eip155:999'), {}, 'eip155:999')
      expect(refusal(await post('/v1/sessions', { message, signature: await alice.account.signMessage({ message }) }))).toBe(
        'This server does not verify accounts on eip155:999.',
      )
    })

    it('error: bad input is a 400, a text that is no sign-in message a refusal, never a 5xx', async () => {
      const alice = newKey()
      for (const body of [{}, { message: 'x' }, { message: 1, signature: 2 }, { message: 'x', signature: 'not base58 0OIl' }]) {
        const res = await post('/v1/sessions', body)
        expect(res.status).toBe(400)
        expect(ApiErrorSchema.parse(res.body).code).toBe('VALIDATION_ERROR')
      }
      expect((await post('/v1/sessions/nonces', { chainId: 'eip155', accountAddress: alice.address })).status).toBe(400)
      expect((await post('/v1/sessions/nonces', { chainId, accountAddress: 'nope' })).status).toBe(400)
      expect((await get('/v1/sessions/not-an-address')).status).toBe(400)
      expect(refusal(await post('/v1/sessions', { message: 'hello', signature: '0x00' }))).toMatch(/not a complete sign-in message/)
      const raw = await api.server.app.request(`/v1/sessions?${QUERY}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"message":' })
      expect(raw.status).toBe(400)
    })

    it('error: an unknown project is 401 and an origin off the allowlist 403', async () => {
      const alice = newKey()
      const unknown = await api.client.request(`/v1/sessions/nonces?projectId=nope&st=portico&sv=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ chainId, accountAddress: alice.address }),
      })
      expect(ApiErrorSchema.parse(unknown.body).code).toBe('INVALID_PROJECT_ID')
      const foreign = await post('/v1/sessions/nonces', { chainId, accountAddress: alice.address }, 'https://evil.example.com')
      expect(foreign.status).toBe(403)
      expect((await api.get(`/v1/sessions/${alice.address}`)).status).toBe(200) // the dev project, no origin
    })

    it('error: sign-in attempts per account are limited (429), counted in the database', async () => {
      const alice = newKey()
      const message = messageFor(alice.address, 'ffffffffffffffff')
      const signature = await alice.account.signMessage({ message })
      for (let i = 0; i < 20; i++) refusal(await post('/v1/sessions', { message, signature }))
      const limited = await post('/v1/sessions', { message, signature })
      expect(limited.status).toBe(429)
      expect(ApiErrorSchema.parse(limited.body)).toMatchObject({ code: 'RATE_LIMITED' })
      expect(ApiErrorSchema.parse(limited.body).message).toMatch(/^Too many sign-in attempts for this account; try again in \d+ seconds\.$/)
      const [row] = await api.server.db.query<{ count: number }>(`select count from siwx_counters where subject = $1 and action = 'session'`, [
        `account:${PROJECT}:${alice.address.toLowerCase()}`,
      ])
      expect(row?.count).toBe(20)
    })

    it('error: nonces per client IP are limited (429); behind a trusted proxy the forwarded client counts', async () => {
      const limited = await startTestApi(backend, { chains: [], indexer: { enabled: false }, siwx: { noncesPerIpPerHour: 2, trustProxy: true } })
      try {
        const ask = (ip: string) =>
          limited.client.request(`/v1/sessions/nonces?projectId=portico-dev&st=t&sv=t`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.9, ${ip}` },
            body: JSON.stringify({ chainId, accountAddress: newKey().address }),
          })
        expect((await ask('10.0.0.1')).status).toBe(200)
        expect((await ask('10.0.0.1')).status).toBe(200)
        const third = await ask('10.0.0.1')
        expect(third.status).toBe(429)
        expect(ApiErrorSchema.parse(third.body).message).toMatch(/^Too many sign-in nonces were asked for from this address; try again in \d+ seconds\.$/)
        expect((await ask('10.0.0.2')).status).toBe(200)
      } finally {
        await limited.close()
      }
    })
  })
})
