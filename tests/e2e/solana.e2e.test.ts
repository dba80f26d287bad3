/**
 * Solana end to end in Chromium with the Dev Wallet's Solana wallet (Wallet Standard, real ed25519 keys) on a local
 * Solana chain (the stack's: LiteSVM behind the JSON-RPC): the demo with `?solana=1` lists the wallet on
 * the Connect view; connecting shows the account with its SOL balance read from the chain; the adapter reads the
 * PTD balance from the chain in the page; a signed message verifies with an independent ed25519 check
 * (@noble/curves); 0.01 SOL sent from the demo is read back from the chain; a reload restores the session without
 * a prompt; disconnect revokes.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { createSolanaRpc, getAddressEncoder, getBase58Encoder, type Address } from '@solana/kit'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD } from '../solana/keys.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { DEV_CONNECTOR, floor3, truncated, waitForText } from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'
import { SOLANA_DEV_WALLET_CONNECTOR_ID } from '../wallets/solana/devWallet.ts'

const stack = inject('stack')
const ALICE = SOLANA_DEV_KEYS[0]!.address
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'
const CONNECTOR = `connector-${SOLANA_DEV_WALLET_CONNECTOR_ID}`

/** The stack's local Solana chain (the api reads and proxies it too, so the page and the api agree on blockhashes). */
const chain = { rpcUrl: stack.urls.solana }
let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** A fresh profile on the demo with solana on (debug exposes the kernel). */
async function open(theme: 'light' | 'dark' = 'light') {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, solana: '1' }), { colorScheme: theme })
  return demo
}

/** The Solana wallet's requests on this page. */
const walletRequests = (d: DemoPage) =>
  d.page.evaluate(() => ((window as any).__porticoSolanaDevWallet?.requests ?? []) as { feature: string; silent?: true }[])

async function connect(d: DemoPage) {
  await d.page.getByTestId('connect-button').click()
  await d.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
  await d.page.getByTestId(CONNECTOR).click()
  try {
    await d.page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  } catch (error) {
    const toasts = await d.page.locator('[data-testid=toast]').allTextContents()
    throw new Error(`The Solana Dev Wallet did not connect: ${JSON.stringify({ toasts, requests: await walletRequests(d), pageErrors: d.pageErrors })}`, { cause: error })
  }
}

const solBalance = async (address: string) => (await createSolanaRpc(chain.rpcUrl).getBalance(address as Address, { commitment: 'confirmed' }).send()).value

