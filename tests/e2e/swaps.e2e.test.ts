/**
 * Swaps end to end in Chromium with the Portico Dev Wallet on the stack's first anvil chain, against the real
 * Uniswap V2 pools the stack deployed (PTD/WETH, PTE/WETH, PTD/PTE) and the api's `/v1/convert/*` endpoints:
 * 25 PTD → ETH (the approve step first, its own wallet prompt, then the swap) and ETH → PTE; the balances are read
 * back from the chain (PTD exactly 25 less; ETH and PTE at least the quote less the 1 % slippage). Each test signs
 * with an account of its own (a fresh key funded from anvil's fourth dev account, tests/utils/send.ts), so no other
 * e2e file's balances or nonces move under it. Screenshots of the form, the picker, the preview and the sent state
 * in both themes.
 */
import { createWalletClient, decodeFunctionData, erc20Abi, formatEther, http, parseAbi, parseEther, parseGwei, parseUnits, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, connectDevWallet, openAccountView } from '../utils/devWallet.ts'
import { fundedAccount, openFeature, rpc, successToast } from '../utils/send.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

let account: { key: Hex; address: Address } = { key: '0x', address: '0x' }

async function open(theme: 'light' | 'dark') {
  account = await fundedAccount(stack, chain, parseEther('10'), '100')
  demo = await openPage(demoUrl(stack.urls.demo, { debug: '1', theme }), { colorScheme: theme })
  await demo.page.evaluate((key) => (window as any).__porticoDevWallet.useKey(key), account.key)
  await connectDevWallet(demo)
  await openAccountView(demo.page)
  await openFeature(demo.page, 'swaps')
  await demo.page.getByTestId('view-Swap').waitFor({ state: 'visible', timeout: 30_000 })
  return demo.page
}

/** Chooses a side's token through its picker, searching for it by symbol. */
async function choose(page: DemoPage['page'], side: 'from' | 'to', symbol: string) {
  await page.getByTestId(`swap-token-${side}`).click()
  await page.getByTestId('swap-token-search').fill(symbol.toLowerCase())
  await page.getByTestId(`swap-token-option-${symbol}`).click()
  await page.waitForFunction(([s, sym]) => document.querySelector(`[data-testid=swap-token-${s}]`)?.getAttribute('data-token') === sym, [side, symbol] as const)
}

const exchange = () => {
  expect(stack.exchange, 'the stack deployed no exchange').toBeDefined()
  expect(stack.token, 'the stack deployed no test token').toBeDefined()
  return { ...stack.exchange!.chains['31337']!, ptd: stack.token!.addresses['31337']! }
}

