/**
 * Send and Receive through WalletConnect, in Chromium: the WalletKit test wallet (in Node, on the stack's relay)
 * holds an account of this file's own, funded on the spot, and pairs from the QR code. Receive shows that address as
 * a QR code that reads back from the pixels; Send moves PTD and ETH to addresses typed by hand, the wallet signs the
 * transactions it is asked for, and the receivers' balances on chain grow by exactly that; a rejection in the wallet
 * shows "Signature declined" and keeps the preview.
 */
import { erc20Abi, isAddressEqual, parseEther, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { demoUrl, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { chainClients, openAccountView } from '../utils/devWallet.ts'
import { scanQrCode } from '../utils/qr.ts'
import { fillSend, freshAddress, fundedAccount, openFeature, successToast, until } from '../utils/send.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]

describe('Send and Receive through WalletConnect', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet
  let address: `0x${string}`

  beforeAll(async () => {
    const account = await fundedAccount(stack, chain, parseEther('10'), '100')
    address = account.address
    wallet = await createWalletConnectWallet({ relayUrl: stack.urls.relay, rpcUrls: { 31337: stack.urls.anvil, 31338: stack.urls.anvil2 }, accounts: [account.key] })
    demo = await openPage(demoUrl(stack.urls.demo, { debug: '1' }))
    const { page } = demo
    await page.getByTestId('connect-button').click()
    await page.getByTestId('view-Connect').waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('connector-walletConnect').click()
    const qr = page.locator('[data-testid=wc-qr][data-uri]')
    await qr.waitFor({ state: 'visible', timeout: 30_000 })
    await wallet.pair((await qr.getAttribute('data-uri'))!)
    await waitForState(page, `s => s.connection.status === 'connected' && s.chains.accounts.eip155?.address?.toLowerCase() === '${address.toLowerCase()}'`, 30_000)
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  })
  afterAll(async () => {
    await demo?.close()
    await wallet?.close()
  })

  it('Receive shows the WalletConnect account as a QR code that reads back from the pixels', async () => {
    const { page } = demo
    await openAccountView(page)
    await openFeature(page, 'receive')
    await page.getByTestId('view-WalletReceive').waitFor({ state: 'visible', timeout: 30_000 })
    expect(isAddressEqual((await page.getByTestId('receive-qr').getAttribute('data-uri')) as `0x${string}`, address)).toBe(true)
    expect(isAddressEqual((await scanQrCode(page, '[data-testid=receive-qr]')) as `0x${string}`, address)).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, 'walletconnect-receive-light')
    await page.getByTestId('modal-close').click()
    await page.getByTestId('portico-modal').waitFor({ state: 'hidden' })
  })

  it('sends 12.5 PTD: the wallet signs the transfer and the receiver holds exactly 12.5 PTD more', async () => {
    const { page } = demo
    const token = stack.token!
    const receiver = freshAddress()
    const balanceOf = () => chain.readContract({ address: token.addresses['31337']!, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    await openAccountView(page)
    await fillSend(page, token.symbol, '12.5', receiver)
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await until(balanceOf, parseUnits('12.5', token.decimals))).toBe(parseUnits('12.5', token.decimals))
    const sent = wallet.requests.filter((r) => r.method === 'eth_sendTransaction').at(-1)
    expect(sent).toMatchObject({ chainId: 'eip155:31337', outcome: 'approved' })
    await page.getByTestId('modal-close').click()
  })

  it('sends ETH: the receiver holds exactly that much more', async () => {
    const { page } = demo
    const receiver = freshAddress()
    await openAccountView(page)
    await fillSend(page, 'ETH', '0.125', receiver)
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    expect(await until(() => chain.getBalance({ address: receiver }), parseEther('0.125'))).toBe(parseEther('0.125'))
    await page.getByTestId('modal-close').click()
  })

  it('a rejection in the wallet: "Signature declined", the preview stays, nothing moves', async () => {
    const { page } = demo
    const receiver = freshAddress()
    await openAccountView(page)
    await fillSend(page, 'PTD', '1', receiver)
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    wallet.setMode('reject')
    await page.getByTestId('send-confirm').click()
    const toast = page.locator('[data-testid=toast][data-variant=error]')
    await toast.waitFor({ state: 'visible', timeout: 30_000 })
    wallet.setMode('approve')
    expect(await toast.textContent()).toContain('Signature declined')
    expect(await page.getByTestId('view-WalletSendPreview').isVisible()).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, 'walletconnect-send-declined-light')
    expect(await chain.readContract({ address: stack.token!.addresses['31337']!, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })).toBe(0n)
  })
})
