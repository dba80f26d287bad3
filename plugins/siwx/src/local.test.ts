// @vitest-environment node
import { createMemoryStorage } from '@portico/kernel'
import type { Session } from '@portico/contracts/schemas'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { defaultMessage, type SiwxConfig } from './config.js'
import { localSiwx } from './local.js'
import { formatSignInMessage } from './message/format.js'
import { STORAGE_KEYS } from './storage.js'
import { TEST_KEYS } from './testing/keyWallet.js'

const alice = privateKeyToAccount(TEST_KEYS[0])
const bob = privateKeyToAccount(TEST_KEYS[1])
const T0 = Date.parse('2026-11-24T12:00:00Z')
const HOUR = 60 * 60 * 1000

function setup(domain = 'app.example.com') {
  const storage = createMemoryStorage()
  let now = T0
  const config = localSiwx({ expiresInMs: HOUR, now: () => now })({ storage, domain, uri: `https://${domain}`, log: console })
  return { config, storage, at: (t: number) => void (now = t) }
}

/** Builds and signs a message the way the plugin does; `edit` changes fields before signing. */
async function signed(config: SiwxConfig, options: { signer?: typeof alice; domain?: string; edit?: (d: ReturnType<typeof defaultMessage>) => void } = {}) {
  const target = { namespace: 'eip155' as const, chainId: 'eip155:31337' as const, accountAddress: alice.address }
  const nonce = await config.getNonce(target)
  const data = defaultMessage({ ...target, nonce, domain: options.domain ?? 'app.example.com', uri: 'https://app.example.com', expiresInMs: HOUR, now: new Date(T0) })
  options.edit?.(data)
  const message = formatSignInMessage(data)
  const signature = await (options.signer ?? alice).signMessage({ message })
  return { data, message, signature } satisfies Session
}

describe('localSiwx', () => {
  it('behavior: a session signed with the real key is accepted, kept under the auth token and found again', async () => {
    const { config, storage } = setup()
    const session = await signed(config)
    await config.addSession(session)
    expect(await config.getSessions('eip155:31337', alice.address.toLowerCase())).toEqual([session])
    expect(await config.getSessions('eip155:31338', alice.address)).toEqual([])
    expect(await storage.getItem(STORAGE_KEYS.authToken)).toEqual([session])
    // the nonce is spent
    expect(await storage.getItem(STORAGE_KEYS.nonceToken)).toEqual([])
  })

  it('error: wrong domain', async () => {
    const { config } = setup()
    await expect(config.addSession(await signed(config, { domain: 'evil.example.com' }))).rejects.toThrow('The message is for evil.example.com, not app.example.com.')
  })

  it('error: expired', async () => {
    const { config, at } = setup()
    const session = await signed(config)
    at(T0 + 2 * HOUR)
    await expect(config.addSession(session)).rejects.toThrow('The message has expired.')
  })

  it('error: not yet valid', async () => {
    const { config } = setup()
    const session = await signed(config, { edit: (d) => void (d.notBefore = new Date(T0 + HOUR / 2).toISOString()) })
    await expect(config.addSession(session)).rejects.toThrow('The message is not valid yet.')
  })

  it('error: reused nonce (a replayed session)', async () => {
    const { config } = setup()
    const session = await signed(config)
    await config.addSession(session)
    await expect(config.addSession(session)).rejects.toThrow('The nonce was not issued here or was already used.')
  })

  it('error: a nonce that was never issued', async () => {
    const { config } = setup()
    const session = await signed(config, { edit: (d) => void (d.nonce = 'madeup12345') })
    await expect(config.addSession(session)).rejects.toThrow('The nonce was not issued here or was already used.')
  })

  it('error: wrong signer', async () => {
    const { config } = setup()
    await expect(config.addSession(await signed(config, { signer: bob }))).rejects.toThrow('The signature was not made by this account.')
  })

  it('error: a signed text that says something else than the session data', async () => {
    const { config } = setup()
    const session = await signed(config)
    await expect(config.addSession({ ...session, data: { ...session.data, accountAddress: bob.address } })).rejects.toThrow('The signed message does not match the session.')
  })

  it('error: namespaces it cannot verify are refused, not trusted', async () => {
    const { config } = setup()
    const session = await signed(config)
    await expect(config.addSession({ ...session, data: { ...session.data, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } })).rejects.toThrow(
      'Local sign-in verifies eip155 accounts only, not solana.',
    )
  })

  it('behavior: an expired session is not returned; revoke and setSessions end sessions', async () => {
    const { config, at } = setup()
    await config.addSession(await signed(config))
    at(T0 + 2 * HOUR)
    expect(await config.getSessions('eip155:31337', alice.address)).toEqual([])
    at(T0)
    await config.revokeSession('eip155:31337', alice.address)
    expect(await config.getSessions('eip155:31337', alice.address)).toEqual([])
    await config.addSession(await signed(config))
    await config.setSessions!([])
    expect(await config.getSessions('eip155:31337', alice.address)).toEqual([])
  })

  it('behavior: corrupt stored sessions are dropped, never trusted', async () => {
    const { config, storage } = setup()
    await storage.setItem(STORAGE_KEYS.authToken, [{ data: { chainId: 'eip155:31337' } }, 'jwt-from-the-incumbent'])
    expect(await config.getSessions('eip155:31337', alice.address)).toEqual([])
  })
})