describe('Swaps', () => {
  it('swaps 25 PTD for ETH: approves PTD first, then swaps; the chain holds exactly 25 PTD less and the ETH (light)', async () => {
    const { router, weth, ptd } = exchange()
    const page = await open('light')
    const ptdOf = () => chain.readContract({ address: ptd, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    const ptdBefore = await ptdOf()
    const ethBefore = await chain.getBalance({ address: account.address })

    await page.getByTestId('swap-token-from').click()
    await page.getByTestId('swap-picker-from').waitFor({ state: 'visible' })
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-picker-light')
    await page.getByTestId('swap-token-search').fill('ptd')
    await page.getByTestId('swap-token-option-PTD').click()
    await choose(page, 'to', 'ETH')
    await page.getByTestId('swap-amount').fill('25')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    const [quoted] = await chain.readContract({ address: router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [parseUnits('25', 6), [ptd, weth]] }).then((a) => a.slice(1))
    expect(await page.getByTestId('swap-rate').textContent()).toMatch(/^1 PTD = 0\.000\d+ ETH$/)
    expect(await page.getByTestId('swap-network-fee').textContent()).toMatch(/^(<)?\$\d+\.\d{2}$/)
    expect(await page.getByTestId('swap-slippage').textContent()).toBe('1%')
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-form-light')

    await page.getByTestId('swap-submit').click()
    await page.getByTestId('view-SwapPreview').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('swap-preview-from').textContent()).toBe('25 PTD')
    // a fresh account has no allowance: the approve step comes first, with its own prompt
    await page.getByTestId('swap-approve').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('swap-approve').textContent()).toBe('Approve PTD')
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-approve-light')
    await page.getByTestId('swap-approve').click()
    await page.getByTestId('swap-confirm').waitFor({ state: 'visible', timeout: 60_000 })
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
    await page.getByTestId('swap-confirm').click()
    await page.getByTestId('swap-sent').waitFor({ state: 'visible', timeout: 30_000 })
    expect(await successToast(page).textContent()).toContain('Transaction started')
    await page.waitForSelector('[data-testid=swap-sent][data-status=confirmed]', { timeout: 60_000 })
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-sent-light')

    expect(await ptdOf()).toBe(ptdBefore - parseUnits('25', 6))
    // the ETH received is at least the quote less 1 %; two transactions' gas (well under 0.01 ETH on anvil) aside
    const ethAfter = await chain.getBalance({ address: account.address })
    const minimum = (quoted! * 99n) / 100n
    expect(ethAfter - ethBefore, `gained ${formatEther(ethAfter - ethBefore)} ETH`).toBeGreaterThan(minimum - parseEther('0.01'))
    expect(ethAfter - ethBefore).toBeLessThanOrEqual(quoted! + 1n)
    await page.getByTestId('swap-done').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(page, 's => s.swaps.sourceTokenAmount')).toBe('')
    expect(demo!.pageErrors).toEqual([])
  })

  it('swaps ETH for PTE without an approval; the chain holds the PTE (dark)', async () => {
    const { router, weth, pte } = exchange()
    const page = await open('dark')
    const pteOf = () => chain.readContract({ address: pte, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    const pteBefore = await pteOf()

    await choose(page, 'from', 'ETH')
    await choose(page, 'to', 'PTE')
    await page.getByTestId('swap-amount').fill('0.05')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-form-dark')
    await page.getByTestId('swap-submit').click()
    await page.getByTestId('view-SwapPreview').waitFor({ state: 'visible', timeout: 20_000 })
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
    expect(await page.getByTestId('swap-approve').count()).toBe(0)
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-preview-dark')
    const [quoted] = await chain.readContract({ address: router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [parseEther('0.05'), [weth, pte]] }).then((a) => a.slice(1))
    await page.getByTestId('swap-confirm').click()
    await page.waitForSelector('[data-testid=swap-sent][data-status=confirmed]', { timeout: 60_000 })
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-sent-dark')
    const gained = (await pteOf()) - pteBefore
    expect(gained).toBeGreaterThanOrEqual((quoted! * 99n) / 100n)
    expect(gained).toBeLessThanOrEqual(quoted! + quoted! / 100n)
    expect(demo!.pageErrors).toEqual([])
  })

  it('a price that moves beyond the slippage before the swap is mined: the swap reverts, says so, and loses nothing but gas', async () => {
    const { router, pte } = exchange()
    const page = await open('light')
    const pteOf = () => chain.readContract({ address: pte, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    const pteBefore = await pteOf()
    await choose(page, 'from', 'ETH')
    await choose(page, 'to', 'PTE')
    await page.getByTestId('swap-amount').fill('0.05')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })

    // hold the block: the visitor's swap waits in the mempool while a larger trade on the same path jumps ahead of it
    const frontRunner = privateKeyToAccount(generatePrivateKey())
    await rpc(stack.urls.anvil, 'anvil_setBalance', [frontRunner.address, toHex(parseEther('100'))])
    await rpc(stack.urls.anvil, 'evm_setAutomine', [false])
    let hash: Hex = '0x'
    let path: readonly Address[] = []
    const wallet = createWalletClient({ account: frontRunner, transport: http(stack.urls.anvil) })
    const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)
    try {
      await page.getByTestId('swap-confirm').click()
      await page.getByTestId('swap-sent').waitFor({ state: 'visible', timeout: 30_000 })
      hash = (await kernelState<string>(page, 's => s.swaps.txHash')) as Hex
      const sent = await chain.getTransaction({ hash })
      const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: sent.input })
      path = args[1] as readonly Address[]
      await wallet.writeContract({
        address: router,
        abi: ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [0n, path, frontRunner.address, deadline()],
        value: parseEther('10'),
        gas: 400_000n,
        maxFeePerGas: parseGwei('200'),
        maxPriorityFeePerGas: parseGwei('100'),
        chain: null,
      })
      await rpc(stack.urls.anvil, 'evm_mine', [])
    } finally {
      await rpc(stack.urls.anvil, 'evm_setAutomine', [true])
    }

    const error = page.getByTestId('swap-error')
    await error.waitFor({ state: 'visible', timeout: 60_000 })
    expect(await error.textContent()).toBe('The swap failed on the network (the price moved beyond the slippage tolerance?). Nothing was swapped.')
    expect((await chain.getTransactionReceipt({ hash })).status).toBe('reverted')
    expect(await pteOf()).toBe(pteBefore)
    // still on the preview, with a fresh quote to try again at the new price
    expect(await page.getByTestId('view-SwapPreview').isVisible()).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-reverted-light')

    // put the pools back near where they were for the files after this one: the front-runner sells what it bought
    const bought = await chain.readContract({ address: pte, abi: erc20Abi, functionName: 'balanceOf', args: [frontRunner.address] })
    await chain.waitForTransactionReceipt({ hash: await wallet.writeContract({ address: pte, abi: erc20Abi, functionName: 'approve', args: [router, bought], chain: null }) })
    const back = await wallet.writeContract({ address: router, abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [bought, 0n, [...path].reverse(), frontRunner.address, deadline()], chain: null })
    expect((await chain.waitForTransactionReceipt({ hash: back })).status).toBe('success')
  })

  it('an amount above the balance says so and keeps Review off', async () => {
    const page = await open('light')
    await choose(page, 'from', 'PTD')
    await choose(page, 'to', 'PTE')
    await page.getByTestId('swap-amount').fill('1000')
    await page.waitForFunction(() => document.querySelector('[data-testid=swap-submit]')?.textContent === 'Insufficient PTD balance')
    expect(await page.getByTestId('swap-submit').isDisabled()).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-insufficient-light')
  })
})
