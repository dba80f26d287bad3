/**
 * Four namespaces at once (issue 17) in Chromium, on the demo with `?solana=1&polkadot=1&bitcoin=1`: the Dev Wallet
 * connects on eip155, then its Solana, Polkadot and Bitcoin wallets, each reached as a visitor would (the network
 * switcher to a network of the new namespace, the Account view's "Connect Wallet", the wallet's entry on Connect).
 * All four accounts are connected at once; the Networks view groups the four namespaces' networks; choosing a network
 * of another namespace makes its account the active one (the Account view and the connect button change format); a
 * message signed on each namespace verifies independently (viem, ed25519, signatureVerify, bip322-js); a reload
 * restores all four without a prompt; disconnect ends the active namespace's connection and falls back to the next
 * one (SPEC §4), until none is left. A wallet that disappears mid-session (the Polkadot extension's accounts emptied
 * or the extension removed, the Bitcoin provider unregistered) never blanks the page and leaves the other namespaces
 * connected. Screenshots of the Networks view and the Account view per namespace in both themes.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { Keyring } from '@polkadot/keyring'
import { signatureVerify } from '@polkadot/util-crypto'
import { getAddressEncoder, getBase58Encoder, type Address } from '@solana/kit'
import { Verifier } from 'bip322-js'
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { SOLANA_DEV_KEYS } from '../solana/keys.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { DEV_ADDRESS, SECOND_ADDRESS, connectDevWallet, truncated } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { BITCOIN_CAIP_IDS, bitcoinDevAccounts } from '../wallets/bitcoin/keys.ts'
import { BITCOIN_DEV_WALLET_CONNECTOR_ID } from '../wallets/bitcoin/register.ts'
import { POLKADOT_DEV_WALLET_CONNECTOR_ID } from '../wallets/polkadot/devExtension.ts'
import { SOLANA_DEV_WALLET_CONNECTOR_ID } from '../wallets/solana/devWallet.ts'

const stack = inject('stack')
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
const EVM = 'eip155:31337'
const SOLANA = 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP'
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const KUSAMA = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'
const REGTEST = BITCOIN_CAIP_IDS.Regtest

const keyring = new Keyring({ type: 'sr25519' })
const alice = keyring.createFromUri('//Alice')
const bob = keyring.createFromUri('//Bob')
/** //Alice's address with an SS58 prefix (0 Polkadot, 2 Kusama). */
const aliceOn = (prefix: number) => keyring.encodeAddress(alice.publicKey, prefix)
const SOL_ALICE = SOLANA_DEV_KEYS[0]!.address
const { payment: PAYMENT, ordinals: ORDINALS } = bitcoinDevAccounts('Regtest')

type Ns = 'eip155' | 'solana' | 'polkadot' | 'bip122'
/** Each namespace's network the flow switches to, its Dev Wallet account there, and the connector's entry. */
const NAMESPACES: Record<Ns, { network: string; address: string; connector?: string }> = {
  eip155: { network: EVM, address: DEV_ADDRESS },
  solana: { network: SOLANA, address: SOL_ALICE, connector: `connector-${SOLANA_DEV_WALLET_CONNECTOR_ID}` },
  polkadot: { network: POLKADOT, address: aliceOn(0), connector: `connector-${POLKADOT_DEV_WALLET_CONNECTOR_ID}` },
  bip122: { network: REGTEST, address: PAYMENT.address, connector: `connector-${BITCOIN_DEV_WALLET_CONNECTOR_ID}` },
}

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

async function open(theme: 'light' | 'dark') {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, solana: '1', polkadot: '1', bitcoin: '1' }), { colorScheme: theme })
  return demo
}

/** What the page and the wallets say, for a step that did not finish. */
async function diagnostics(d: DemoPage) {
  const state = await kernelState(d.page, 's => ({ active: s.chains.activeCaipNetworkId, accounts: Object.fromEntries(Object.entries(s.chains.accounts).map(([k, a]) => [k, a && { status: a.status, address: a.address }])) })').catch(() => null)
  const toasts = await d.page.locator('[data-testid=toast]').allTextContents()
  return JSON.stringify({ state, toasts, pageErrors: d.pageErrors })
}

