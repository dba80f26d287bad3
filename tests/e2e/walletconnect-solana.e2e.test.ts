/**
 * WalletConnect for Solana in Chromium: the demo with `?solana=1` proposes the solana namespace beside eip155; the
 * WalletKit test wallet (in Node, on the stack's relay) pairs from the QR code's URI and approves both, with anvil's
 * dev key for eip155 and the local Solana chain's dev keypair for solana. One pairing gives the page both accounts;
 * a message signed on Solana through the wallet verifies with an independent ed25519 check (@noble/curves); a
 * reload restores both; disconnecting ends both.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { getAddressEncoder, getBase58Encoder, type Address } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import { SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID } from '../solana/keys.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const [alice] = ANVIL_ACCOUNTS
const SOL_ALICE = SOLANA_DEV_KEYS[0]!.address
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'

/** The wallet's Solana requests so far (the demo also reads the EVM side's capabilities). */
const solanaRequests = (wallet: WalletConnectWallet) => wallet.requests.filter((r) => r.chainId.startsWith('solana:')).map((r) => [r.method, r.chainId, r.outcome])
const publicKey = (address: string) => new Uint8Array(getAddressEncoder().encode(address as Address))

describe('WalletConnect with Solana in the demo', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    wallet = await createWalletConnectWallet({
      relayUrl: stack.urls.relay,
      rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 },
      solana: { rpcUrls: { [SOLANA_LOCAL_CHAIN_ID]: stack.urls.solana } },
    })
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', solana: '1', solanaRpc: stack.urls.solana }))
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
  })

  it('pairs once: the page has the eip155 and the Solana account of the session', async () => {
    const { page } = demo
    const proposals: Array<{ optionalNamespaces: Record<string, { chains: string[]; methods: string[] }> }> = []
    wallet.on('proposal', (p) => proposals.push(p))
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('connector-walletConnect').click()
    const qr = page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)

    await waitForState(
      page,
      `s => s.chains.accounts.solana?.status === 'connected' && s.chains.accounts.solana.address === '${SOL_ALICE}' && s.chains.accounts.eip155?.address?.toLowerCase() === '${alice.address.toLowerCase()}'`,
      30_000,
    )
    expect(proposals[0]!.optionalNamespaces.solana).toMatchObject({
      chains: [SOLANA_LOCAL_CHAIN_ID],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    })
    expect(await kernelState(page, 's => s.chains.accounts.solana.connectorId')).toBe('walletConnect')
    // the account the visitor connected with is the active one once the kernel has connected the session's solana
    // account too (it switches back to the first network right after)
    await waitForState(page, `s => s.chains.activeCaipNetworkId === 'eip155:31337'`, 10_000)
    expect(await kernelState(page, 's => s.connection.connections.map(c => c.namespace).sort()')).toEqual(['eip155', 'solana'])
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })
    expect(demo.pageErrors).toEqual([])
  })

  it('signs a message on Solana through the wallet; the signature verifies with ed25519 against the account, not another', async () => {
    const { page } = demo
    await page.evaluate((id) => (window as any).__portico.switchNetwork(id), SOLANA_LOCAL_CHAIN_ID)
    await page.getByTestId('demo-address').waitFor({ state: 'visible' })
    await page.waitForFunction((a) => document.querySelector('[data-testid=demo-address]')?.getAttribute('title') === a, SOL_ALICE, { timeout: 20_000 })
    await page.getByTestId('demo-sign').click()
    const result = page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    const message = new TextEncoder().encode(DEMO_MESSAGE)
    expect(bytes).toHaveLength(64)
    expect(ed25519.verify(bytes, message, publicKey(SOL_ALICE))).toBe(true)
    expect(ed25519.verify(bytes, message, publicKey(SOLANA_DEV_KEYS[1]!.address))).toBe(false)
    expect(solanaRequests(wallet)).toEqual([['solana_signMessage', SOLANA_LOCAL_CHAIN_ID, 'approved']])
    await screenshot(page, 'walletconnect-solana-signed', { fullPage: true })
  })

  it('a reload restores both accounts without asking the wallet; disconnecting ends both', async () => {
    const { page } = demo
    await page.reload()
    await waitForState(
      page,
      `s => s.chains.accounts.solana?.status === 'connected' && s.chains.accounts.eip155?.status === 'connected'`,
      30_000,
    )
    expect(await kernelState(page, 's => s.chains.accounts.solana.address')).toBe(SOL_ALICE)
    // restoring asked the wallet nothing on Solana: the accounts are the stored session's
    expect(solanaRequests(wallet)).toHaveLength(1)

    await page.evaluate(() => (window as any).__portico.disconnect('solana'))
    await waitForState(page, `s => s.connection.connections.length === 0`, 20_000)
    await expect.poll(() => Object.keys(wallet.sessions()).length, { timeout: 20_000 }).toBe(0)
  })
})
