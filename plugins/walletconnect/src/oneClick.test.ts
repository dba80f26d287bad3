// @vitest-environment node
/**
 * One-click sign-in through WalletConnect (SPEC §4), with real parts: the kernel with the eip155 adapter, the siwx
 * plugin (the browser-only `localSiwx` verifier, which checks the signature with viem), the connector on a real
 * relay and the WalletKit test wallet, which signs the pairing's sign-in request with anvil's dev key.
 */
import { createKernel, createMemoryStorage, type Kernel } from '@portico/kernel'
import { evm } from '@portico/plugin-evm'
import { localSiwx, siwx } from '@portico/plugin-siwx'
import { solana } from '@portico/plugin-solana'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '@portico/tests/anvil'
import { SOLANA_LOCAL_CHAIN_ID } from '@portico/tests/solana/keys'
import { createWalletConnectWallet, type WalletConnectWallet } from '@portico/tests/wallets/walletconnect'
import { formatMessage } from '@walletconnect/utils'
import { verifyMessage, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import type { WalletConnectConnector } from './connector.js'
import type { OneClickRequest } from './oneClick.js'
import { cacaoMessage, sessionFromCacao } from './oneClickSession.js'
import { walletConnect } from './plugin.js'
import { selectWalletConnect } from './slice.js'

vi.setConfig({ testTimeout: 30_000 })

let relay: Relay
let anvil: Anvil
const cleanups: Array<() => unknown> = []
let n = 0
const [alice] = ANVIL_ACCOUNTS

beforeAll(async () => {
  ;[relay, anvil] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 })])
}, 60_000)
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
})
afterAll(async () => {
  await Promise.all([relay?.close(), anvil?.stop()])
})

