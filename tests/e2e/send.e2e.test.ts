/**
 * Send and Receive end to end in Chromium with the Portico Dev Wallet on the stack's first anvil chain and its test
 * token (PTD, 6 decimals, 1 USD; ETH at 3000 USD in the api's price table): the Account view's Receive shows the
 * address as a QR code that reads back from the screen's pixels; Send moves 12.5 PTD and some ETH to addresses
 * typed by hand, and the receivers' balances on chain grow by exactly that; Max on ETH leaves the fee; an invalid
 * address and an amount above the balance are refused with clear messages. Screenshots of each view in both themes.
 * Each test signs with an account of its own (a fresh key the Dev Wallet takes on, funded from anvil's fourth dev
 * account), so the other e2e files' balances and nonces never move under it, nor its under them.
 */
import { erc20Abi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, connectDevWallet, openAccountView } from '../utils/devWallet.ts'
import { scanQrCode } from '../utils/qr.ts'
import { fillSend, freshAddress, fundedAccount, openFeature, successToast, until } from '../utils/send.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

/** This test's own account: only it signs with it, so no other e2e file's balances or nonces move under it. */
let account: { key: Hex; address: Address } = { key: '0x', address: '0x' }

async function open(theme: 'light' | 'dark', funds: { eth?: bigint; ptd?: string } = {}) {
  account = await fundedAccount(stack, chain, funds.eth ?? parseEther('10'), funds.ptd ?? '100')
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  await demo.page.evaluate((key) => (window as any).__porticoDevWallet.useKey(key), account.key)
  await connectDevWallet(demo)
  await openAccountView(demo.page)
  return demo.page
}

describe('Receive', () => {
  it.each(['light', 'dark'] as const)('shows the address as a QR code that reads back from the pixels (%s)', async (theme) => {
    const page = await open(theme)
    await openFeature(page, 'receive')
    await page.getByTestId('view-WalletReceive').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await page.getByTestId('receive-qr').getAttribute('data-uri')).toBe(account.address)
    expect(await page.getByTestId('receive-address').textContent()).toBe(account.address)
    expect(await scanQrCode(page, '[data-testid=receive-qr]')).toBe(account.address)
    // the networks this address receives on: both local chains
    await page.getByTestId('receive-network-eip155:31337').waitFor({ state: 'visible' })
    expect(await page.getByTestId('receive-network-eip155:31338').isVisible()).toBe(true)
    await page.waitForTimeout(400)
    await screenshot(page, `receive-${theme}`)
    expect(demo!.pageErrors).toEqual([])
  })
})

describe('Send', () => {
  it('sends 12.5 PTD to an address typed by hand: the receiver holds exactly 12.5 PTD more (light)', async () => {
    expect(stack.token, 'the stack deployed no test token').toBeDefined()
    const token = stack.token!
    const tokenAddress = token.addresses['31337']!
    const receiver = freshAddress()
    const balanceOf = () => chain.readContract({ address: tokenAddress, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] })
    const before = await balanceOf()

    const page = await open('light')
    await fillSend(page, token.symbol, '12.5', receiver)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-form-light')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('view-WalletSendPreview').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-amount').textContent()).toBe('12.5 PTD')
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-fee-native').textContent()).toMatch(/^0\.0*[1-9]\d{0,2} ETH$/)
    expect(await page.getByTestId('send-preview-fee-usd').textContent()).toMatch(/^\$\d[\d,]*\.\d{2}$/)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-preview-light')

    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    expect(await successToast(page).textContent()).toContain('Transaction started')
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    // the form starts empty next time
    expect(await kernelState(page, 's => [s.send.token, s.send.sendTokenAmount, s.send.receiverAddress].every((v) => v === undefined)')).toBe(true)
    expect(await until(balanceOf, before + parseUnits('12.5', token.decimals))).toBe(before + parseUnits('12.5', token.decimals))
  })

  it('sends ETH to an address typed by hand: the receiver holds exactly that much more (dark)', async () => {
    const receiver = freshAddress()
    const balanceOf = () => chain.getBalance({ address: receiver })
    const before = await balanceOf()

    const page = await open('dark')
    await fillSend(page, 'ETH', '0.25', receiver.toLowerCase())
    await page.waitForTimeout(300)
    await screenshot(page, 'send-form-dark')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('view-WalletSendPreview').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.waitForTimeout(300)
    await screenshot(page, 'send-preview-dark')
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await until(balanceOf, before + parseEther('0.25'))).toBe(before + parseEther('0.25'))
  })

  it('Max on ETH leaves the network fee', async () => {
    const page = await open('light')
    await openFeature(page, 'send')
    await page.getByTestId('send-token-ETH').click()
    await page.getByTestId('send-max').click()
    await page.waitForFunction(() => (document.querySelector('[data-testid=send-amount]') as HTMLInputElement | null)?.value !== '')
    const max = parseEther(await page.getByTestId('send-amount').inputValue())
    const balance = await chain.getBalance({ address: account.address })
    const gasPrice = await chain.getGasPrice()
    expect(max).toBeGreaterThan(0n)
    expect(balance - max).toBeGreaterThanOrEqual(21_000n * gasPrice)
  })

  it('refuses an invalid address and an amount above the balance, saying why', async () => {
    const page = await open('light')
    await fillSend(page, 'PTD', '999999999', '0x1234')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-address-error').waitFor({ state: 'visible' })
    expect(await page.getByTestId('send-address-error').textContent()).toBe('This is not a valid EVM address. Check it and try again.')
    expect(await page.getByTestId('send-amount-error').textContent()).toBe('The amount is above your PTD balance.')
    expect(await page.getByTestId('send-address').getAttribute('aria-invalid')).toBe('true')
    await page.waitForTimeout(300)
    await screenshot(page, 'send-errors-light')
    // still on the form: nothing was sent
    expect(await page.getByTestId('view-WalletSend').isVisible()).toBe(true)
    expect(await page.getByTestId('view-WalletSendPreview').count()).toBe(0)
  })

  it('a wallet that rejects: "Signature declined", and the preview keeps everything for another try', async () => {
    const page = await open('light')
    await fillSend(page, 'PTD', '1', freshAddress())
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.evaluate(() => (window as any).__porticoDevWallet.setMode('reject'))
    await page.getByTestId('send-confirm').click()
    const toast = page.locator('[data-testid=toast][data-variant=error]')
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await toast.textContent()).toContain('Signature declined')
    expect(await page.getByTestId('view-WalletSendPreview').isVisible()).toBe(true)
    expect(await kernelState(page, 's => s.send.sendTokenAmount')).toBe('1')
    await page.getByTestId('send-edit').click()
    expect(await page.getByTestId('send-amount').inputValue()).toBe('1')
  })

  it('"Insufficient gas" for an account with tokens but no ETH; Send stays off', async () => {
    // its own account: PTD, and no ETH at all
    const page = await open('dark', { eth: 0n, ptd: '50' })
    await fillSend(page, 'PTD', '1', freshAddress())
    await page.getByTestId('send-submit').click()
    const warning = page.getByTestId('send-insufficient-gas')
    await warning.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await warning.textContent()).toContain('Insufficient gas')
    expect(await page.getByTestId('send-confirm').isDisabled()).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-insufficient-gas-dark')
  })
})
