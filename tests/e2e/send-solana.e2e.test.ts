/**
 * Send on Solana end to end in Chromium with the Dev Wallet's Solana wallet (Wallet Standard, real ed25519 keys) on
 * the stack's local Solana chain (LiteSVM behind the JSON-RPC): 1.5 PTD to an address typed by hand whose token
 * account does not exist yet (created in the same transaction) and 0.25 SOL to another; the receivers' balances read
 * from the chain grow by exactly that; the preview prices the fee in SOL and the new account's deposit; Max on SOL
 * leaves the fee; a refusal in the wallet keeps the preview; an invalid address and an amount above the balance are
 * refused with clear messages. Each test signs with a fresh keypair of its own (`?solanaKey=`), funded on the spot
 * from a dev key no other e2e file signs with. Screenshots in both themes.
 */
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { address, createSolanaRpc } from '@solana/kit'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { LAMPORTS_PER_SOL, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD } from '../solana/keys.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { openAccountView } from '../utils/devWallet.ts'
import { freshSolanaAddress, fundedSolanaAccount, openFeature, successToast, until } from '../utils/send.ts'
import type {} from '../utils/stack.ts'
import { SOLANA_DEV_WALLET_CONNECTOR_ID } from '../wallets/solana/devWallet.ts'

const stack = inject('stack')
const rpc = createSolanaRpc(stack.urls.solana)
/** PTD's CAIP-10 address on the local chain, as the token picker's `data-token` carries it. */
const PTD = `${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}`
const PTD_UNIT = 10n ** BigInt(SOLANA_PTD.decimals)

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

const lamports = async (owner: string) => (await rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value
/** The owner's PTD in units, or undefined while its associated token account does not exist. */
async function ptdUnits(owner: string): Promise<bigint | undefined> {
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc.getTokenAccountBalance(ata, { commitment: 'confirmed' }).send().catch(() => ({ value: undefined }))
  return value ? BigInt(value.amount) : undefined
}

/** This test's own account (2 SOL, 20 PTD), the demo with solana on signing with it, connected, on the Account view. */
async function open(theme: 'light' | 'dark') {
  const account = await fundedSolanaAccount(stack.urls.solana, 2n * LAMPORTS_PER_SOL, 20n * PTD_UNIT)
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme, solana: '1', solanaKey: account.seed }), { colorScheme: theme })
  const { page } = demo
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`connector-${SOLANA_DEV_WALLET_CONNECTOR_ID}`).click()
  await page.getByTestId('portico-modal').waitFor({ state: 'hidden', timeout: 30_000 })
  await page.getByTestId('demo-address').waitFor({ state: 'visible', timeout: 30_000 })
  expect(await page.getByTestId('demo-address').getAttribute('title')).toBe(account.address)
  await openAccountView(page)
  return { page, account }
}

/** Opens Send, picks the token (`native` or its CAIP-10 address) and fills the amount and the receiver, typed. */
async function fill(page: DemoPage['page'], token: string, amount: string, receiver: string): Promise<string> {
  await openFeature(page, 'send')
  await page.getByTestId('view-WalletSend').waitFor({ state: 'visible', timeout: 30_000 })
  const item = page.locator(`[data-token="${token}"]`)
  await item.waitFor({ state: 'visible', timeout: 30_000 })
  const symbol = (await item.getAttribute('data-testid'))!.replace(/^send-token-/, '')
  await item.click()
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-address').pressSequentially(receiver, { delay: 5 })
  return symbol
}

