// @vitest-environment node
import { createMemoryStorage } from '@portico/kernel'
import type { Session } from '@portico/contracts/schemas'
import { type AnvilInstance, type TestApi, startAnvil, startTestApi, testBackends } from '@portico/service-api/testing'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultMessage, type SiwxConfig } from './config.js'
import { formatSignInMessage } from './message/format.js'
import { checkSiwxOptions, resolveConfig } from './options.js'
import { serverSiwx } from './server.js'
import { STORAGE_KEYS } from './storage.js'
import { TEST_KEYS } from './testing/keyWallet.js'

const alice = privateKeyToAccount(TEST_KEYS[0])
const bob = privateKeyToAccount(TEST_KEYS[1])
const PROJECT = 'siwx-plugin-test'
const HOUR = 3_600_000

describe('serverSiwx against the real api', { timeout: 30_000 }, () => {
  let anvil: AnvilInstance
  let api: TestApi
  let apiUrl: string
  const chainId = 'eip155:31337' as const

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    api = await startTestApi(testBackends()[0]!, {
      chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }],
      indexer: { enabled: false },
      projects: [{ id: PROJECT, allowedOrigins: ['https://app.example.com'] }],
    })
    apiUrl = (await api.server.listen(0)).url
  }, 60_000)
  afterAll(async () => {
    await api?.close()
    await anvil?.stop()
  }, 30_000)

  /** A device: the plugin's storage and a config on it. */
  const device = (parameters: Partial<Parameters<typeof serverSiwx>[0]> = {}) => {
    const storage = createMemoryStorage()
    return { storage, config: serverSiwx({ apiUrl, projectId: PROJECT, ...parameters })({ storage }) }
  }
  /** Builds and signs a message the way the plugin does, with a nonce from the config. */
  async function signed(config: SiwxConfig, options: { signer?: typeof alice; domain?: string } = {}): Promise<Session> {
    const target = { namespace: 'eip155' as const, chainId, accountAddress: alice.address }
    const nonce = await config.getNonce(target)
    const data = defaultMessage({ ...target, nonce, domain: options.domain ?? 'app.example.com', uri: 'https://app.example.com', expiresInMs: HOUR, now: new Date() })
    const message = formatSignInMessage(data)
    return { data, message, signature: await (options.signer ?? alice).signMessage({ message }) }
  }
  const listed = async (address: string) => {
    const res = await fetch(`${apiUrl}/v1/sessions/${address}?projectId=${PROJECT}&st=t&sv=t`)
    return ((await res.json()) as { pcis: { pci: string }[] }).pcis
  }

  it('behavior: a nonce from the api, a session the api accepted, found again, listed there, revoked there on sign-out', async () => {
    const { config, storage } = device()
    const session = await signed(config)
    await config.addSession(session)
    expect(await config.getSessions(chainId, alice.address.toLowerCase())).toEqual([session])
    expect(await config.getSessions('eip155:31338', alice.address)).toEqual([])
    const [kept] = (await storage.getItem<{ pci: string; session: Session }[]>(STORAGE_KEYS.authToken))!
    expect(kept!.session).toEqual(session)
    expect((await listed(alice.address)).map((p) => p.pci)).toContain(kept!.pci)

    await config.revokeSession(chainId, alice.address)
    expect(await config.getSessions(chainId, alice.address)).toEqual([])
    expect((await listed(alice.address)).map((p) => p.pci)).not.toContain(kept!.pci)
  })

  it('error: the api refuses a wrong domain and a wrong signer with its reason; nothing is kept', async () => {
    const { config, storage } = device()
    await expect(config.addSession(await signed(config, { domain: 'evil.example.com' }))).rejects.toMatchObject({
      code: 'SIWX_REFUSED',
      shortMessage: `The message is for evil.example.com, which is not an allowed origin of project ${PROJECT}.`,
    })
    await expect(config.addSession(await signed(config, { signer: bob }))).rejects.toThrow(`The signature was not made by ${alice.address}.`)
    expect(await storage.getItem(STORAGE_KEYS.authToken)).toBeUndefined()
  })

  it('error: a replayed session is refused by the api', async () => {
    const { config } = device()
    const session = await signed(config)
    await config.addSession(session)
    await expect(device().config.addSession(session)).rejects.toThrow('The nonce was already used; ask for a new one.')
  })

  it('behavior: a session revoked elsewhere (another client holding it) is no longer found, and forgotten here', async () => {
    const { config, storage } = device()
    const session = await signed(config)
    await config.addSession(session)
    const [{ pci }] = (await storage.getItem<{ pci: string }[]>(STORAGE_KEYS.authToken))!
    const res = await fetch(`${apiUrl}/v1/sessions/${alice.address}/revoke?projectId=${PROJECT}&st=t&sv=t`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pci, signature: session.signature }),
    })
    expect(res.status).toBe(200)
    expect(await config.getSessions(chainId, alice.address)).toEqual([])
    expect(await storage.getItem(STORAGE_KEYS.authToken)).toEqual([])
  })

  it('behavior: the data form `{ verifier: "server" }` uses the kernel endpoint and project id', async () => {
    const storage = createMemoryStorage()
    const options = { siwx: { verifier: 'server', required: true }, endpoints: { api: apiUrl }, projectId: PROJECT }
    expect(checkSiwxOptions(options)).toBeUndefined()
    const config = resolveConfig(options, { storage, domain: 'app.example.com', uri: 'https://app.example.com', log: console })!
    expect(config.required).toBe(true)
    const session = await signed(config)
    await config.addSession(session)
    expect(await config.getSessions(chainId, alice.address)).toEqual([session])
    expect(checkSiwxOptions({ siwx: { verifier: 'server' }, projectId: PROJECT })).toBe('The `siwx` server verifier needs `apiUrl` or the `endpoints.api` option.')
    expect(checkSiwxOptions({ siwx: { verifier: 'server' }, endpoints: { api: apiUrl } })).toMatch(/needs `projectId`/)
  })
})

describe('serverSiwx: what it does not trust', () => {
  const target = { namespace: 'eip155' as const, chainId: 'eip155:1' as const, accountAddress: alice.address }
  const answering = (status: number, body: unknown) =>
    serverSiwx({ apiUrl: 'http://api.test', projectId: 'p', fetch: async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }) })({
      storage: createMemoryStorage(),
    })

  it('error: a response that is not the documented shape is refused', async () => {
    await expect(answering(200, { nonce: 'short' }).getNonce(target)).rejects.toMatchObject({ code: 'SIWX_UNAVAILABLE', shortMessage: 'The sign-in server answered something unexpected.' })
    await expect(answering(200, { nonce: 'abcdef123456', expiresAt: 'soon' }).getNonce(target)).rejects.toThrow('answered something unexpected')
  })

  it('error: an unreachable server and an error body say so', async () => {
    const down = serverSiwx({ apiUrl: 'http://api.test', projectId: 'p', fetch: async () => Promise.reject(new TypeError('fetch failed')) })({ storage: createMemoryStorage() })
    await expect(down.getNonce(target)).rejects.toThrow('The sign-in server could not be reached.')
    const limited = answering(429, { status: 'FAILED', code: 'RATE_LIMITED', message: 'Too many sign-in nonces; try again in 5 seconds.', reasons: [] })
    await expect(limited.getNonce(target)).rejects.toThrow('Too many sign-in nonces; try again in 5 seconds.')
    await expect(answering(500, 'oops').getNonce(target)).rejects.toThrow('HTTP status code: 500')
  })
})
