/**
 * WalletConnect for Bitcoin in Chromium: the demo with `?bitcoin=1` proposes the bip122 namespace beside eip155; the
 * WalletKit test wallet (in Node, on the stack's relay) approves both, answering bip122 with the Bitcoin Dev
 * Wallet's keys on regtest. One pairing gives the page both accounts (the bip122 one typed payment); a message
 * signed on Bitcoin through the wallet verifies with bip322-js; a declined signature shows "Signature declined"; a
 * PSBT signed through WalletConnect decodes and its signature checks; a reload restores without asking the wallet.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import type {} from '../utils/stack.ts'
import { BITCOIN_CAIP_IDS, BITCOIN_DEV_NETWORKS, bitcoinDevAccounts } from '../wallets/bitcoin/keys.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const [alice] = ANVIL_ACCOUNTS
const REGTEST = BITCOIN_CAIP_IDS.Regtest
const { payment: PAYMENT, ordinals: ORDINALS } = bitcoinDevAccounts('Regtest')
const DEMO_MESSAGE = 'Hello from the Portico demo'

const bitcoinRequests = (wallet: WalletConnectWallet) => wallet.requests.filter((r) => r.chainId.startsWith('bip122:')).map((r) => [r.method, r.outcome])

describe('WalletConnect with Bitcoin in the demo', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 }, bitcoin: true })
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', bitcoin: '1' }))
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
  })

  it('pairs once: the page has the eip155 account and the bip122 payment account of the session', async () => {
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
      `s => s.chains.accounts.bip122?.status === 'connected' && s.chains.accounts.bip122.address === '${PAYMENT.address}' && s.chains.accounts.eip155?.address?.toLowerCase() === '${alice.address.toLowerCase()}'`,
      30_000,
    )
    expect(proposals[0]!.optionalNamespaces.bip122).toMatchObject({ chains: expect.arrayContaining([REGTEST, BITCOIN_CAIP_IDS.Mainnet]), methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'] })
    expect(await kernelState(page, 's => s.chains.accounts.bip122.allAccounts')).toEqual([{ address: PAYMENT.address, type: 'payment' }])
    expect(await kernelState(page, 's => s.chains.accounts.bip122.connectorId')).toBe('walletConnect')
    await waitForState(page, `s => s.chains.activeCaipNetworkId === 'eip155:31337'`, 10_000)
    expect(demo.pageErrors).toEqual([])
  })

  it('signs a message on Bitcoin through the wallet (BIP-322); bip322-js verifies it; a declined one shows "Signature declined"', async () => {
    const { page } = demo
    await page.evaluate((id) => (window as any).__portico.switchNetwork(id), REGTEST)
    await page.waitForFunction((a) => document.querySelector('[data-testid=demo-address]')?.getAttribute('title') === a, PAYMENT.address, { timeout: 20_000 })
    await page.getByTestId('demo-sign').click()
    const result = page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    expect(Verifier.verifySignature(PAYMENT.address, DEMO_MESSAGE, signature)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT.address, 'another message', signature)).toBe(false)
    expect(bitcoinRequests(wallet)).toEqual([['signMessage', 'approved']])
    expect(wallet.requests.find((r) => r.method === 'signMessage')?.params).toEqual({ account: PAYMENT.address, address: PAYMENT.address, message: DEMO_MESSAGE, protocol: 'bip322' })
    await screenshot(page, 'walletconnect-bitcoin-signed', { fullPage: true })

    wallet.setMode('reject')
    try {
      await page.getByTestId('demo-sign').click()
      await page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
      await page.locator('[data-testid=toast]', { hasText: 'Signature declined' }).waitFor({ state: 'visible', timeout: 10_000 })
    } finally {
      wallet.setMode('approve')
    }
  })

  it('signs a PSBT through the wallet: it decodes and the payment input\'s signature checks against its sighash', async () => {
    const prev = Array.from({ length: 32 }, (_, i) => (i * 11 + 3).toString(16).padStart(2, '0').slice(-2)).join('')
    const unsigned = new btc.Transaction()
    unsigned.addInput({ txid: prev, index: 0, witnessUtxo: { script: PAYMENT.script, amount: 40_000n } })
    unsigned.addOutputAddress(ORDINALS.address, 39_000n, BITCOIN_DEV_NETWORKS.Regtest)
    const { psbt } = await demo.page.evaluate(
      async ([psbt, address]) => {
        const kernel = (window as any).__portico
        return kernel.getAdapter('bip122').signPsbt({ connector: kernel.getConnector('walletConnect'), psbt, signInputs: { [address]: [0] } })
      },
      [base64.encode(unsigned.toPSBT()), PAYMENT.address] as const,
    )
    const signed = btc.Transaction.fromPSBT(base64.decode(psbt))
    const [pubkey, der] = signed.getInput(0).partialSig![0]!
    expect(pubkey).toEqual(PAYMENT.publicKey)
    const digest = signed.preimageWitnessV0(0, btc.OutScript.encode({ type: 'pkh', hash: PAYMENT.hash }), btc.SigHash.ALL, 40_000n)
    expect(secp256k1.verify(der.slice(0, -1), digest, PAYMENT.publicKey, { prehash: false, format: 'der' })).toBe(true)
    expect(wallet.requests.find((r) => r.method === 'signPsbt')?.params).toMatchObject({ account: PAYMENT.address, signInputs: [{ address: PAYMENT.address, index: 0, sighashTypes: [1] }] })
  })

  it('a reload restores the bip122 account without asking the wallet; disconnecting ends the session', async () => {
    const { page } = demo
    const before = bitcoinRequests(wallet).length
    await page.reload()
    await waitForState(page, `s => s.chains.accounts.bip122?.status === 'connected' && s.chains.accounts.eip155?.status === 'connected'`, 30_000)
    expect(await kernelState(page, 's => s.chains.accounts.bip122.address')).toBe(PAYMENT.address)
    expect(bitcoinRequests(wallet)).toHaveLength(before)
    await page.evaluate(() => (window as any).__portico.disconnect('bip122'))
    await waitForState(page, `s => s.connection.connections.length === 0`, 20_000)
    await expect.poll(() => Object.keys(wallet.sessions()).length, { timeout: 20_000 }).toBe(0)
  })
})