describe('Send on Solana', () => {
  it("sends 1.5 PTD to a fresh address typed by hand: its token account is created and holds exactly 1.5 PTD (light)", async () => {
    const receiver = await freshSolanaAddress()
    expect(await ptdUnits(receiver)).toBeUndefined()
    const { page, account } = await open('light')
    const symbol = await fill(page, PTD, '1.5', receiver)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-solana-form-light')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('view-WalletSendPreview').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-amount').textContent()).toBe(`1.5 ${symbol}`)
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    // one signature at 5,000 lamports, and the receiver's new token account's rent deposit
    expect(await page.getByTestId('send-preview-fee-native').textContent()).toBe('0.000005 SOL')
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(await page.getByTestId('send-preview-rent').textContent()).toBe(`${Number((Number(rent) / 1e9).toPrecision(3))} SOL`)
    expect(await page.getByTestId('send-insufficient-gas').count()).toBe(0)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-solana-preview-light')

    const before = await lamports(account.address)
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    expect(await successToast(page).textContent()).toContain('Transaction started')
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(page, 's => [s.send.token, s.send.sendTokenAmount, s.send.receiverAddress].every((v) => v === undefined)')).toBe(true)
    expect(await until(() => ptdUnits(receiver), 1_500_000n)).toBe(1_500_000n)
    expect(await ptdUnits(account.address)).toBe(20n * PTD_UNIT - 1_500_000n)
    // the sender paid the fee and the deposit, nothing else
    expect(before - (await lamports(account.address))).toBe(5_000n + rent)
    expect(demo!.pageErrors).toEqual([])
  })

  it('sends 0.25 SOL to another address typed by hand: it holds exactly 0.25 SOL more (dark)', async () => {
    const receiver = await freshSolanaAddress()
    const { page } = await open('dark')
    await fill(page, 'native', '0.25', receiver)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-solana-form-dark')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('view-WalletSendPreview').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-amount').textContent()).toBe('0.25 SOL')
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('send-preview-fee-native').textContent()).toBe('0.000005 SOL')
    expect(await page.getByTestId('send-preview-rent').count()).toBe(0)
    await page.waitForTimeout(300)
    await screenshot(page, 'send-solana-preview-dark')
    await page.getByTestId('send-confirm').click()
    await successToast(page).waitFor({ state: 'visible', timeout: 30_000 })
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await until(() => lamports(receiver), LAMPORTS_PER_SOL / 4n)).toBe(LAMPORTS_PER_SOL / 4n)
  })

  it('Max on SOL leaves exactly the network fee', async () => {
    const { page, account } = await open('light')
    await openFeature(page, 'send')
    await page.locator('[data-token="native"]').click()
    await page.getByTestId('send-max').click()
    await page.waitForFunction(() => (document.querySelector('[data-testid=send-amount]') as HTMLInputElement | null)?.value !== '')
    const [whole = '0', fraction = ''] = (await page.getByTestId('send-amount').inputValue()).split('.')
    const max = BigInt(whole + fraction.padEnd(9, '0'))
    expect(max).toBe((await lamports(account.address)) - 5_000n)
  })

  it('a wallet that rejects: "Signature declined", the preview keeps everything, nothing moves', async () => {
    const receiver = await freshSolanaAddress()
    const { page } = await open('light')
    await fill(page, PTD, '1', receiver)
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-preview-fee-native').waitFor({ state: 'visible', timeout: 20_000 })
    await page.evaluate(() => (window as any).__porticoSolanaDevWallet.setMode('reject'))
    await page.getByTestId('send-confirm').click()
    const toast = page.locator('[data-testid=toast][data-variant=error]')
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    expect(await toast.textContent()).toContain('Signature declined')
    expect(await page.getByTestId('view-WalletSendPreview').isVisible()).toBe(true)
    expect(await kernelState(page, 's => s.send.sendTokenAmount')).toBe('1')
    expect(await ptdUnits(receiver)).toBeUndefined()
  })

  it.each(['light', 'dark'] as const)('refuses an invalid address and an amount above the balance, saying why (%s)', async (theme) => {
    const { page } = await open(theme)
    const symbol = await fill(page, PTD, '999999', 'not-a-solana-address')
    await page.getByTestId('send-submit').click()
    await page.getByTestId('send-address-error').waitFor({ state: 'visible' })
    expect(await page.getByTestId('send-address-error').textContent()).toBe('This is not a valid Solana address. Check it and try again.')
    expect(await page.getByTestId('send-amount-error').textContent()).toBe(`The amount is above your ${symbol} balance.`)
    expect(await page.getByTestId('send-form-error').textContent()).toBe('Please enter a valid amount and receiver address')
    expect(await page.getByTestId('send-address').getAttribute('aria-invalid')).toBe('true')
    // an EVM address is not a Solana one either
    await page.getByTestId('send-address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    expect(await page.getByTestId('send-address-error').textContent()).toBe('This is not a valid Solana address. Check it and try again.')
    await page.waitForTimeout(300)
    await screenshot(page, `send-solana-errors-${theme}`)
    expect(await page.getByTestId('view-WalletSend').isVisible()).toBe(true)
    expect(await page.getByTestId('view-WalletSendPreview').count()).toBe(0)
  })
})
