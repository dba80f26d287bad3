/**
 * Polkadot end to end in Chromium with the Dev Wallet's Polkadot extension (`injectedWeb3['portico-dev']`, sr25519
 * //Alice and //Bob from @polkadot/keyring): the demo with `?polkadot=1` lists the extension on the Connect view;
 * connecting asks which of its two accounts to use; the Account view shows the chosen one in the network's SS58
 * format (prefix 0 on Polkadot, 2 on Kusama) with the "not available here" Tokens and Activity states and no error;
 * a signed message verifies with `@polkadot/util-crypto`'s `signatureVerify`; a declined signature shows "Signature
 * declined"; a reload restores the chosen account; an extension with no accounts says so. The same sign-in through
 * WalletConnect (the WalletKit test wallet answering the polkadot namespace).
 */
import { Keyring } from '@polkadot/keyring'
import { signatureVerify } from '@polkadot/util-crypto'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { truncated } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { POLKADOT_DEV_WALLET_CONNECTOR_ID } from '../wallets/polkadot/devExtension.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
const KUSAMA = 'polkadot:b0a8d493285c2df73290dfb7e61f870f'
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
const CONNECTOR = `connector-${POLKADOT_DEV_WALLET_CONNECTOR_ID}`

const keyring = new Keyring({ type: 'sr25519' })
const alice = keyring.createFromUri('//Alice')
const bob = keyring.createFromUri('//Bob')
/** An account's address with an SS58 prefix (0 Polkadot, 2 Kusama). */
const on = (pair: typeof alice, prefix: number) => keyring.encodeAddress(pair.publicKey, prefix)

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** A fresh profile on the demo with polkadot on (debug exposes the kernel). */
async function open(theme: 'light' | 'dark' = 'light', query: Record<string, string> = {}) {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, polkadot: '1', ...query }), { colorScheme: theme })
  return demo
}

const walletRequests = (d: DemoPage) => d.page.evaluate(() => ((window as any).__porticoPolkadotDevWallet?.requests ?? []) as { method: string; outcome: string }[])

/** Opens Connect, picks the Dev Wallet extension and waits for the account picker. */
async function startConnect(d: DemoPage) {
  await d.page.getByTestId('connect-button').click()
  await d.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await d.page.getByTestId(CONNECTOR).click()
}

async function connectAs(d: DemoPage, address: string) {
  await startConnect(d)
  await d.page.getByTestId('view-PolkadotAccounts').waitFor({ state: 'visible', timeout: 30_000 })
  await d.page.getByTestId(`polkadot-account-${address}`).click()
  try {
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  } catch (error) {
    const toasts = await d.page.locator('[data-testid=toast]').allTextContents()
    throw new Error(`The Polkadot Dev Wallet did not connect: ${JSON.stringify({ toasts, requests: await walletRequests(d), pageErrors: d.pageErrors })}`, { cause: error })
  }
}