/** The Account view, opened from the connect button when the modal is closed. */
async function openAccount(page: Page) {
  if (!(await page.getByTestId('view-Account').isVisible())) {
    if (await page.getByTestId('portico-modal').isVisible()) await page.evaluate(() => (window as any).__portico.close())
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })
    await page.getByTestId('connect-button').click()
  }
  await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
}

/** The Account view's network button → the Networks view → `caipNetworkId`; back on the Account view. */
async function switchTo(page: Page, caipNetworkId: string) {
  await openAccount(page)
  await page.getByTestId('account-network').click()
  await page.getByTestId('view-Networks').waitFor({ state: 'visible', timeout: 10_000 })
  await page.getByTestId(`network-${caipNetworkId}`).click()
  await waitForState(page, `s => s.chains.activeCaipNetworkId === '${caipNetworkId}'`, 20_000)
  await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 10_000 })
}

/**
 * A second wallet as a visitor adds one: the network switcher to the namespace's network, the Account view's
 * "Connect Wallet" (no account there yet), the wallet's entry on Connect (and //Alice on the Polkadot account picker).
 */
async function connectNamespace(d: DemoPage, ns: Exclude<Ns, 'eip155'>) {
  const { page } = d
  const { network, address, connector } = NAMESPACES[ns]
  await switchTo(page, network)
  await page.getByTestId('view-Account').getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await page.getByTestId(connector!).click()
  if (ns === 'polkadot') {
    await page.getByTestId('view-PolkadotAccounts').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId(`polkadot-account-${address}`).click()
  }
  try {
    await waitForState(page, `s => s.chains.accounts['${ns}']?.status === 'connected'`, 30_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  } catch (error) {
    throw new Error(`${ns} did not connect: ${await diagnostics(d)}`, { cause: error })
  }
}

/** Signs the demo's message on the active namespace; returns the new signature. */
async function sign(page: Page): Promise<string> {
  const before = await page.locator('[data-testid=demo-sign-result] [data-value]').getAttribute('data-value', { timeout: 1000 }).catch(() => null)
  await page.getByTestId('demo-sign').click()
  await page.waitForFunction(
    (prev) => {
      const result = document.querySelector('[data-testid=demo-sign-result][data-status=ok] [data-value]')
      return result !== null && result.getAttribute('data-value') !== prev
    },
    before,
    { timeout: 20_000 },
  )
  return (await page.locator('[data-testid=demo-sign-result][data-status=ok] [data-value]').getAttribute('data-value'))!
}

/** Connects all four namespaces in the order eip155, solana, polkadot, bip122. */
async function connectAll(d: DemoPage) {
  await connectDevWallet(d)
  for (const ns of ['solana', 'polkadot', 'bip122'] as const) await connectNamespace(d, ns)
}

const connectedAccounts = (page: Page) =>
  kernelState<Record<string, string | null>>(
    page,
    `s => Object.fromEntries(['eip155', 'solana', 'polkadot', 'bip122'].map((ns) => [ns, s.chains.accounts[ns]?.status === 'connected' ? s.chains.accounts[ns].address : null]))`,
  )

const ALL_CONNECTED = { eip155: DEV_ADDRESS, solana: SOL_ALICE, polkadot: aliceOn(0), bip122: PAYMENT.address }

function verifies(ns: Ns, signature: string, address: string): boolean | Promise<boolean> {
  if (ns === 'solana') {
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    return ed25519.verify(bytes, new TextEncoder().encode(DEMO_MESSAGE), new Uint8Array(getAddressEncoder().encode(address as Address)))
  }
  if (ns === 'polkadot') return signatureVerify(DEMO_MESSAGE, signature, address).isValid
  if (ns === 'bip122') {
    try {
      return Verifier.verifySignature(address, DEMO_MESSAGE, signature)
    } catch {
      return false
    }
  }
  return verifyMessage({ address: address as Hex, message: DEMO_MESSAGE, signature: signature as Hex })
}

/** Another account of the same namespace, for the "does not verify for another" half of each check. */
const OTHER: Record<Ns, string> = { eip155: SECOND_ADDRESS, solana: SOLANA_DEV_KEYS[1]!.address, polkadot: keyring.encodeAddress(bob.publicKey, 0), bip122: ORDINALS.address }

describe('four namespaces connected at once', () => {
  it('connects eip155, solana, polkadot and bitcoin; the switcher groups them; each namespace signs; a reload restores all; disconnect falls back one by one', async () => {
    const d = await open('light')
    const { page } = d
    await connectAll(d)
    expect(await connectedAccounts(page)).toEqual(ALL_CONNECTED)
    expect(await kernelState(page, 's => s.connection.connections.map((c) => c.namespace).sort()')).toEqual(['bip122', 'eip155', 'polkadot', 'solana'])

    // the network switcher lists every namespace's networks under its own label, in the configured order
    await openAccount(page)
    await page.getByTestId('account-network').click()
    await page.getByTestId('view-Networks').waitFor({ state: 'visible', timeout: 10_000 })
    const groups = await page.$$eval('[data-testid=view-Networks] [role=group]', (lists) =>
      lists.map((l) => ({ label: l.getAttribute('aria-label'), networks: [...l.querySelectorAll('[data-testid^="network-"]')].map((i) => i.getAttribute('data-testid')!.slice('network-'.length)) })),
    )
    const byLabel: Record<string, string[]> = Object.fromEntries(groups.filter((g) => g.networks.length > 0).map((g) => [g.label, g.networks]))
    expect(Object.keys(byLabel).sort()).toEqual(['Bitcoin', 'EVM', 'Polkadot', 'Solana'])
    expect(groups.filter((g) => g.networks.length > 0)).toHaveLength(4)
    expect(byLabel.EVM).toContain(EVM)
    expect(byLabel.Solana).toContain(SOLANA)
    expect(byLabel.Polkadot).toEqual(expect.arrayContaining([POLKADOT, KUSAMA]))
    expect(byLabel.Bitcoin).toContain(REGTEST)
    for (const [label, networks] of Object.entries(byLabel)) {
      const ns = ({ EVM: 'eip155', Solana: 'solana', Polkadot: 'polkadot', Bitcoin: 'bip122' } as const)[label as 'EVM']
      expect(networks.every((id) => id.startsWith(`${ns}:`))).toBe(true)
    }
    await page.getByTestId('header-back').click().catch(() => page.evaluate(() => (window as any).__portico.router.goBack()))

    // each namespace in turn: the active account, its format on the Account view and the button, a verified signature
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122'] as const) {
      const { network, address } = NAMESPACES[ns]
      await switchTo(page, network)
      expect(await kernelState(page, 's => s.chains.activeNamespace')).toBe(ns)
      await page.getByTestId('account-address').filter({ hasText: truncated(address) }).waitFor({ state: 'visible', timeout: 20_000 })
      await page.evaluate(() => (window as any).__portico.close())
      await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })
      await page.waitForFunction((a) => document.querySelector('[data-testid=demo-address]')?.getAttribute('title') === a, address, { timeout: 20_000 })
      const signature = await sign(page)
      expect(await verifies(ns, signature, address)).toBe(true)
      expect(await verifies(ns, signature, OTHER[ns])).toBe(false)
      // the other namespaces are still connected
      expect(await connectedAccounts(page)).toEqual(ALL_CONNECTED)
    }

    // Kusama from Bitcoin: the polkadot account comes back in Kusama's SS58 format
    await switchTo(page, KUSAMA)
    await page.getByTestId('account-address').filter({ hasText: truncated(aliceOn(2)) }).waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(page, 's => s.chains.accounts.polkadot.caipAddress')).toBe(`${KUSAMA}:${aliceOn(2)}`)

    // a reload restores all four without asking any wallet
    const asked = await page.evaluate(() => ({
      evm: ((window as any).__porticoDevWallet?.requests ?? []).filter((r: { method: string }) => r.method === 'eth_requestAccounts').length,
    }))
    expect(asked.evm).toBeGreaterThan(0)
    await page.reload({ waitUntil: 'load' })
    try {
      await waitForState(page, `s => ['eip155', 'solana', 'polkadot', 'bip122'].every((ns) => s.chains.accounts[ns]?.status === 'connected')`, 45_000)
    } catch (error) {
      throw new Error(`the reload did not restore all four: ${await diagnostics(d)}`, { cause: error })
    }
    expect(await connectedAccounts(page)).toMatchObject({ eip155: DEV_ADDRESS, solana: SOL_ALICE, bip122: PAYMENT.address })
    const prompts = await page.evaluate(() => ({
      evm: ((window as any).__porticoDevWallet?.requests ?? []).filter((r: { method: string }) => r.method === 'eth_requestAccounts').length,
      solana: ((window as any).__porticoSolanaDevWallet?.requests ?? []).filter((r: { feature: string; silent?: true }) => r.feature === 'standard:connect' && !r.silent).length,
      bitcoin: ((window as any).__porticoBitcoinDevWallet?.requests ?? []).filter((r: { method: string }) => r.method === 'getAccounts' || r.method === 'wallet_connect' || r.method === 'wallet_requestPermissions').length,
    }))
    expect(prompts).toEqual({ evm: 0, solana: 0, bitcoin: 0 })
    expect(await page.locator('[data-testid=toast][data-variant=error]').count()).toBe(0)

    // disconnect ends the active namespace's connection and falls back to the next remaining one (SPEC §4)
    const left = new Set<string>(['eip155', 'solana', 'polkadot', 'bip122'])
    while (left.size > 0) {
      await openAccount(page)
      const active = await kernelState<string>(page, 's => s.chains.activeNamespace')
      expect(left.has(active)).toBe(true)
      await page.getByTestId('account-disconnect').click()
      left.delete(active)
      await waitForState(page, `s => s.chains.accounts['${active}']?.status !== 'connected' && s.connection.connections.length === ${left.size}`, 20_000)
      if (left.size > 0) expect(left.has(await kernelState<string>(page, 's => s.chains.activeNamespace'))).toBe(true)
    }
    await page.getByTestId('demo-account-empty').waitFor({ state: 'visible', timeout: 20_000 })
    await page.reload({ waitUntil: 'load' })
    await page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    await page.waitForTimeout(1000)
    expect(await connectedAccounts(page)).toEqual({ eip155: null, solana: null, polkadot: null, bip122: null })
    expect(d.pageErrors).toEqual([])
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`screenshots (${theme}): the Networks view with four namespaces and the Account view of each`, async () => {
      const d = await open(theme)
      const { page } = d
      await connectAll(d)
      for (const ns of ['eip155', 'solana', 'polkadot', 'bip122'] as const) {
        await switchTo(page, NAMESPACES[ns].network)
        await page.getByTestId('account-address').filter({ hasText: truncated(NAMESPACES[ns].address) }).waitFor({ state: 'visible', timeout: 20_000 })
        // the Tokens tab settled: this namespace's tokens, or its "not available here" state
        if (ns === 'polkadot' || ns === 'bip122')
          await page.getByTestId('portfolio-empty').waitFor({ state: 'visible', timeout: 20_000 }).catch(async (error) => {
            throw new Error(`${ns}: the Tokens tab did not settle: ${await kernelState(page, 's => JSON.stringify(s.portfolio?.key ?? null)')}`, { cause: error })
          })
        await page.getByTestId('portfolio-skeleton').first().waitFor({ state: 'hidden', timeout: 20_000 })
        expect(await page.getByTestId('portfolio-error').count()).toBe(0)
        await page.waitForTimeout(500)
        await screenshot(page, `namespaces-account-${ns}-${theme}`)
      }
      await page.getByTestId('account-network').click()
      await page.getByTestId('view-Networks').waitFor({ state: 'visible', timeout: 10_000 })
      await page.waitForTimeout(500)
      await screenshot(page, `namespaces-networks-${theme}`)
      expect(d.pageErrors).toEqual([])
    })
  }
})

