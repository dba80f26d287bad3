/**
 * Swaps end to end in Chromium with the Portico Dev Wallet on the stack's first anvil chain, against the real
 * Uniswap V2 pools the stack deployed (PTD/WETH, PTE/WETH, PTD/PTE) and the api's `/v1/convert/*` endpoints:
 * 25 PTD → ETH (the approve step first, its own wallet prompt, then the swap) and ETH → PTE; the balances are read
 * back from the chain (PTD exactly 25 less; ETH and PTE at least the quote less the 1 % slippage), the Tokens tab
 * shows the chain's balances and the Activity tab lists the swap as "Swapped" with both sides as the chain moved
 * them. Failures mid-flow: a front-run beyond the slippage, the api down after the quote, the pool drained between
 * quote and send, a token without liquidity. Each test signs with an account of its own (a fresh key funded from
 * anvil's fourth dev account, tests/utils/send.ts), so no other e2e file's balances or nonces move under it; the
 * drained pools are PTE's (only this file trades PTE) and are refilled at their old price before the test ends.
 * Screenshots of the form, the picker, the preview, the sent state and the failure states.
 */
import { formatFungibleAmount } from '@portico/contracts/spec'
import { createWalletClient, decodeFunctionData, erc20Abi, formatEther, formatUnits, getAddress, http, maxUint256, parseAbi, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { ANVIL_DEV_KEYS } from '../../services/api/src/testing/anvil.ts'
import { demoUrl, kernelState, openPage, screenshot, type DemoPage } from '../utils/browser.ts'
import { chainClients, connectDevWallet, floor3, openAccountView } from '../utils/devWallet.ts'
import { fundedAccount, openFeature, rpc, successToast } from '../utils/send.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)',
])
const PAIR_ABI = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])
const FACTORY_ABI = parseAbi(['function getPair(address tokenA, address tokenB) view returns (address pair)'])
/** keccak256("Withdrawal(address,uint256)"): WETH9 unwrapping, the ETH a swap to ETH pays out. */
const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'
const DEV_QUERY = 'projectId=portico-dev&st=e2e&sv=e2e'

let demo: DemoPage | undefined
afterEach(async () => {
  await demo?.close()
  demo = undefined
})

let account: { key: Hex; address: Address } = { key: '0x', address: '0x' }

