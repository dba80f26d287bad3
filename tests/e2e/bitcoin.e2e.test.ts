/**
 * Bitcoin end to end in Chromium with the Dev Wallet's Bitcoin wallet (the sats-connect provider protocol, real
 * secp256k1 keys, regtest addresses): the demo with `?bitcoin=1` lists the wallet on the Connect view; connecting
 * shows the payment address on the page and the Account view, with the ordinals address beside it in `allAccounts`
 * and the Tokens and Activity tabs' "not available" empty states; a signed message verifies with bip322-js (an
 * independent BIP-322 implementation); a signed PSBT decodes with btc-signer and its signatures check against the
 * sighashes; a transfer is a valid signed transaction spending the wallet's fixture coin; a declined signature shows
 * "Signature declined"; a reload restores the session without a prompt; disconnect revokes.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { base64 } from '@scure/base'
import * as btc from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { truncated } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { BITCOIN_CAIP_IDS, BITCOIN_DEV_NETWORKS, BITCOIN_FIXTURE_UTXO, bitcoinDevAccounts } from '../wallets/bitcoin/keys.ts'
import { BITCOIN_DEV_WALLET_CONNECTOR_ID } from '../wallets/bitcoin/register.ts'

const stack = inject('stack')
const DEMO_MESSAGE = 'Hello from the Portico demo'
const CONNECTOR = `connector-${BITCOIN_DEV_WALLET_CONNECTOR_ID}`
const REGTEST = BITCOIN_DEV_NETWORKS.Regtest
const { payment: PAYMENT, ordinals: ORDINALS } = bitcoinDevAccounts('Regtest')

/** bip322-js throws on a signature that cannot belong to the address's type: that is "does not verify" too. */
function verifies(address: string, message: string, signature: string): boolean {
  try {
    return Verifier.verifySignature(address, message, signature)
  } catch {
    return false
  }
}

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

async function open(theme: 'light' | 'dark' = 'light') {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, bitcoin: '1' }), { colorScheme: theme })
  return demo
}

const walletRequests = (d: DemoPage) => d.page.evaluate(() => ((window as any).__porticoBitcoinDevWallet?.requests ?? []) as { method: string }[])

async function connect(d: DemoPage) {
  await d.page.getByTestId('connect-button').click()
  await d.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await d.page.getByTestId(CONNECTOR).click()
  try {
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  } catch (error) {
    const toasts = await d.page.locator('[data-testid=toast]').allTextContents()
    throw new Error(`The Bitcoin Dev Wallet did not connect: ${JSON.stringify({ toasts, requests: await walletRequests(d), pageErrors: d.pageErrors })}`, { cause: error })
  }
}

/** Runs one of the bitcoin adapter's own methods in the page, with the Dev Wallet's connector. */
function adapterCall<T>(d: DemoPage, method: 'signPsbt' | 'sendTransfer', params: Record<string, unknown>): Promise<T> {
  return d.page.evaluate(
    async ([method, params, connectorId]) => {
      const kernel = (window as any).__portico
      const revive = (v: any): any => (typeof v === 'string' && /^\d+n$/.test(v) ? BigInt(v.slice(0, -1)) : Array.isArray(v) ? v.map(revive) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, revive(x)])) : v)
      return kernel.getAdapter('bip122')[method]({ ...revive(params), connector: kernel.getConnector(connectorId) })
    },
    [method, params, BITCOIN_DEV_WALLET_CONNECTOR_ID] as const,
  ) as Promise<T>
}