describe('Polkadot with the Dev Wallet extension', () => {
  it('lists the extension with its name, icon and the "installed" tag; without ?polkadot the plugin never loads', async () => {
    const d = await open()
    await d.page.getByTestId('connect-button').click()
    const item = d.page.getByTestId(CONNECTOR)
    await item.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await item.textContent()).toContain('Portico Dev Wallet')
    expect(await item.textContent()).toContain('installed')
    expect(await item.textContent()).toContain('Polkadot')
    expect(await item.locator('img').first().getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    await d.close()

    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await demo.page.getByTestId(CONNECTOR).count()).toBe(0)
    expect(await kernelState(demo.page, 's => s.plugins.byName.polkadot?.status ?? null')).toBe(null)
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`the visitor picks one of the extension's accounts (${theme}); the Account view shows it in each network's SS58 format, without errors`, async () => {
      const d = await open(theme)
      await startConnect(d)
      const picker = d.page.getByTestId('view-PolkadotAccounts')
      await picker.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await d.page.getByTestId('header-title').textContent()).toBe('Choose an account')
      expect(await picker.textContent()).toContain('Portico Dev Wallet has 2 accounts')
      expect(await d.page.getByTestId(`polkadot-account-${on(alice, 0)}`).textContent()).toContain('Alice')
      await d.page.waitForTimeout(300)
      await screenshot(d.page, `polkadot-account-picker-${theme}`)
      await d.page.getByTestId(`polkadot-account-${on(bob, 0)}`).click()
      await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })

      expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(on(bob, 0))
      expect(await kernelState(d.page, 's => s.chains.accounts.polkadot.caipAddress')).toBe(`${POLKADOT}:${on(bob, 0)}`)
      await d.page.getByTestId('connect-button').click()
      await d.page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
      expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(on(bob, 0)))
      // balances and activity are eip155 and solana only (SPEC §9): the tabs say so, with no error
      await d.page.getByTestId('portfolio-empty').waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.getByTestId('portfolio-error').count()).toBe(0)
      await d.page.waitForTimeout(400)
      await screenshot(d.page, `polkadot-account-${theme}`)
      await d.page.getByTestId('tab-activity').click()
      await d.page.getByTestId('history-empty').waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.getByTestId('history-error').count()).toBe(0)

      // on Kusama the same account shows with prefix 2
      await d.page.evaluate((id) => (window as any).__portico.switchNetwork(id), KUSAMA)
      await waitForState(d.page, `s => s.chains.accounts.polkadot.address === '${on(bob, 2)}' && s.chains.activeCaipNetworkId === '${KUSAMA}'`, 20_000)
      expect(await kernelState(d.page, 's => s.chains.accounts.polkadot.caipAddress')).toBe(`${KUSAMA}:${on(bob, 2)}`)
      await d.page.getByTestId('account-address').filter({ hasText: truncated(on(bob, 2)) }).waitFor({ state: 'visible', timeout: 20_000 })
      expect(await d.page.locator('[data-testid=toast][data-variant=error]').count()).toBe(0)
      expect(d.pageErrors).toEqual([])
    })
  }

  it('signs a message; signatureVerify accepts it for the account and not another; a declined one shows "Signature declined"; a reload restores the chosen account', async () => {
    const d = await open('dark')
    await connectAs(d, on(bob, 0))
    await d.page.getByTestId('demo-sign').click()
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify(DEMO_MESSAGE, signature, on(bob, 0)).isValid).toBe(true)
    expect(signatureVerify(DEMO_MESSAGE, signature, on(alice, 0)).isValid).toBe(false)
    expect(signatureVerify('another message', signature, on(bob, 0)).isValid).toBe(false)
    expect((await walletRequests(d)).filter((r) => r.method === 'signRaw')).toEqual([expect.objectContaining({ outcome: 'approved' })])
    await screenshot(d.page, 'polkadot-demo-signed-dark', { fullPage: true })

    await d.page.evaluate(() => (window as any).__porticoPolkadotDevWallet.setMode('reject'))
    await d.page.getByTestId('demo-sign').click()
    await d.page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
    await d.page.locator('[data-testid=toast]', { hasText: 'Signature declined' }).waitFor({ state: 'visible', timeout: 10_000 })

    await d.page.reload({ waitUntil: 'load' })
    await waitForState(d.page, `s => s.chains.accounts.polkadot?.status === 'connected'`, 30_000)
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(on(bob, 0))
    // the new page's extension object was already allowing the site: enable answered without a prompt
    expect((await walletRequests(d)).filter((r) => r.method === 'enable')).toEqual([expect.objectContaining({ outcome: 'approved' })])
    expect(await kernelState(d.page, 's => s.plugins.byName.polkadot.status')).toBe('ready')

    // disconnecting forgets the connection; the next page load restores nothing
    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('account-disconnect').click()
    await d.page.getByTestId('demo-account-empty').waitFor({ state: 'visible', timeout: 20_000 })
    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await kernelState(d.page, 's => s.chains.accounts.polkadot?.status ?? null')).not.toBe('connected')
  })

  for (const theme of ['light', 'dark'] as const) {
    it(`an extension with no accounts says what to do (${theme})`, async () => {
      const d = await open(theme, { polkadotAccounts: 'none' })
      await startConnect(d)
      const view = d.page.locator('[data-testid=view-ConnectingExternal][data-phase=error]')
      await view.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await view.textContent()).toContain('Portico Dev Wallet has no Polkadot accounts. Create or import one in the extension, then try again.')
      expect(await kernelState(d.page, 's => s.chains.accounts.polkadot?.status ?? null')).not.toBe('connected')
      await d.page.waitForTimeout(300)
      await screenshot(d.page, `polkadot-no-accounts-${theme}`)
    })
  }
})

