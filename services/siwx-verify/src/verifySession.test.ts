import { generateKeyPairSync, sign } from 'node:crypto'
import { formatSignInMessage } from '@portico/plugin-siwx'
import { type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '@portico/service-api/testing'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
// the api's ERC-1271 / ERC-6492 test wallets (a test-only import of another package's fixture)
import { deploySiwxWalletFactory } from '../../api/src/testing/siwxWallet.js'
import { SessionVerificationError, verifySession, type VerifySessionOptions } from './index.js'

const DOMAIN = 'app.example.com'
const NOW = new Date('2026-11-24T12:00:00.000Z')
const alice = privateKeyToAccount(generatePrivateKey())
const mallory = privateKeyToAccount(generatePrivateKey())

const message = (extra: Record<string, string> = {}, chainId = 'eip155:1', accountAddress: string = alice.address) =>
  formatSignInMessage({
    chainId: chainId as `${string}:${string}`,
    accountAddress,
    nonce: 'n0nce1234567',
    domain: DOMAIN,
    uri: `https://${DOMAIN}`,
    version: '1',
    statement: 'Sign in to the test app.',
    issuedAt: new Date(NOW.getTime() - 60_000).toISOString(),
    expirationTime: new Date(NOW.getTime() + 3_600_000).toISOString(),
    ...extra,
  })

/** The code of the error `verifySession` throws. */
async function refusal(text: string, signature: string, options: Partial<VerifySessionOptions> = {}) {
  const error = await verifySession(text, signature, { domain: DOMAIN, now: NOW, ...options }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SessionVerificationError)
  return { code: (error as SessionVerificationError).code, message: (error as Error).message }
}

describe('verifySession: plain keys, no chain needed', () => {
  it('behavior: returns the fields of a session the siwx plugin wrote and the account signed', async () => {
    const text = message()
    const session = await verifySession(text, await alice.signMessage({ message: text }), { domain: DOMAIN, now: NOW })
    expect(session).toMatchObject({ namespace: 'eip155', chainId: 'eip155:1', address: alice.address, domain: DOMAIN, nonce: 'n0nce1234567', statement: 'Sign in to the test app.' })
    expect(session.expirationTime?.toISOString()).toBe('2026-11-24T13:00:00.000Z')
  })

  it('error: every refusal names what was wrong', async () => {
    const signed = async (text: string) => [text, await alice.signMessage({ message: text })] as const
    expect(await refusal(...(await signed(message())), { domain: 'other.example.com' })).toEqual({
      code: 'WRONG_DOMAIN',
      message: 'The message is for app.example.com, not other.example.com.',
    })
    expect((await refusal(...(await signed(message({ uri: 'https://evil.example.com' }))))).code).toBe('WRONG_URI')
    expect((await refusal(...(await signed(message())), { uri: 'https://www.app.example.com' })).code).toBe('WRONG_URI')
    expect((await refusal(...(await signed(message({ expirationTime: new Date(NOW.getTime() - 1).toISOString() }))))).code).toBe('EXPIRED')
    expect((await refusal(...(await signed(message({ notBefore: new Date(NOW.getTime() + 1000).toISOString() }))))).code).toBe('NOT_YET_VALID')
    expect((await refusal(...(await signed(message({ issuedAt: new Date(NOW.getTime() + 600_000).toISOString() }))))).code).toBe('ISSUED_IN_FUTURE')
    expect((await refusal(...(await signed(message())), { nonce: 'another12345' })).code).toBe('WRONG_NONCE')
    expect((await refusal(...(await signed(message())), { chainId: 'eip155:10' })).code).toBe('WRONG_CHAIN')
    const text = message()
    expect(await refusal(text, await mallory.signMessage({ message: text }))).toEqual({ code: 'INVALID_SIGNATURE', message: `The signature was not made by ${alice.address}.` })
    expect((await refusal(text, `0x${'ab'.repeat(64)}1b`)).code).toBe('INVALID_SIGNATURE')
    expect((await refusal(text.replace('test app.', 'test app!'), await alice.signMessage({ message: text }))).code).toBe('INVALID_SIGNATURE')
    expect((await refusal('hello', '0x00')).code).toBe('INVALID_MESSAGE')
    expect((await refusal(text, '0x00', { domain: '' })).code).toBe('INVALID_OPTIONS')
  })

  it('behavior: a solana session verifies with ed25519; another key is refused', async () => {
    const keys = generateKeyPairSync('ed25519')
    const address = base58(Buffer.from(keys.publicKey.export({ format: 'jwk' }).x!, 'base64url'))
    const text = message({}, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', address)
    const signature = base58(sign(null, Buffer.from(text), keys.privateKey))
    expect(await verifySession(text, signature, { domain: DOMAIN, now: NOW })).toMatchObject({ namespace: 'solana', address })
    const stranger = base58(sign(null, Buffer.from(text), generateKeyPairSync('ed25519').privateKey))
    expect((await refusal(text, stranger)).code).toBe('INVALID_SIGNATURE')
  })
})

describe.each(testBackends().filter((b) => b.name === 'pglite'))('verifySession against a chain and the Portico api', (backend) => {
  let anvil: AnvilInstance
  let api: TestApi
  let wallets: Awaited<ReturnType<typeof deploySiwxWalletFactory>>
  const origin = `https://${DOMAIN}`

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    wallets = await deploySiwxWalletFactory(anvil.rpcUrl, anvil.chain)
    api = await startTestApi(backend, {
      chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
      indexer: { enabled: false },
      projects: [{ id: 'verify-test', allowedOrigins: [origin] }],
      siwx: { now: () => NOW },
    })
  })
  afterAll(async () => {
    await api?.close()
    await anvil?.stop()
  })

  it('behavior: contract accounts verify through the RPC (ERC-1271 deployed, ERC-6492 not yet); without it they are refused', async () => {
    const owner = generatePrivateKey()
    const deployed = await wallets.deploy(owner, '0x0a')
    const one = message({}, 'eip155:31337', deployed)
    const signature = await wallets.sign1271(owner, one)
    expect((await verifySession(one, signature, { domain: DOMAIN, now: NOW, rpcUrl: anvil.rpcUrl })).address).toBe(deployed)
    expect((await refusal(one, signature)).code).toBe('INVALID_SIGNATURE')

    const later = await wallets.addressOf(owner, '0x0b')
    const two = message({}, 'eip155:31337', later)
    expect((await verifySession(two, await wallets.sign6492(owner, '0x0b', two), { domain: DOMAIN, now: NOW, rpcUrl: anvil.rpcUrl })).address).toBe(later)
    expect((await refusal(two, await wallets.sign6492(generatePrivateKey(), '0x0b', two), { rpcUrl: anvil.rpcUrl })).code).toBe('INVALID_SIGNATURE')
  })

  it('behavior: with `api`, a session the api accepted is live; revoked (or never posted) it is refused', async () => {
    const fetchApi = ((input: string | URL, init?: RequestInit) => api.server.app.request(String(input).replace('http://api.test', ''), init)) as typeof fetch
    const post = (path: string, body: unknown) =>
      api.server.app.request(`${path}?projectId=verify-test&st=portico&sv=1`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) })
    const { nonce } = (await (await post('/v1/sessions/nonces', { chainId: 'eip155:31337', accountAddress: alice.address })).json()) as { nonce: string }
    const text = message({ nonce }, 'eip155:31337')
    const signature = await alice.signMessage({ message: text })
    const options = { domain: DOMAIN, now: NOW, rpcUrl: anvil.rpcUrl, api: { url: 'http://api.test', projectId: 'verify-test', fetch: fetchApi } }

    expect((await refusal(text, signature, options)).code).toBe('NOT_LIVE')
    const created = await post('/v1/sessions', { message: text, signature })
    expect(created.status).toBe(200)
    expect((await verifySession(text, signature, options)).nonce).toBe(nonce)
    const { pci } = (await created.json()) as { pci: string }
    expect((await post(`/v1/sessions/${alice.address}/revoke`, { pci, signature })).status).toBe(200)
    expect(await refusal(text, signature, options)).toEqual({ code: 'NOT_LIVE', message: 'The Portico api does not list this session as live (never accepted, revoked or expired).' })
  })
})

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
function base58(bytes: Uint8Array): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out
    n /= 58n
  }
  for (const b of bytes) {
    if (b !== 0) break
    out = `1${out}`
  }
  return out
}
