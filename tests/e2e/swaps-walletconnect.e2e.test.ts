/**
 * Swaps through WalletConnect, in Chromium: the WalletKit test wallet (in Node, on the stack's relay) holds an
 * account of this file's own, funded on the spot, and pairs from the QR code. 25 PTD → ETH on the stack's first
 * anvil chain against its real Uniswap V2: the wallet gets the approval and then the swap as two eth_sendTransaction
 * requests and signs both; the chain holds exactly 25 PTD less and the ETH the router paid out; Tokens shows the
 * chain's balances and Activity lists the swap. A swap declined in the wallet says "Signature declined", keeps the
 * preview and moves nothing. PTD → ETH trades only in the PTD/WETH pool, which no other e2e file drains.
 */
import { formatFungibleAmount } from '@portico/contracts/spec'
import { decodeFunctionData, erc20Abi, formatEther, getAddress, parseAbi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { demoUrl, kernelState, openPage, screenshot, waitForState, type DemoPage } from '../utils/browser.ts'
import { chainClients, floor3, openAccountView } from '../utils/devWallet.ts'
import { fundedAccount, openFeature, successToast } from '../utils/send.ts'
import type {} from '../utils/stack.ts'
import { createWalletConnectWallet, type WalletConnectWallet } from '../wallets/walletconnect/index.ts'

const stack = inject('stack')
const chain = chainClients(stack)[31337]
const DEV_QUERY = 'projectId=portico-dev&st=e2e&sv=e2e'
/** keccak256("Withdrawal(address,uint256)"): WETH9 unwrapping, the ETH a swap to ETH pays out. */
const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'
const SWAP_ABI = parseAbi(['function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)'])

const exchange = () => {
  expect(stack.exchange, 'the stack deployed no exchange').toBeDefined()
  expect(stack.token, 'the stack deployed no test token').toBeDefined()
  return { ...stack.exchange!.chains['31337']!, ptd: stack.token!.addresses['31337']! }
}

/** Chooses a side's token through its picker, searching for it by symbol. */
async function choose(page: DemoPage['page'], side: 'from' | 'to', symbol: string) {
  await page.getByTestId(`swap-token-${side}`).click()
  await page.getByTestId('swap-token-search').fill(symbol.toLowerCase())
  await page.getByTestId(`swap-token-option-${symbol}`).click()
  await page.waitForFunction(([s, sym]) => document.querySelector(`[data-testid=swap-token-${s}]`)?.getAttribute('data-token') === sym, [side, symbol] as const)
}

const enabled = (page: DemoPage['page'], testId: string) =>
  page.waitForFunction((id) => !(document.querySelector(`[data-testid=${id}]`) as HTMLButtonElement | null)?.disabled, testId, { timeout: 30_000 })

describe('Swaps through WalletConnect', () => {
  let demo: DemoPage
  let wallet: WalletConnectWallet
  let address: Address

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

  it('swaps 25 PTD for ETH: the wallet signs the approval, then the swap; the chain, Tokens and Activity agree', async () => {
    const { page } = demo
    const { router, weth, ptd } = exchange()
    const ptdOf = () => chain.readContract({ address: ptd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
    const ptdBefore = await ptdOf()
    const asked = wallet.requests.length

    await openAccountView(page)
    await openFeature(page, 'swaps')
    await page.getByTestId('view-Swap').waitFor({ state: 'visible', timeout: 30_000 })
    await choose(page, 'from', 'PTD')
    await choose(page, 'to', 'ETH')
    await page.getByTestId('swap-amount').fill('25')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await page.getByTestId('swap-approve').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('swap-approve').click()
    await page.getByTestId('swap-confirm').waitFor({ state: 'visible', timeout: 60_000 })
    await enabled(page, 'swap-confirm')
    await page.getByTestId('swap-confirm').click()
    await page.waitForSelector('[data-testid=swap-sent][data-status=confirmed]', { timeout: 60_000 })
    expect(await successToast(page).textContent()).toContain('Transaction started')
    await page.waitForTimeout(300)
    await screenshot(page, 'walletconnect-swap-sent-light')

    // the wallet was asked twice on chain 31337 and approved both: the token's approve, then the router's swap
    const sent = wallet.requests.slice(asked).filter((r) => r.method === 'eth_sendTransaction')
    expect(sent.map((r) => [r.chainId, r.outcome])).toEqual([
      ['eip155:31337', 'approved'],
      ['eip155:31337', 'approved'],
    ])
    const [approval, swap] = sent.map((r) => (r.params as [{ to: string; data: Hex }])[0])
    expect(getAddress(approval!.to)).toBe(getAddress(ptd))
    expect(getAddress(swap!.to)).toBe(getAddress(router))
    const call = decodeFunctionData({ abi: SWAP_ABI, data: swap!.data })
    expect([call.args[0], call.args[2], getAddress(call.args[3])]).toEqual([parseUnits('25', 6), [getAddress(ptd), getAddress(weth)], getAddress(address)])

    // the chain: exactly 25 PTD less, and the ETH the router paid out (its WETH withdrawal) reached the account
    expect(await ptdOf()).toBe(ptdBefore - parseUnits('25', 6))
    const hash = (await kernelState<string>(page, 's => s.swaps.txHash')) as Hex
    const receipt = await chain.getTransactionReceipt({ hash })
    const withdrawal = receipt.logs.find((l) => getAddress(l.address) === getAddress(weth) && l.topics[0] === WITHDRAWAL_TOPIC)
    expect(withdrawal).toBeDefined()
    const paid = BigInt(withdrawal!.data)
    expect(paid).toBeGreaterThan(0n)

    await page.getByTestId('swap-done').click()
    await page.getByTestId('view-Account').waitFor({ state: 'visible', timeout: 20_000 })
    // Tokens: the balances as the chain holds them now (refreshed by hand: see swaps.e2e.test.ts tokensShow)
    await page.getByTestId('tab-tokens').click()
    await page.waitForFunction(() => (document.querySelector('[data-testid=portfolio-refresh]') as HTMLButtonElement | null)?.disabled === false, undefined, { timeout: 30_000 })
    await page.getByTestId('portfolio-refresh').click()
    for (const [id, units, decimals, symbol] of [
      [getAddress(ptd), await ptdOf(), 6, 'PTD'],
      ['native', await chain.getBalance({ address }), 18, 'ETH'],
    ] as const) {
      await page.waitForFunction(
        ([testId, text]) => document.querySelector(`[data-testid="${testId}"] [data-testid=token-quantity]`)?.textContent?.trim() === text,
        [`token-eip155:31337:${id}`, `${floor3(units, decimals)} ${symbol}`] as const,
        { timeout: 30_000 },
      )
    }
    // Activity: once indexed, the swap reads "Swapped" with the PTD given and the ETH got
    const until = Date.now() + 30_000
    for (;;) {
      const res = await fetch(`${stack.urls.api}/v1/account/${address}/history?${DEV_QUERY}&chainId=eip155:31337`)
      const body = (await res.json()) as { data: { metadata: { hash: string } }[] }
      if (body.data.some((t) => t.metadata.hash.toLowerCase() === hash.toLowerCase())) break
      if (Date.now() > until) throw new Error(`the api's history of ${address} lacks ${hash}`)
      await new Promise((r) => setTimeout(r, 250))
    }
    await page.getByTestId('tab-activity').click()
    const row = page.getByTestId(`transaction-eip155:31337:${hash}`)
    await row.waitFor({ state: 'visible', timeout: 30_000 })
    expect(await row.locator('.portico-history-row__title').textContent()).toBe('Swapped')
    expect(await row.getByTestId('transaction-description').textContent()).toBe(`-25.000 PTD · ${formatFungibleAmount(formatEther(paid), 'trade', 'in')} ETH`)
    await page.getByTestId('modal-close').click()
    expect(demo.pageErrors).toEqual([])
  })

  it('a swap declined in the wallet: "Signature declined", the preview stays, nothing moves', async () => {
    const { page } = demo
    const { ptd } = exchange()
    const before = { eth: await chain.getBalance({ address }), ptd: await chain.readContract({ address: ptd, abi: erc20Abi, functionName: 'balanceOf', args: [address] }) }
    await openAccountView(page)
    await openFeature(page, 'swaps')
    await page.getByTestId('view-Swap').waitFor({ state: 'visible', timeout: 30_000 })
    await choose(page, 'from', 'ETH')
    await choose(page, 'to', 'PTD')
    await page.getByTestId('swap-amount').fill('0.01')
    await page.getByTestId('swap-rate').waitFor({ state: 'visible', timeout: 20_000 })
    await page.getByTestId('swap-submit').click()
    await enabled(page, 'swap-confirm')
    wallet.setMode('reject')
    try {
      await page.getByTestId('swap-confirm').click()
      const toast = page.locator('[data-testid=toast][data-variant=error]')
      await toast.waitFor({ state: 'visible', timeout: 30_000 })
      expect(await toast.textContent()).toContain('Signature declined')
    } finally {
      wallet.setMode('approve')
    }
    expect(wallet.requests.at(-1)).toMatchObject({ method: 'eth_sendTransaction', outcome: 'rejected' })
    expect(await page.getByTestId('view-SwapPreview').isVisible()).toBe(true)
    await enabled(page, 'swap-confirm')
    expect(await page.getByTestId('swap-preview-from').textContent()).toBe('0.01 ETH')
    expect(await chain.getBalance({ address })).toBe(before.eth)
    expect(await chain.readContract({ address: ptd, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBe(before.ptd)
    expect(demo.pageErrors).toEqual([])
  })
})
