// @vitest-environment node
/**
 * The one-click hand-off (WalletConnect's pairing carries the sign-in request): what the controller asks a wallet to
 * sign, and how a session signed during the pairing is checked and kept through the config.
 */
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import type { Session } from '@portico/contracts/schemas'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it } from 'vitest'
import './api.js'
import type { SiwxConfig } from './config.js'
import { localSiwx } from './local.js'
import { formatSignInMessage } from './message/format.js'
import { siwx } from './plugin.js'
import { TEST_KEYS } from './testing/keyWallet.js'

const alice = privateKeyToAccount(TEST_KEYS[0])
let kernel: Kernel | undefined
afterEach(() => {
  kernel?.destroy()
  kernel = undefined
})

async function controllerWith(option: unknown) {
  kernel = createKernel({ projectId: 'test', storage: createMemoryStorage(), networks: ['eip155:1', 'eip155:10'], plugins: [siwx()], siwx: option as never })
  await kernel.ready
  return kernel.extensions.read('siwx/api')[0]!
}

/** What a wallet signs for a one-click request (the plugin's serialiser writes the same EIP-4361 text). */
async function signedFor(fields: { nonce: string; domain: string; uri: string }, chainId = 'eip155:10' as const): Promise<Session> {
  const data = { chainId, accountAddress: alice.address, version: '1' as const, issuedAt: new Date().toISOString(), ...fields }
  const message = formatSignInMessage(data)
  return { data, message, signature: await alice.signMessage({ message }) }
}

describe('one-click sign-in hand-off', () => {
  it('behavior: eip155 chains only: the fields of the message (the page, a fresh nonce, the statement, an expiry); the session is verified and kept', async () => {
    const controller = await controllerWith(localSiwx({ statement: 'Sign in to the test.', expiresInMs: 60_000 }))
    const fields = (await controller.oneClickRequest(['eip155:10', 'eip155:1']))!
    expect(fields).toMatchObject({ domain: 'localhost', uri: 'http://localhost', statement: 'Sign in to the test.' })
    expect(fields.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(Date.parse(fields.expirationTime) - Date.now()).toBeGreaterThan(50_000)

    await controller.oneClickSession(await signedFor(fields))
    expect((await controller.getSessions('eip155:10', alice.address)).map((s) => s.data.nonce)).toEqual([fields.nonce])
  })

  it('behavior: nothing to ask when a chain is not eip155, or when the config cannot issue a nonce without the account', async () => {
    const controller = await controllerWith(localSiwx())
    expect(await controller.oneClickRequest(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'])).toBeUndefined()
    expect(await controller.oneClickRequest([])).toBeUndefined()
    kernel!.destroy()

    const custom: SiwxConfig = { getNonce: () => 'n0nce1234', addSession: () => {}, getSessions: () => [], revokeSession: () => {} }
    expect(await (await controllerWith(custom)).oneClickRequest(['eip155:1'])).toBeUndefined()
  })

  it('error: a session for another page, a nonce not issued here, or another namespace is refused and not kept', async () => {
    const controller = await controllerWith(localSiwx())
    const fields = (await controller.oneClickRequest(['eip155:10']))!
    await expect(controller.oneClickSession(await signedFor({ ...fields, domain: 'evil.example.com' }))).rejects.toMatchObject({ code: 'SIWX_REFUSED' })
    await expect(controller.oneClickSession(await signedFor({ ...fields, nonce: 'notissued123' }))).rejects.toMatchObject({ code: 'SIWX_REFUSED' })
    const solana = { ...(await signedFor(fields)), data: { ...(await signedFor(fields)).data, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const } }
    await expect(controller.oneClickSession(solana)).rejects.toMatchObject({ code: 'SIWX_REFUSED' })
    expect(await controller.getSessions('eip155:10', alice.address)).toEqual([])
  })
})