/** A fresh funded account (`prepare` runs for it before the page opens), connected, on the Swap view. */
async function open(theme: 'light' | 'dark', prepare?: (address: Address) => Promise<void>) {
  account = await fundedAccount(stack, chain, parseEther('10'), '100')
  await prepare?.(account.address)
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

const deadline = () => BigInt(Math.floor(Date.now() / 1000) + 600)
const balanceOf = (token: Address, owner: Address) => chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const errorToast = (page: DemoPage['page']) => page.locator('[data-testid=toast][data-variant=error]')

/** The ETH Router02 paid out in a swap to ETH, read from the swap's receipt (WETH's Withdrawal for the router). */
async function paidOut(hash: Hex): Promise<bigint> {
  const { weth } = exchange()
  const log = (await chain.getTransactionReceipt({ hash })).logs.find((l) => getAddress(l.address) === getAddress(weth) && l.topics[0] === WITHDRAWAL_TOPIC)
  expect(log, `no WETH withdrawal in ${hash}`).toBeDefined()
  return BigInt(log!.data)
}

/**
 * Tokens tab: each row shows the chain's balance, 3 decimals rounded down. Read with the tab's refresh button:
 * showing the tab re-reads the balances through the kernel's HTTP cache, whose 30 s entry from before the swap
 * can still answer (the swap's forced refresh is stored under another key, the URL with forceUpdate=true).
 */
async function tokensShow(page: DemoPage['page'], rows: { id: string; units: bigint; decimals: number; symbol: string }[]) {
  await page.getByTestId('tab-tokens').click()
  await page.getByTestId('portfolio-refresh').waitFor({ state: 'visible', timeout: 30_000 })
  await page.waitForFunction(() => !(document.querySelector('[data-testid=portfolio-refresh]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
  await page.getByTestId('portfolio-refresh').click()
  for (const row of rows) {
    const text = `${floor3(row.units, row.decimals)} ${row.symbol}`
    const testId = `token-eip155:31337:${row.id}`
    await page
      .waitForFunction(([id, t]) => document.querySelector(`[data-testid="${id}"] [data-testid=token-quantity]`)?.textContent?.trim() === t, [testId, text] as const, { timeout: 30_000 })
      .catch(async () => expect(await page.getByTestId(testId).getByTestId('token-quantity').textContent().catch(() => null), testId).toBe(text))
  }
}

/** Activity tab: once the api indexed `hash`, its row reads "Swapped" with what was given and got. */
async function activityShowsSwap(page: DemoPage['page'], address: Address, hash: Hex, description: string) {
  const until = Date.now() + 30_000
  for (;;) {
    const res = await fetch(`${stack.urls.api}/v1/account/${address}/history?${DEV_QUERY}&chainId=eip155:31337`)
    const body = (await res.json()) as { data: { metadata: { hash: string; operationType: string } }[] }
    const tx = body.data.find((t) => t.metadata.hash.toLowerCase() === hash.toLowerCase())
    if (tx) {
      expect(tx.metadata.operationType).toBe('trade')
      break
    }
    if (Date.now() > until) throw new Error(`the api's history of ${address} lacks ${hash}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  await page.getByTestId('tab-activity').click()
  const row = page.getByTestId(`transaction-eip155:31337:${hash}`)
  await row.waitFor({ state: 'visible', timeout: 30_000 })
  expect(await row.locator('.portico-history-row__title').textContent()).toBe('Swapped')
  expect(await row.getByTestId('transaction-description').textContent()).toBe(description)
}

/**
 * Takes out all the liquidity of the pool of `a` and `b` (the exchange deployer, anvil's tenth dev key, provided
 * it all; only Uniswap's locked minimum stays) and returns what puts it back at the same price.
 */
async function drain(a: Address, b: Address): Promise<() => Promise<void>> {
  const { router, factory } = exchange()
  const deployer = privateKeyToAccount(ANVIL_DEV_KEYS[9]!)
  const wallet = createWalletClient({ account: deployer, transport: http(stack.urls.anvil) })
  const pair = await chain.readContract({ address: factory, abi: FACTORY_ABI, functionName: 'getPair', args: [a, b] })
  const liquidity = await chain.readContract({ address: pair, abi: PAIR_ABI, functionName: 'balanceOf', args: [deployer.address] })
  const [balanceA, balanceB] = await Promise.all([balanceOf(a, deployer.address), balanceOf(b, deployer.address)])
  const mined = async (hash: Hex) => expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
  await mined(await wallet.writeContract({ address: pair, abi: PAIR_ABI, functionName: 'approve', args: [router, liquidity], chain: null }))
  await mined(await wallet.writeContract({ address: router, abi: ROUTER_ABI, functionName: 'removeLiquidity', args: [a, b, liquidity, 0n, 0n, deployer.address, deadline()], gas: 500_000n, chain: null }))
  return async () => {
    const gotA = (await balanceOf(a, deployer.address)) - balanceA
    const gotB = (await balanceOf(b, deployer.address)) - balanceB
    for (const token of [a, b]) await mined(await wallet.writeContract({ address: token, abi: erc20Abi, functionName: 'approve', args: [router, maxUint256], chain: null }))
    await mined(await wallet.writeContract({ address: router, abi: ROUTER_ABI, functionName: 'addLiquidity', args: [a, b, gotA, gotB, 0n, 0n, deployer.address, deadline()], gas: 500_000n, chain: null }))
  }
}

/** Sends nothing the chain would see: the account's nonce stays where it was. */
const nonceOf = (address: Address) => chain.getTransactionCount({ address })

describe('Swaps', () => {
  it('swaps 25 PTD for ETH: approves PTD first, then swaps; the chain holds exactly 25 PTD less and the ETH, and Tokens and Activity show it (light)', async () => {
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
    const hash = (await kernelState<string>(page, 's => s.swaps.txHash')) as Hex
    await page.getByTestId('swap-done').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await kernelState(page, 's => s.swaps.sourceTokenAmount')).toBe('')

    // the modal reads the new balances back: Tokens shows what the chain holds now
    await tokensShow(page, [
      { id: getAddress(ptd), units: await ptdOf(), decimals: 6, symbol: 'PTD' },
      { id: 'native', units: await chain.getBalance({ address: account.address }), decimals: 18, symbol: 'ETH' },
    ])
    // and Activity lists the swap with the ETH the router paid, as the chain recorded it
    const got = formatFungibleAmount(formatEther(await paidOut(hash)), 'trade', 'in')
    await activityShowsSwap(page, account.address, hash, `-25.000 PTD · ${got} ETH`)
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-activity-light')
    expect(demo!.pageErrors).toEqual([])
  })

  it('swaps ETH for PTE without an approval; the chain holds the PTE, and Tokens and Activity show it (dark)', async () => {
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
    const hash = (await kernelState<string>(page, 's => s.swaps.txHash')) as Hex
    await page.getByTestId('swap-done').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    await tokensShow(page, [
      { id: getAddress(pte), units: await pteOf(), decimals: 18, symbol: 'PTE' },
      { id: 'native', units: await chain.getBalance({ address: account.address }), decimals: 18, symbol: 'ETH' },
    ])
    await activityShowsSwap(page, account.address, hash, `-0.050 ETH · ${formatFungibleAmount(formatUnits(gained, 18), 'trade', 'in')} PTE`)
    await page.waitForTimeout(300)
    await screenshot(page, 'swap-activity-dark')
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

    // a larger trade on the same path jumps ahead between the api building the visitor's swap (at the old price,
    // its minimum 1 % under it) and the wallet signing it: the page gets the built swap only once that trade is
    // mined. Nothing else is held: the chain keeps mining as usual for the files running beside this one.
    const frontRunner = privateKeyToAccount(generatePrivateKey())
    await rpc(stack.urls.anvil, 'anvil_setBalance', [frontRunner.address, toHex(parseEther('100'))])
    let path: readonly Address[] = []
    const wallet = createWalletClient({ account: frontRunner, transport: http(stack.urls.anvil) })
    const built = /\/v1\/convert\/build-transaction/
    await page.route(built, async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { tx: { data: Hex } }
      path = decodeFunctionData({ abi: ROUTER_ABI, data: body.tx.data }).args[1] as readonly Address[]
      const jump = await wallet.writeContract({ address: router, abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [0n, path, frontRunner.address, deadline()], value: parseEther('10'), gas: 400_000n, chain: null })
      expect((await chain.waitForTransactionReceipt({ hash: jump })).status).toBe('success')
      await route.fulfill({ response, json: body })
    })
    const firstBlock = await chain.getBlockNumber({ cacheTime: 0 })
    await page.getByTestId('swap-confirm').click()
    const error = page.getByTestId('swap-error')
    await error.waitFor({ state: 'visible', timeout: 60_000 })
    expect(await error.textContent()).toBe('The swap failed on the network (the price moved beyond the slippage tolerance?). Nothing was swapped.')
    await page.unroute(built)
    // the visitor's one transaction (a fresh account: its first), mined after the front-runner's
    let hash: Hex | undefined
    for (let n = firstBlock; hash === undefined && n <= (await chain.getBlockNumber({ cacheTime: 0 })); n++) {
      hash = (await chain.getBlock({ blockNumber: n, includeTransactions: true })).transactions.find((t) => getAddress(t.from) === getAddress(account.address))?.hash
    }
    expect(hash, 'the visitor sent no swap').toBeDefined()
    expect((await chain.getTransactionReceipt({ hash: hash! })).status).toBe('reverted')
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

  it.each(['light', 'dark'] as const)('the api down after the quote: a clear error toast, nothing sent, the amounts kept; it swaps once the api is back (%s)', async (theme) => {
    const { pte } = exchange()
    const page = await open(theme)
    await choose(page, 'from', 'ETH')
    await choose(page, 'to', 'PTE')
    await page.getByTestId('swap-amount').fill('0.01')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
    const nonce = await nonceOf(account.address)
    const pteBefore = await balanceOf(pte, account.address)

    // every request to the api now fails as if it were down
    const api = `${stack.urls.api.replace(/\/+$/, '')}/**`
    await page.route(api, (route) => route.abort('connectionrefused'))
    await page.getByTestId('swap-confirm').click()
    const toast = errorToast(page)
    await toast.waitFor({ state: 'visible', timeout: 20_000 })
    const message = 'The swap could not be prepared: the swap service did not answer. Check your connection and try again.'
    expect(await toast.textContent()).toContain(message)
    expect(await page.getByTestId('swap-error').textContent()).toBe(message)
    // still on the preview with the quote shown; the wallet was never asked
    expect(await page.getByTestId('swap-preview-from').textContent()).toBe('0.01 ETH')
    expect(await page.evaluate(() => (window as any).__porticoDevWallet.requests.filter((r: { method: string }) => r.method === 'eth_sendTransaction').length)).toBe(0)
    await page.waitForTimeout(300)
    await screenshot(page, `swap-api-down-${theme}`)

    // the form keeps the pair and the amount; the quote it cannot refresh stays, marked as failed
    await page.getByTestId('swap-edit').click()
    await page.getByTestId('view-Swap').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('swap-amount').inputValue()).toBe('0.01')
    expect(await page.getByTestId('swap-token-to').getAttribute('data-token')).toBe('PTE')
    await page.getByTestId('swap-quote-failed').getByRole('button').click()
    await page.getByTestId('swap-quote-failed').waitFor({ state: 'visible', timeout: 20_000 })
    expect(await page.getByTestId('swap-submit').isDisabled()).toBe(true)
    await page.waitForTimeout(300)
    await screenshot(page, `swap-quote-failed-${theme}`)
    expect(await nonceOf(account.address)).toBe(nonce)
    expect(await balanceOf(pte, account.address)).toBe(pteBefore)

    // the api is back: Try again quotes, and the same swap goes through
    await page.unroute(api)
    await page.getByTestId('swap-quote-failed').getByRole('button').click()
    await page.getByTestId('swap-quote-failed').waitFor({ state: 'detached', timeout: 20_000 })
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-submit]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
    await page.getByTestId('swap-confirm').click()
    await page.waitForSelector('[data-testid=swap-sent][data-status=confirmed]', { timeout: 60_000 })
    expect(await balanceOf(pte, account.address)).toBeGreaterThan(pteBefore)
    expect(demo!.pageErrors).toEqual([])
  })

  it.each(['light', 'dark'] as const)('the pool drained between the quote and the swap: a clear error, nothing sent, nothing lost (%s)', async (theme) => {
    const { pte, weth } = exchange()
    const page = await open(theme)
    await choose(page, 'from', 'ETH')
    await choose(page, 'to', 'PTE')
    await page.getByTestId('swap-amount').fill('0.01')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    // the preview asks for a quote once it opens (then every 15 s): let that one pass before the pool is drained,
    // so the visitor's Swap, not a refresh, is what meets the drained pool
    const refreshed = page.waitForResponse((r) => r.url().includes('/v1/convert/quotes'), { timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await refreshed
    await page.waitForFunction(() => !(document.querySelector('[data-testid=swap-confirm]') as HTMLButtonElement | null)?.disabled, undefined, { timeout: 30_000 })
    const nonce = await nonceOf(account.address)
    const ethBefore = await chain.getBalance({ address: account.address })

    // ETH → PTE has one pool, PTE/WETH: its providers take everything out while the visitor reads the preview
    const refill = await drain(weth, pte)
    try {
      await page.getByTestId('swap-confirm').click()
      const toast = errorToast(page)
      await toast.waitFor({ state: 'visible', timeout: 20_000 })
      expect(await toast.textContent()).toContain('The pools no longer have liquidity for ETH to PTE. Nothing was swapped.')
      const state = page.getByTestId('swap-preview-empty')
      await state.waitFor({ state: 'visible', timeout: 20_000 })
      expect(await state.textContent()).toContain('No route for this pair. Try another token or amount.')
      expect(await state.textContent()).toContain('The pools no longer have liquidity for ETH to PTE. Nothing was swapped.')
      await page.waitForTimeout(300)
      await screenshot(page, `swap-drained-${theme}`)
      expect(await nonceOf(account.address)).toBe(nonce)
      expect(await chain.getBalance({ address: account.address })).toBe(ethBefore)
      expect(await balanceOf(pte, account.address)).toBe(0n)
      // Edit returns to the form with the amount kept
      await page.getByTestId('swap-back').click()
      expect(await page.getByTestId('swap-amount').inputValue()).toBe('0.01')
    } finally {
      await refill()
    }
    expect(demo!.pageErrors).toEqual([])
  })

  it.each(['light', 'dark'] as const)('a token without liquidity: the visitor holds PTE but no pool trades it any more, so no route and Review stays off (%s)', async (theme) => {
    const { pte, weth, ptd } = exchange()
    const refills: (() => Promise<void>)[] = []
    try {
      const page = await open(theme, async (address) => {
        // the visitor holds PTE (anyone may mint the test token); then every pool with PTE is emptied
        const minter = createWalletClient({ account: privateKeyToAccount(ANVIL_DEV_KEYS[9]!), transport: http(stack.urls.anvil) })
        const mint = await minter.writeContract({ address: pte, abi: parseAbi(['function mint(address to, uint256 amount)']), functionName: 'mint', args: [address, parseEther('50')], chain: null })
        await chain.waitForTransactionReceipt({ hash: mint })
        refills.push(await drain(weth, pte), await drain(ptd, pte))
      })
      await choose(page, 'from', 'ETH')
      // PTE is offered because the visitor holds it, not because a pool trades it
      await choose(page, 'to', 'PTE')
      await page.getByTestId('swap-amount').fill('0.01')
      const note = page.getByTestId('swap-no-route')
      await note.waitFor({ state: 'visible', timeout: 20_000 })
      expect(await note.textContent()).toBe('No route for this pair. Try another token or amount.')
      expect(await page.getByTestId('swap-submit').isDisabled()).toBe(true)
      expect(await page.getByTestId('swap-rate').count()).toBe(0)
      await page.waitForTimeout(300)
      await screenshot(page, `swap-no-route-${theme}`)
      expect(demo!.pageErrors).toEqual([])
    } finally {
      for (const refill of refills.reverse()) await refill()
    }
  })
})