async function startKernel(options: { solana?: boolean } = {}) {
  const kernel = createKernel({
    projectId: 'portico-unit',
    metadata: { name: 'Portico one-click test', description: '', url: 'http://localhost', icons: [] },
    networks: ['eip155:31337', ...(options.solana ? [SOLANA_LOCAL_CHAIN_ID] : [])],
    adapters: options.solana ? ['eip155', 'solana'] : ['eip155'],
    endpoints: { relay: relay.url },
    plugins: [
      evm({ rpcUrls: { 31337: [anvil.url] } }),
      ...(options.solana ? [solana({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:1' }, walletStandard: false })] : []),
      walletConnect({ storagePrefix: `one-click-${++n}`, logger: 'silent' }),
      siwx(),
    ],
    siwx: localSiwx({ statement: 'Sign in to the one-click test.' }),
    storage: createMemoryStorage(),
    isMobile: () => false,
  })
  await kernel.ready
  const connector = kernel.getConnector('walletConnect') as WalletConnectConnector
  cleanups.push(async () => {
    await connector.destroy()
    kernel.destroy()
  })
  return kernel
}

async function startWallet(authenticate = true) {
  const wallet = await createWalletConnectWallet({ relayUrl: relay.url, rpcUrls: { 31337: anvil.url }, authenticate })
  cleanups.push(() => wallet.close())
  return wallet
}

type Proposal = { requests?: { authentication?: Array<Record<string, unknown>> } }

async function connect(kernel: Kernel, wallet: WalletConnectWallet) {
  const proposals: Proposal[] = []
  wallet.on('proposal', (p: Proposal) => proposals.push(p))
  const connecting = kernel.connect('walletConnect')
  const uri = await vi.waitFor(
    () => {
      const u = selectWalletConnect(kernel.getState()).wcUri
      if (!u) throw new Error('no URI yet')
      return u
    },
    { timeout: 15_000, interval: 10 },
  )
  await wallet.pair(uri)
  await connecting
  return proposals
}

type SiwxState = { session?: { message: string; signature: string; data: { accountAddress: string; chainId: string } }; pending?: unknown }
const siwxState = (kernel: Kernel) => (kernel.getState() as unknown as { siwx: SiwxState }).siwx
const top = (kernel: Kernel) => kernel.getState().router.history.at(-1)?.view

describe('one-click sign-in through WalletConnect', () => {
  it('behavior: every chain eip155: the pairing carries the sign-in request, the wallet signs it, the session is kept and no prompt opens', async () => {
    const kernel = await startKernel()
    const wallet = await startWallet()
    const proposals = await connect(kernel, wallet)
    expect(proposals[0]!.requests!.authentication).toEqual([
      expect.objectContaining({ chains: ['eip155:31337'], domain: 'localhost', aud: 'http://localhost', statement: 'Sign in to the one-click test.' }),
    ])
    await vi.waitFor(() => expect(siwxState(kernel).session?.data.accountAddress.toLowerCase()).toBe(alice.address.toLowerCase()))
    const session = siwxState(kernel).session!
    // the text kept is the one the wallet signed, and the signature is the account's
    expect(session.message).toBe(wallet.authentications[0]!.message)
    expect(await verifyMessage({ address: alice.address, message: session.message, signature: session.signature as Hex })).toBe(true)
    expect(session.data.chainId).toBe('eip155:31337')
    // one prompt in the wallet (the pairing), none in the modal
    expect(wallet.requests.filter((r) => r.method === 'personal_sign')).toEqual([])
    await new Promise((r) => setTimeout(r, 100))
    expect(siwxState(kernel).pending).toBeUndefined()
    expect(top(kernel)).not.toBe('SIWXSignMessage')
  })

  it('behavior: a solana chain among the requested ones: no sign-in request in the pairing; the prompt asks after the connect', async () => {
    const kernel = await startKernel({ solana: true })
    const wallet = await startWallet()
    const proposals = await connect(kernel, wallet)
    expect(proposals[0]!.requests?.authentication).toBeUndefined()
    await vi.waitFor(() => expect(top(kernel)).toBe('SIWXSignMessage'))
    expect(siwxState(kernel).session).toBeUndefined()
  })

  it('behavior: a wallet that ignores the sign-in request connects; the prompt asks after the connect', async () => {
    const kernel = await startKernel()
    const wallet = await startWallet(false)
    const proposals = await connect(kernel, wallet)
    expect(proposals[0]!.requests!.authentication).toHaveLength(1)
    await vi.waitFor(() => expect(top(kernel)).toBe('SIWXSignMessage'))
    expect(wallet.authentications).toEqual([])
  })
})

describe('CACAO to session', () => {
  const request: OneClickRequest = { chains: ['eip155:1', 'eip155:10'], domain: 'app.example.com', uri: 'https://app.example.com', nonce: 'a1b2c3d4e5f6a7b8', statement: 'Sign in.' }
  const cacao = (p: Record<string, unknown> = {}, s: Record<string, unknown> = {}) => ({
    h: { t: 'caip122' },
    p: { iss: `did:pkh:eip155:10:${alice.address}`, domain: request.domain, aud: request.uri, version: '1', nonce: request.nonce, iat: '2026-11-24T20:00:00.000Z', statement: 'Sign in.', exp: '2026-11-25T20:00:00.000Z', ...p },
    s: { t: 'eip191', s: `0x${'ab'.repeat(65)}`, ...s },
  })

  it('behavior: the message is WalletConnect\'s own formatting of the CACAO, line for line (with and without optional fields)', () => {
    for (const c of [cacao(), cacao({ statement: undefined, exp: undefined }), cacao({ nbf: '2026-11-24T20:00:00.000Z', requestId: 'r-1', resources: ['https://a.example/x'] })]) {
      expect(cacaoMessage(c as never)).toBe(formatMessage(c.p as never, c.p.iss as string))
    }
  })

  it('behavior: a session for the chain the wallet signed on, with the fields of the message', () => {
    expect(sessionFromCacao(cacao(), request)).toMatchObject({
      data: { chainId: 'eip155:10', accountAddress: alice.address, nonce: request.nonce, domain: request.domain, uri: request.uri, statement: 'Sign in.', issuedAt: '2026-11-24T20:00:00.000Z' },
      signature: `0x${'ab'.repeat(65)}`,
    })
  })

  it('error: another nonce, domain, uri or an unrequested chain, a non-EIP-191 signature, a recap resource or a malformed CACAO gives nothing', () => {
    expect(sessionFromCacao(cacao({ nonce: 'other-nonce-1' }), request)).toBeUndefined()
    expect(sessionFromCacao(cacao({ domain: 'evil.example.com' }), request)).toBeUndefined()
    expect(sessionFromCacao(cacao({ aud: 'https://evil.example.com' }), request)).toBeUndefined()
    expect(sessionFromCacao(cacao({ iss: `did:pkh:eip155:137:${alice.address}` }), request)).toBeUndefined()
    expect(sessionFromCacao(cacao({}, { t: 'eip1271' }), request)).toBeUndefined()
    expect(sessionFromCacao(cacao({ resources: ['urn:recap:eyJhdHQiOnt9fQ'] }), request)).toBeUndefined()
    expect(sessionFromCacao({ h: {}, p: 'no' }, request)).toBeUndefined()
  })
})