describe('a wallet that disappears mid-session', () => {
  it('the Polkadot extension empties its accounts: the polkadot account ends with a toast, the others stay connected', async () => {
    const d = await open('light')
    const { page } = d
    await connectAll(d)
    await switchTo(page, POLKADOT)
    await page.evaluate(() => (window as any).__porticoPolkadotDevWallet.setAccounts([]))
    try {
      await waitForState(page, `s => s.chains.accounts.polkadot?.status !== 'connected'`, 20_000)
    } catch (error) {
      throw new Error(`the polkadot account stayed connected: ${await diagnostics(d)}`, { cause: error })
    }
    await page.locator('[data-testid=toast]', { hasText: 'Portico Dev Wallet ended the connection' }).waitFor({ state: 'visible', timeout: 10_000 })
    expect(await connectedAccounts(page)).toEqual({ eip155: DEV_ADDRESS, solana: SOL_ALICE, polkadot: null, bip122: PAYMENT.address })
    await page.waitForTimeout(300)
    await screenshot(page, 'namespaces-polkadot-ended-light')
    // the page still works: the kernel fell back to another connection, and it signs
    await page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 20_000 })
    const active = await kernelState<Ns>(page, 's => s.chains.activeNamespace')
    expect(active).not.toBe('polkadot')
    await page.evaluate(() => (window as any).__portico.close())
    const signature = await sign(page)
    expect(await verifies(active, signature, NAMESPACES[active].address)).toBe(true)
    expect(d.pageErrors).toEqual([])
  })

  it('the Polkadot extension is removed from injectedWeb3: the session it already granted stays usable; the others stay connected', async () => {
    const d = await open('dark')
    const { page } = d
    await connectAll(d)
    await switchTo(page, POLKADOT)
    await page.evaluate(() => {
      delete (window as any).injectedWeb3['portico-dev']
    })
    await page.evaluate(() => (window as any).__portico.close())
    // the extension's injected signer, enabled before, is what the adapter holds: signing still works (the
    // polkadot{.js} protocol has no removal event; a wallet that revokes empties its accounts, the test above)
    const signature = await sign(page)
    expect(await verifies('polkadot', signature, aliceOn(0))).toBe(true)
    expect(await connectedAccounts(page)).toEqual(ALL_CONNECTED)
    expect(await page.locator('[data-testid=toast][data-variant=error]').count()).toBe(0)
    expect(d.pageErrors).toEqual([])
  })

  it('the Bitcoin provider is unregistered: nothing crashes; a signature then fails saying the wallet is gone; the others stay connected', async () => {
    const d = await open('light')
    const { page } = d
    await connectAll(d)
    await switchTo(page, REGTEST)
    await page.evaluate(() => (window as any).__porticoBitcoinDevWalletRemove())
    await page.evaluate(() => (window as any).__portico.close())
    await page.getByTestId('demo-sign').click()
    await page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 }).catch(async (error) => {
      throw new Error(`signing without the provider did not fail cleanly: ${await diagnostics(d)}`, { cause: error })
    })
    const gone = 'The wallet is no longer available in this browser. Open or reinstall it, then connect again.'
    await page.locator('[data-testid=toast][data-variant=error]', { hasText: gone }).waitFor({ state: 'visible', timeout: 10_000 })
    expect(await page.locator('[data-testid=demo-sign-result][data-status=error]').textContent()).toContain(gone)
    await page.waitForTimeout(300)
    await screenshot(page, 'namespaces-bitcoin-removed-light')
    expect(await connectedAccounts(page)).toMatchObject({ eip155: DEV_ADDRESS, solana: SOL_ALICE, polkadot: aliceOn(0) })
    expect(d.pageErrors).toEqual([])
  })
})
