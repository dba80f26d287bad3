/**
 * EVM end to end in Chromium with the Portico Dev Wallet (EIP-6963, real keys) on the stack's two anvil chains:
 * connect; address and balance; sign from the demo (verified with viem); send from the demo (receipt read from the
 * chain, balance shown again); switch between the chains; the wallet moving to an unlisted chain; a declined
 * signature; reload restoring the session; disconnect. Every test starts on its own fresh browser profile.
 */
import { parseEther, verifyMessage, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { ANVIL_ACCOUNTS } from '../anvil/index.ts'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import {
  DEV_ADDRESS,
  PROMPTING_METHODS,
  SECOND_ADDRESS,
  chainClients,
  connectDevWallet,
  floor3,
  openAccountView,
  truncated,
  waitForText,
  walletMethods,
} from '../utils/devWallet.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chains = chainClients(stack)
/** The message the demo's "Sign message" signs (hosts/demo/src/config.ts). */
const DEMO_MESSAGE = 'Hello from the Portico demo'

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** A fresh profile on the demo (debug exposes the kernel as `window.__portico`). */
async function open(theme: 'light' | 'dark' = 'light') {
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  return demo
}

const balanceOf = async (chainId: 31337 | 31338, address = DEV_ADDRESS) => chains[chainId].getBalance({ address })

describe('EVM with the Dev Wallet', () => {
  it('connects: the modal closes by itself and the page shows the account', async () => {
    const d = await open()
    await connectDevWallet(d)
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(DEV_ADDRESS)
    expect(await d.page.getByTestId('demo-address').textContent()).toBe(truncated(DEV_ADDRESS))
    expect(await d.page.getByTestId('demo-network').textContent()).toBe('Anvil')
    expect(await kernelState(d.page, 's => s.connection.status')).toBe('connected')
    expect(await walletMethods(d.page)).toContain('eth_requestAccounts')
    expect(d.pageErrors).toEqual([])
  })

  it('shows the truncated address and the floored balance in the Account view', async () => {
    const d = await open()
    await connectDevWallet(d)
    await openAccountView(d.page)
    expect(await d.page.getByTestId('account-address').textContent()).toBe('0xf3...b92266')
    expect(truncated(DEV_ADDRESS)).toBe('0xf3...b92266')
    const expected = `${floor3(await balanceOf(31337))} ETH`
    await waitForText(d.page, 'account-balance', expected)
    await waitForText(d.page, 'demo-balance', expected)
    await d.page.waitForTimeout(400)
    await screenshot(d.page, 'evm-account-light')
  })

  it('signs a message from the demo, and the signature verifies against the dev address', async () => {
    const d = await open()
    await connectDevWallet(d)
    await d.page.getByTestId('demo-sign').click()
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 20_000 })
    const signature = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: DEV_ADDRESS, message: DEMO_MESSAGE, signature })).toBe(true)
    expect(await verifyMessage({ address: SECOND_ADDRESS, message: DEMO_MESSAGE, signature })).toBe(false)
    expect(await walletMethods(d.page)).toContain('personal_sign')
    await screenshot(d.page, 'evm-demo-signed-light', { fullPage: true })
  })

  it('sends 0.01 ETH from the demo: the receipt is on the chain and the new balance shows', async () => {
    const d = await open('dark')
    await connectDevWallet(d)
    const before = { from: await balanceOf(31337), to: await balanceOf(31337, SECOND_ADDRESS) }
    await waitForText(d.page, 'demo-balance', `${floor3(before.from)} ETH`)

    await d.page.getByTestId('demo-send').click()
    const result = d.page.locator('[data-testid=demo-send-result][data-status=ok]')
    await result.waitFor({ state: 'visible', timeout: 30_000 })
    const hash = (await result.locator('[data-value]').getAttribute('data-value')) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)

    const receipt = await chains[31337].waitForTransactionReceipt({ hash, timeout: 20_000 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(DEV_ADDRESS.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(SECOND_ADDRESS.toLowerCase())
    const tx = await chains[31337].getTransaction({ hash })
    expect(tx.value).toBe(parseEther('0.01'))
    const after = { from: await balanceOf(31337), to: await balanceOf(31337, SECOND_ADDRESS) }
    expect(after.to - before.to).toBe(parseEther('0.01'))
    expect(before.from - after.from).toBe(parseEther('0.01') + receipt.gasUsed * receipt.effectiveGasPrice)

    // the page and the Account view show the balance after the send
    await waitForText(d.page, 'demo-balance', `${floor3(after.from)} ETH`)
    await screenshot(d.page, 'evm-demo-sent-dark', { fullPage: true })
    await openAccountView(d.page)
    await waitForText(d.page, 'account-balance', `${floor3(after.from)} ETH`)
  })

  it('switches between the two local chains; the wallet follows and each chain’s balance shows', async () => {
    // make the chains' balances differ, so the one shown says which chain was read
    const [alice, bob] = ANVIL_ACCOUNTS
    const { createWalletClient, http } = await import('viem')
    const { privateKeyToAccount } = await import('viem/accounts')
    const wallet = createWalletClient({ account: privateKeyToAccount(alice.privateKey), transport: http(stack.urls.anvil2) })
    const hash = await wallet.sendTransaction({ to: bob.address, value: parseEther('1.5'), chain: null })
    await chains[31338].waitForTransactionReceipt({ hash })
    const [on31337, on31338] = [await balanceOf(31337), await balanceOf(31338)]
    expect(floor3(on31337)).not.toBe(floor3(on31338))

    const d = await open()
    await connectDevWallet(d)
    await openAccountView(d.page)
    await waitForText(d.page, 'account-balance', `${floor3(on31337)} ETH`)

    await d.page.getByTestId('account-network').click()
    await d.page.getByTestId('view-Networks').waitFor({ state: 'visible' })
    await d.page.waitForTimeout(300)
    await screenshot(d.page, 'evm-networks-light')
    await d.page.getByTestId('network-eip155:31338').click()
    await waitForState(d.page, 's => s.chains.activeCaipNetworkId === "eip155:31338"', 20_000)
    expect(await d.page.evaluate(() => (window as any).__porticoDevWallet.chainId)).toBe(31338)
    expect(await walletMethods(d.page)).toContain('wallet_switchEthereumChain')
    await waitForText(d.page, 'demo-network', 'Anvil 2')
    await waitForText(d.page, 'demo-balance', `${floor3(on31338)} ETH`)
    if (!(await d.page.getByTestId('view-Account').isVisible())) await openAccountView(d.page)
    await waitForText(d.page, 'account-balance', `${floor3(on31338)} ETH`)
    expect(await d.page.getByTestId('account-network').textContent()).toContain('Anvil 2')

    // and back
    await d.page.getByTestId('account-network').click()
    await d.page.getByTestId('network-eip155:31337').click()
    await waitForState(d.page, 's => s.chains.activeCaipNetworkId === "eip155:31337"', 20_000)
    expect(await d.page.evaluate(() => (window as any).__porticoDevWallet.chainId)).toBe(31337)
    await waitForText(d.page, 'demo-balance', `${floor3(on31337)} ETH`)
  })

  it('the wallet moving to an unlisted chain brings the UnsupportedChain view; picking a listed one recovers', async () => {
    const d = await open()
    await connectDevWallet(d)
    await d.page.evaluate(() => (window as any).__porticoDevWallet.moveToChain(1337))
    await d.page.getByTestId('view-UnsupportedChain').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(d.page, 's => s.chains.activeCaipNetworkId')).toBe('eip155:1337')
    expect(await d.page.getByTestId('unsupported-current').textContent()).toContain('eip155:1337')
    await d.page.waitForTimeout(400)
    await screenshot(d.page, 'evm-unsupported-chain-light')

    await d.page.getByTestId('network-eip155:31337').click()
    await waitForState(d.page, 's => s.chains.activeCaipNetworkId === "eip155:31337"', 20_000)
    expect(await d.page.evaluate(() => (window as any).__porticoDevWallet.chainId)).toBe(31337)
    await d.page.getByTestId('view-UnsupportedChain').waitFor({ state: 'hidden' })
    await waitForText(d.page, 'demo-network', 'Anvil')
  })

  it('a declined signature shows the "Signature declined" toast and the error on the page', async () => {
    const d = await open()
    await connectDevWallet(d)
    await d.page.evaluate(() => (window as any).__porticoDevWallet.setMode('reject'))
    await d.page.getByTestId('demo-sign').click()
    const toast = d.page.locator('[data-testid=toast][data-variant=error]')
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await toast.textContent()).toContain('Signature declined')
    const result = d.page.locator('[data-testid=demo-sign-result][data-status=error]')
    await result.waitFor({ state: 'visible' })
    expect((await result.textContent())?.toLowerCase()).toMatch(/reject|declin|denied/)
    await screenshot(d.page, 'evm-signature-declined-light', { fullPage: true })

    // approving again works
    await d.page.evaluate(() => (window as any).__porticoDevWallet.setMode('approve'))
    await d.page.getByTestId('demo-sign').click()
    await d.page.locator('[data-testid=demo-sign-result][data-status=ok]').waitFor({ state: 'visible', timeout: 20_000 })
  })

  it('a reload restores the session without a new wallet prompt', async () => {
    const d = await open()
    await connectDevWallet(d)
    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    await waitForState(d.page, `s => s.connection.status === 'connected' && s.chains.accounts.eip155?.address === '${DEV_ADDRESS}'`, 30_000)
    await d.page.getByTestId('demo-address').waitFor({ state: 'visible' })
    expect(await d.page.getByTestId('demo-address').getAttribute('title')).toBe(DEV_ADDRESS)
    // the wallet's request log starts with the new page: nothing that would prompt the visitor
    const methods = await walletMethods(d.page)
    expect(methods).toContain('eth_accounts')
    expect(methods.filter((m) => PROMPTING_METHODS.includes(m))).toEqual([])
    expect(await kernelState(d.page, 's => s.modal.open')).toBe(false)
    await waitForText(d.page, 'demo-balance', `${floor3(await balanceOf(31337))} ETH`)
  })

  it('disconnect clears the session, and a reload stays disconnected', async () => {
    const d = await open()
    await connectDevWallet(d)
    await openAccountView(d.page)
    await d.page.getByTestId('account-disconnect').click()
    await d.page.getByTestId('demo-account-empty').waitFor({ state: 'visible', timeout: 20_000 })
    await waitForState(d.page, 's => s.connection.status === "disconnected" && !s.chains.accounts.eip155?.address')
    // the modal, still open, offers the wallets again
    if (await d.page.getByTestId('portico-modal').isVisible()) {
      await d.page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 20_000 })
      await d.page.waitForTimeout(400)
      await screenshot(d.page, 'evm-disconnected-light')
    }

    await d.page.reload({ waitUntil: 'load' })
    await d.page.getByTestId('connect-button').waitFor({ state: 'visible', timeout: 30_000 })
    await d.page.waitForLoadState('networkidle')
    await d.page.waitForTimeout(1000)
    expect(await d.page.getByTestId('demo-account-empty').isVisible()).toBe(true)
    expect(await kernelState(d.page, 's => s.connection.status')).toBe('disconnected')
    expect((await walletMethods(d.page)).filter((m) => PROMPTING_METHODS.includes(m))).toEqual([])
  })
})