describe('Bitcoin with the Dev Wallet', () => {
  it('lists the wallet on the Connect view with its icon; without ?bitcoin neither the wallet nor the plugin is there', async () => {
    const d = await open()
    await d.page.getByTestId('connect-button').click()
    const item = d.page.getByTestId(CONNECTOR)
    await item.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await item.textContent()).toContain('Portico Dev Wallet')
    expect(await item.textContent()).toContain('installed')
    expect(await item.locator('img').first().getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    await d.page.waitForTimeout(300)
    await screenshot(d.page, 'bitcoin-connect-light')
    await d.close()

    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await demo.page.getByTestId(CONNECTOR).count()).toBe(0)
    expect(await kernelState(demo.page, 's => s.plugins.byName.bitcoin?.status ?? null')).toBe(null)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`connects (${theme}): the payment address on the page and the Account view, typed accounts, regtest, "not available" tabs`, async () => {
      const d = await open(theme)
      await connect(d)
      expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(PAYMENT.address)
      expect(PAYMENT.address).toMatch(/^bcrt1q/)
      expect(await kernelState(d.page, 's => s.chains.activeCaipNetworkId')).toBe(BITCOIN_CAIP_IDS.Regtest)
      expect(await kernelState(d.page, 's => s.chains.accounts.bip122.allAccounts')).toEqual([
        { address: PAYMENT.address, type: 'payment' },
        { address: ORDINALS.address, type: 'ordinals' },
      ])
      // the wallet was asked for both purposes, once
      expect((await walletRequests(d)).filter((r) => r.method === 'getAccounts')).toHaveLength(1)

      await d.page.getByTestId('connect-button').click()
      await d.page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(PAYMENT.address))
      await d.page.getByTestId('portfolio-empty').waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.getByTestId('portfolio-empty').textContent()).toContain('not available on Bitcoin Regtest')
      expect(await d.page.getByTestId('portfolio-error').count()).toBe(0)
      await d.page.waitForTimeout(400)
      await screenshot(d.page, `bitcoin-account-${theme}`)
      await d.page.getByTestId('tab-activity').click()
      await d.page.getByTestId('history-empty').waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.getByTestId('history-error').count()).toBe(0)
      await d.page.waitForTimeout(300)
      await screenshot(d.page, `bitcoin-activity-${theme}`)
      expect(d.pageErrors).toEqual([])
    })
  }

  it('signs a message from the demo (BIP-322); bip322-js verifies it for the payment address, not for another message or address', async () => {
    const d = await open()
    await connect(d)
    await d.page.getByTestId('demo-sign').click()
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    expect(Verifier.verifySignature(PAYMENT.address, DEMO_MESSAGE, signature)).toBe(true)
    expect(Verifier.verifySignature(PAYMENT.address, `${DEMO_MESSAGE}!`, signature)).toBe(false)
    expect(verifies(ORDINALS.address, DEMO_MESSAGE, signature)).toBe(false)
    const sign = (await walletRequests(d)).find((r) => r.method === 'signMessage') as { params?: { protocol?: string } } | undefined
    expect(sign?.params?.protocol).toBe('BIP322')
  })

  it('signs a PSBT spending a payment and an ordinals input: it decodes and both signatures check against the sighashes', async () => {
    const d = await open()
    await connect(d)
    const prev = (n: number) => Array.from({ length: 32 }, (_, i) => ((i * 7 + n) % 256).toString(16).padStart(2, '0')).join('')
    const unsigned = new btc.Transaction()
    unsigned.addInput({ txid: prev(1), index: 0, witnessUtxo: { script: PAYMENT.script, amount: 50_000n } })
    unsigned.addInput({ txid: prev(2), index: 1, witnessUtxo: { script: ORDINALS.script, amount: 10_000n }, tapInternalKey: ORDINALS.publicKey })
    unsigned.addOutputAddress(ORDINALS.address, 55_000n, REGTEST)
    const { psbt } = await adapterCall<{ psbt: string }>(d, 'signPsbt', {
      psbt: base64.encode(unsigned.toPSBT()),
      signInputs: { [PAYMENT.address]: [0], [ORDINALS.address]: [1] },
    })
    const signed = btc.Transaction.fromPSBT(base64.decode(psbt))
    expect(signed.inputsLength).toBe(2)
    // input 0, P2WPKH: a DER signature + SIGHASH_ALL over the BIP-143 preimage, by the payment key
    const [pubkey, der] = signed.getInput(0).partialSig![0]!
    expect(pubkey).toEqual(PAYMENT.publicKey)
    const scriptCode = btc.OutScript.encode({ type: 'pkh', hash: PAYMENT.hash })
    const digest0 = signed.preimageWitnessV0(0, scriptCode, btc.SigHash.ALL, 50_000n)
    expect(der.at(-1)).toBe(btc.SigHash.ALL)
    expect(secp256k1.verify(der.slice(0, -1), digest0, PAYMENT.publicKey, { prehash: false, format: 'der' })).toBe(true)
    expect(secp256k1.verify(der.slice(0, -1), digest0, secp256k1.getPublicKey(ORDINALS.privateKey, true), { prehash: false, format: 'der' })).toBe(false)
    // input 1, P2TR key path: a 64-byte Schnorr signature over the BIP-341 digest, by the tweaked output key
    const tapSig = signed.getInput(1).tapKeySig!
    expect(tapSig).toHaveLength(64)
    const digest1 = signed.preimageWitnessV1(1, [PAYMENT.script, ORDINALS.script], btc.SigHash.DEFAULT, [50_000n, 10_000n])
    expect(schnorr.verify(tapSig, digest1, ORDINALS.tweakedPubkey)).toBe(true)
    // the whole transaction finalises
    signed.finalize()
    expect(signed.id).toMatch(/^[0-9a-f]{64}$/)
  })

  it('sends a transfer: a valid transaction spending the fixture coin, paying the receiver, its id returned', async () => {
    const d = await open()
    await connect(d)
    const txid = await adapterCall<string>(d, 'sendTransfer', { recipients: [{ address: ORDINALS.address, amount: '25000n' }] })
    const [hex] = await d.page.evaluate(() => (window as any).__porticoBitcoinDevWallet.sent.slice(-1) as string[])
    const tx = btc.Transaction.fromRaw(btc.utils.concatBytes(...hex!.match(/../g)!.map((h) => new Uint8Array([parseInt(h, 16)]))), { allowUnknownOutputs: true })
    expect(tx.id).toBe(txid)
    expect(btc.utils.compareBytes(tx.getInput(0).txid!, new Uint8Array(BITCOIN_FIXTURE_UTXO.txid.match(/../g)!.map((h) => parseInt(h, 16))))).toBe(0)
    expect(tx.getOutput(0)).toMatchObject({ amount: 25_000n })
    expect(btc.Address(REGTEST).encode(btc.OutScript.decode(tx.getOutput(0).script!))).toBe(ORDINALS.address)
    // the witness signature checks against the input's BIP-143 digest
    const [der, key] = tx.getInput(0).finalScriptWitness!
    expect(key).toEqual(PAYMENT.publicKey)
    const digest = tx.preimageWitnessV0(0, btc.OutScript.encode({ type: 'pkh', hash: PAYMENT.hash }), btc.SigHash.ALL, BITCOIN_FIXTURE_UTXO.amount)
    expect(secp256k1.verify(der!.slice(0, -1), digest, PAYMENT.publicKey, { prehash: false, format: 'der' })).toBe(true)

    // the demo's "Send 0.01 BTC" goes through the kernel's sendTransaction: 1,000,000 sats to the ordinals address
    await d.page.waitForFunction(() => document.querySelector('[data-testid=demo-send]')?.textContent === 'Send 0.01 BTC', undefined, { timeout: 20_000 })
    await d.page.getByTestId('demo-send').click()
    const result = d.page.locator('[data-testid=demo-send-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    const [sentHex] = await d.page.evaluate(() => (window as any).__porticoBitcoinDevWallet.sent.slice(-1) as string[])
    const sent = btc.Transaction.fromRaw(btc.utils.concatBytes(...sentHex!.match(/../g)!.map((h) => new Uint8Array([parseInt(h, 16)]))))
    expect(await result.locator('[data-value]').getAttribute('data-value')).toBe(sent.id)
    expect(sent.getOutput(0).amount).toBe(1_000_000n)
  })

  it('a declined signature shows "Signature declined"; a reload restores without a prompt; disconnect revokes', async () => {
    const d = await open()
    await connect(d)
    await d.page.evaluate(() => (window as any).__porticoBitcoinDevWallet.setMode('reject'))
    await d.page.getByTestId('demo-sign').click()
    await d.page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
    await d.page.locator('[data-testid=toast]', { hasText: 'Signature declined' }).waitFor({ state: 'visible', timeout: 10_000 })

    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(PAYMENT.address)
    const methods = (await walletRequests(d)).map((r) => r.method)
    expect(methods).toContain('wallet_getAccount')
    expect(methods).not.toContain('getAccounts')
    expect(await kernelState(d.page, 's => s.chains.accounts.bip122.allAccounts.map(a => a.type)')).toEqual(['payment', 'ordinals'])

    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('account-disconnect').click()
    await d.page.getByTestId('demo-account-empty').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await d.page.evaluate(() => (window as any).__porticoBitcoinDevWallet.authorized)).toBe(false)
  })
})