describe('WalletConnect with Polkadot in the demo', () => {
  let page: DemoPage['page']
  let wc: DemoPage
  let wallet: WalletConnectWallet

  beforeAll(async () => {
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 }, polkadot: {} })
    wc = await openPage(demoUrl(stack.urls.demo, { debug: '1', polkadot: '1' }))
    page = wc.page
  })
  afterAll(async () => {
    await wc?.close()
    await wallet?.close()
  })

  it('one pairing gives the polkadot account too; a message signed through the wallet verifies with signatureVerify', async () => {
    const proposals: Array<{ optionalNamespaces: Record<string, { chains: string[]; methods: string[] }> }> = []
    wallet.on('proposal', (p) => proposals.push(p))
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('connector-walletConnect').click()
    const qr = page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)
    await waitForState(page, `s => s.chains.accounts.polkadot?.status === 'connected' && s.chains.accounts.polkadot.address === '${on(alice, 0)}'`, 30_000)
    expect(proposals[0]!.optionalNamespaces.polkadot).toMatchObject({ methods: ['polkadot_signMessage', 'polkadot_signTransaction'] })
    expect(proposals[0]!.optionalNamespaces.polkadot!.chains).toContain(POLKADOT)
    expect(await kernelState(page, 's => s.chains.accounts.polkadot.connectorId')).toBe('walletConnect')
    // the kernel makes the first network active again once it has connected the session's other namespaces
    await waitForState(page, `s => s.chains.activeCaipNetworkId === 'eip155:31337'`, 10_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 10_000 })

    await page.evaluate((id) => (window as any).__portico.switchNetwork(id), POLKADOT)
    try {
      await page.waitForFunction((a) => document.querySelector('[data-testid=demo-address]')?.getAttribute('title') === a, on(alice, 0), { timeout: 20_000 })
    } catch (error) {
      const chains = await kernelState(page, 's => ({ active: s.chains.activeCaipNetworkId, ns: s.chains.activeNamespace, polkadot: s.chains.accounts.polkadot })')
      throw new Error(`The page did not show the polkadot account: ${JSON.stringify({ chains, shown: await page.getByTestId('demo-address').getAttribute('title').catch(() => null) })}`, { cause: error })
    }
    await page.getByTestId('demo-sign').click()
    const result = page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    expect(signatureVerify(DEMO_MESSAGE, signature, on(alice, 0)).isValid).toBe(true)
    expect(signatureVerify(DEMO_MESSAGE, signature, on(bob, 0)).isValid).toBe(false)
    expect(wallet.requests.filter((r) => r.chainId.startsWith('polkadot:')).map((r) => [r.method, r.chainId, r.outcome])).toEqual([['polkadot_signMessage', POLKADOT, 'approved']])

    wallet.setMode('reject')
    await page.getByTestId('demo-sign').click()
    await page.locator('[data-testid=toast]', { hasText: 'Signature declined' }).waitFor({ state: 'visible', timeout: 20_000 })
    wallet.setMode('approve')
    expect(wc.pageErrors).toEqual([])
  })

  it('a reload restores the polkadot account from the session without asking the wallet', async () => {
    const asked = wallet.requests.length
    await page.reload()
    await waitForState(page, `s => s.chains.accounts.polkadot?.status === 'connected' && s.chains.accounts.polkadot.address === '${on(alice, 0)}'`, 30_000)
    expect(wallet.requests.filter((r) => r.chainId.startsWith('polkadot:'))).toHaveLength(2)
    expect(wallet.requests.slice(asked).filter((r) => r.chainId.startsWith('polkadot:'))).toEqual([])
  })
})
