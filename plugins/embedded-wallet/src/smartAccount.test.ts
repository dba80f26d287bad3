import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryStorage } from '@portico/kernel'
import { evm } from '@portico/plugin-evm'
import { embeddedWalletOf } from './api.js'
import { AUTH_CONNECTOR_ID } from './constants.js'
import type { AuthConnector, EmbeddedWalletParameters } from './connector.js'
import { embeddedWallet } from './plugin.js'
import { FAKE_ADDRESS, FAKE_EMAIL, FAKE_SMART_ADDRESS, type FakeFrame } from './testing/FakeFrame.js'
import { useEmbeddedWalletHarness } from './testing/testKernel.js'

const harness = useEmbeddedWalletHarness()
let fake: FakeFrame
beforeEach(() => {
  fake = harness.fake()
  fake.smartAccountNetworks = [31337]
})

/** A kernel on both local chains with the embedded wallet configured by `parameters`. */
async function setup(parameters: EmbeddedWalletParameters = {}) {
  const storage = createMemoryStorage()
  const kernel = await harness.makeKernel({
    networks: ['eip155:31337', 'eip155:31338'],
    storage,
    plugins: [evm({ rpcUrls: { 31337: ['http://127.0.0.1:1'], 31338: ['http://127.0.0.1:2'] } }), embeddedWallet(parameters)],
  })
  const connector = kernel.getConnector(AUTH_CONNECTOR_ID) as AuthConnector
  const api = embeddedWalletOf(connector)!
  const signIn = async () => {
    await api.connectEmail(FAKE_EMAIL)
    await api.connectOtp('123456')
    await kernel.connect(AUTH_CONNECTOR_ID)
  }
  const account = () => kernel.getState().chains.accounts.eip155!
  return { kernel, connector, storage, signIn, account }
}

describe('auth connector: smart accounts (SPEC §1, §3, §4, §9)', () => {
  it('behavior: on a chain with smart accounts the smart account is the default; both accounts are listed with their types; the networks are stored', async () => {
    const { signIn, account, storage, connector } = await setup()
    await signIn()
    expect(account()).toMatchObject({
      address: FAKE_SMART_ADDRESS,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
      allAccounts: [
        { address: FAKE_SMART_ADDRESS, type: 'smartAccount' },
        { address: FAKE_ADDRESS, type: 'eoa' },
      ],
    })
    expect(fake.sent('GET_USER').at(-1)?.payload).toMatchObject({ chainId: 31337, preferredAccountType: 'smartAccount' })
    expect(await storage.getItem('plugin:embedded-wallet:smartAccountEnabledNetworks')).toEqual([31337])
    expect(connector.smartAccountEnabled()).toBe(true)
    expect(connector.smartAccountEnabled(31338)).toBe(false)
    // nothing to set: the frame already uses the chain's default
    expect(fake.sent('SET_PREFERRED_ACCOUNT')).toHaveLength(0)
  })

  it('behavior: on connect, a type the frame kept that differs from the chain default is set back once', async () => {
    fake.preferred = 'eoa'
    const { signIn, account } = await setup()
    await signIn()
    expect(fake.sent('SET_PREFERRED_ACCOUNT').map((e) => e.payload)).toEqual([{ type: 'smartAccount' }])
    expect(account()).toMatchObject({ address: FAKE_SMART_ADDRESS, preferredAccountType: 'smartAccount' })
  })

  it('behavior: the host overrides the default per chain; a chain without smart accounts uses the eoa', async () => {
    const { signIn, account, kernel } = await setup({ defaultAccountTypes: { 'eip155:31337': 'eoa' } })
    await signIn()
    expect(fake.sent('GET_USER').at(-1)?.payload).toMatchObject({ preferredAccountType: 'eoa' })
    expect(account()).toMatchObject({ address: FAKE_ADDRESS, preferredAccountType: 'eoa' })
    expect(fake.sent('SET_PREFERRED_ACCOUNT')).toHaveLength(0)
    await kernel.switchNetwork('eip155:31338')
    await expect.poll(() => fake.sent('GET_USER').at(-1)?.payload).toMatchObject({ chainId: 31338, preferredAccountType: 'eoa' })
    expect(account().address).toBe(FAKE_ADDRESS)
  })

  it('behavior: switching to the eoa and back changes the account in use, its type and the list the kernel keeps', async () => {
    const { signIn, account, connector } = await setup()
    await signIn()
    await connector.setPreferredAccountType('eoa')
    await expect.poll(() => account().address).toBe(FAKE_ADDRESS)
    await expect.poll(() => account().preferredAccountType).toBe('eoa')
    expect(account().allAccounts).toEqual([
      { address: FAKE_ADDRESS, type: 'eoa' },
      { address: FAKE_SMART_ADDRESS, type: 'smartAccount' },
    ])
    await connector.setPreferredAccountType('smartAccount')
    await expect.poll(() => account().address).toBe(FAKE_SMART_ADDRESS)
    await expect.poll(() => account().preferredAccountType).toBe('smartAccount')
  })

  it('behavior: after the first transaction of an undeployed smart account, its deployment is read again', async () => {
    const { signIn, account, connector } = await setup()
    await signIn()
    expect(account().smartAccountDeployed).toBe(false)
    const provider = await connector.getProvider('eip155')
    const sent = provider.request({ method: 'eth_sendTransaction', params: [{ from: FAKE_SMART_ADDRESS, to: FAKE_ADDRESS, value: '0x1' }] })
    const held = await vi.waitFor(() => fake.take('RPC_REQUEST'))
    fake.smartAccountDeployed = true // the user operation deployed it
    fake.succeed(held, `0x${'12'.repeat(32)}`)
    expect(await sent).toBe(`0x${'12'.repeat(32)}`)
    await expect.poll(() => account().smartAccountDeployed).toBe(true)
  })

  it('error: switching needs a signed-in user', async () => {
    const { connector } = await setup()
    await expect(connector.setPreferredAccountType('eoa')).rejects.toMatchObject({ code: 'NOT_SIGNED_IN' })
  })
})