describe('Solana with the Dev Wallet', () => {
  it('lists the Solana wallet on the Connect view with its icon and the "installed" tag; without ?solana it is not there', async () => {
    const d = await open()
    await d.page.getByTestId('connect-button').click()
    const item = d.page.getByTestId(CONNECTOR)
    await item.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await item.textContent()).toContain('Portico Dev Wallet')
    expect(await item.textContent()).toContain('installed')
    expect(await item.locator('img').first().getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    // the same wallet is announced for EVM too: each row says its chain
    expect(await item.textContent()).toContain('Solana')
    expect(await d.page.getByTestId(DEV_CONNECTOR).textContent()).toContain('Ethereum and EVM networks')
    await d.page.waitForTimeout(300)
    await screenshot(d.page, 'solana-connect-light')
    await d.close()

    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    await demo.page.getByTestId('connect-button').click()
    await demo.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await demo.page.getByTestId(CONNECTOR).count()).toBe(0)
    expect(await kernelState(demo.page, 's => s.plugins.byName.solana?.status ?? null')).toBe(null)
    expect(demo.requests.some((r) => r.path.includes('/solana/'))).toBe(false)
  })

  it('connects: the page and the Account view show the address, the local network and the SOL balance from the chain', async () => {
    const d = await open()
    await connect(d)
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(ALICE)
    expect(await d.page.getByTestId('demo-network').textContent()).toBe('Solana Local')
    expect(await kernelState(d.page, 's => s.chains.activeCaipNetworkId')).toBe(SOLANA_LOCAL_CHAIN_ID)
    const expected = `${floor3(await solBalance(ALICE), 9)} SOL`
    await waitForText(d.page, 'demo-balance', expected)

    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await d.page.getByTestId('account-address').textContent()).toBe(truncated(ALICE))
    await waitForText(d.page, 'account-balance', expected)
    await d.page.waitForTimeout(400)
    await screenshot(d.page, 'solana-account-light')

    // the SPL balances, read by the adapter in the page from the chain (getTokenAccountsByOwner, jsonParsed)
    const tokens = await d.page.evaluate(async ([address, caipNetworkId]) => {
      const kernel = (window as any).__portico
      const network = kernel.getState().chains.networks.find((n: { caipNetworkId: string }) => n.caipNetworkId === caipNetworkId)
      const list = await kernel.getAdapter('solana').getTokenBalances({ address, network })
      return list.map((t: { mint: string; balance: string; decimals: number }) => ({ mint: t.mint, balance: t.balance, decimals: t.decimals }))
    }, [ALICE, SOLANA_LOCAL_CHAIN_ID] as const)
    expect(tokens).toEqual([{ mint: SOLANA_PTD.mint, balance: String(SOLANA_PTD.grant), decimals: SOLANA_PTD.decimals }])
    expect(d.pageErrors).toEqual([])
  })

  it('signs a message from the demo; the signature verifies with @noble/curves against the address, not another', async () => {
    const d = await open('dark')
    await connect(d)
    await d.page.getByTestId('demo-sign').click()
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value'))!
    const bytes = new Uint8Array(getBase58Encoder().encode(signature))
    const message = new TextEncoder().encode(DEMO_MESSAGE)
    const publicKey = (address: string) => new Uint8Array(getAddressEncoder().encode(address as Address))
    expect(bytes).toHaveLength(64)
    expect(ed25519.verify(bytes, message, publicKey(ALICE))).toBe(true)
    expect(ed25519.verify(bytes, message, publicKey(SOLANA_DEV_KEYS[1]!.address))).toBe(false)
    expect((await walletRequests(d)).map((r) => r.feature)).toContain('solana:signMessage')
    await screenshot(d.page, 'solana-demo-signed-dark', { fullPage: true })
  })

  it('sends 0.01 SOL from the demo; the receiver\'s balance is read back from the chain and the sender\'s shown again', async () => {
    const d = await open()
    await connect(d)
    const receiver = SOLANA_DEV_KEYS[1]!.address
    const before = await solBalance(receiver)
    // the label follows the active network, which the page learns just after the connect
    await d.page.waitForFunction(() => document.querySelector('[data-testid=demo-send]')?.textContent === 'Send 0.01 SOL', undefined, { timeout: 20_000 })
    await d.page.getByTestId('demo-send').click()
    const result = d.page.locator('[data-testid=demo-send-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await result.locator('[data-value]').getAttribute('data-value')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await expect.poll(() => solBalance(receiver), { timeout: 20_000 }).toBe(before + 10_000_000n)
    await waitForText(d.page, 'demo-balance', `${floor3(await solBalance(ALICE), 9)} SOL`)
    expect((await walletRequests(d)).map((r) => r.feature)).toContain('solana:signAndSendTransaction')
  })

  it('a declined signature shows "Signature declined"; a reload restores the session without a prompt; disconnect revokes', async () => {
    const d = await open()
    await connect(d)
    await d.page.evaluate(() => (window as any).__porticoSolanaDevWallet.setMode('reject'))
    await d.page.getByTestId('demo-sign').click()
    await d.page.locator('[data-testid=demo-sign-result][data-status=error]').waitFor({ state: 'visible', timeout: 20_000 })
    await d.page.locator('[data-testid=toast]', { hasText: 'Signature declined' }).waitFor({ state: 'visible', timeout: 10_000 })

    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(ALICE)
    // the page's new wallet object saw only silent connects: the kernel restored without a prompt
    expect((await walletRequests(d)).filter((r) => r.feature === 'standard:connect').every((r) => r.silent)).toBe(true)

    await d.page.getByTestId('connect-button').click()
    await d.page.getByTestId('account-disconnect').click()
    await d.page.getByTestId('demo-account-empty').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await d.page.evaluate(() => (window as any).__porticoSolanaDevWallet.authorized)).toBe(false)
  })
})
