import type { PorticoState } from '@portico/contracts/plugin'
import { RPC_TIMEOUT_MS } from '@portico/contracts/spec'
import type { Kernel } from '@portico/kernel'
import type {} from '@portico/plugin-history'
import type {} from '@portico/plugin-portfolio'
import { createSwapsApi, fromApiToken } from './api.js'
import { decimalToUnits, formatAmount, minimumReceived, parseAmount, unitsToDecimal } from './amounts.js'
import { isSwapNetwork } from './networks.js'
import { selectSwaps, swapsActions } from './slice.js'
import { addressOf, fromBalance, isNativeToken, mergeTokens, nativeAddress, type SwapTokenItem } from './tokens.js'

/** Gas a swap is assumed to take for the fee shown beside a quote (the preview uses the built transaction's). */
export const SWAP_GAS_ESTIMATE = 150_000n

/** What the flow needs of the kernel. */
export type SwapsKernel = Pick<Kernel, 'getState' | 'store' | 'extensions' | 'http' | 'options' | 'sendTransaction' | 'getAdapter' | 'router' | 'refreshBalance' | 'notify' | 't'>

/** Who swaps, where: the connected eip155 account on a swap network, or undefined. */
export function swapTarget(state: PorticoState): { address: string; caipNetworkId: string; userAddress: string } | undefined {
  const { activeNamespace, activeCaipNetworkId, accounts } = state.chains
  const account = activeNamespace ? accounts[activeNamespace] : undefined
  if (activeNamespace !== 'eip155' || !account?.address || account.status !== 'connected' || !isSwapNetwork(activeCaipNetworkId)) return undefined
  return { address: account.address, caipNetworkId: activeCaipNetworkId!, userAddress: `${activeCaipNetworkId}:${account.address}` }
}

/** Whose token list it is (`caipNetworkId|address`). */
export const swapKey = (target: { caipNetworkId: string; address: string }) => `${target.caipNetworkId}|${target.address}`

const apiOf = (kernel: SwapsKernel) => createSwapsApi(kernel.http, kernel.options.projectId)
const warn = (...args: unknown[]) => console.warn('[swaps]', ...args) // eslint-disable-line no-console

/**
 * Reads the tokens the selectors offer: the account's balances (through the portfolio plugin's `portfolio/api`) and
 * the api's swappable tokens with their USD prices. The native currency is the first "from" token by default.
 */
export async function loadSwapTokens(kernel: SwapsKernel, forceUpdate = false): Promise<void> {
  const target = swapTarget(kernel.getState())
  if (!target) return
  const key = swapKey(target)
  kernel.store.dispatch(swapsActions.tokensRequested({ key }))
  const api = apiOf(kernel)
  const [owned, listed] = await Promise.allSettled([
    kernel.extensions.read('portfolio/api')[0]?.balances({ forceUpdate }) ?? Promise.resolve([]),
    api.tokens(target.caipNetworkId, forceUpdate),
  ])
  if (listed.status === 'rejected') {
    warn('reading the swap tokens failed:', listed.reason)
    kernel.store.dispatch(swapsActions.tokensFailed({ key }))
    return
  }
  if (owned.status === 'rejected') warn('reading the balances failed:', owned.reason)
  const mine = (owned.status === 'fulfilled' ? owned.value : []).map((b) => fromBalance(b, target.caipNetworkId))
  let tokens = mergeTokens(mine, listed.value.tokens.map(fromApiToken))
  const unpriced = tokens.filter((t) => !t.price).map((t) => t.address)
  if (unpriced.length > 0) {
    try {
      const prices = await api.prices(unpriced)
      tokens = tokens.map((t) => (t.price ? t : { ...t, price: prices[t.address.toLowerCase()] ?? 0 }))
    } catch (error) {
      warn('reading the token prices failed:', error)
    }
  }
  // the native balance the kernel read last, when the balance list lacks it
  const account = kernel.getState().chains.accounts.eip155
  tokens = tokens.map((t) => (isNativeToken(t) && t.balance === undefined && account?.balance !== undefined ? { ...t, balance: account.balance } : t))
  kernel.store.dispatch(swapsActions.tokensLoaded({ key, tokens, suggested: listed.value.suggested, popular: listed.value.popular }))
  const swaps = selectSwaps(kernel.getState())
  const native = tokens.find((t) => t.address.toLowerCase() === nativeAddress(target.caipNetworkId))
  if (!swaps.sourceToken && native && !swaps.toToken) kernel.store.dispatch(swapsActions.sourceTokenSelected(native))
}

/** The form as numbers: the pair and the amount in the source token's units, or a reason it is not ready. */
export function swapForm(state: PorticoState):
  | { ready: true; from: SwapTokenItem; to: SwapTokenItem; units: bigint; key: string }
  | { ready: false; problem: 'token' | 'amount' | 'decimals' | 'balance' | 'same' } {
  const { sourceToken: from, toToken: to, sourceTokenAmount } = selectSwaps(state)
  if (!from || !to) return { ready: false, problem: 'token' }
  if (from.address.toLowerCase() === to.address.toLowerCase()) return { ready: false, problem: 'same' }
  const parsed = parseAmount(sourceTokenAmount, from.decimals)
  if ('problem' in parsed) return { ready: false, problem: parsed.problem === 'decimals' ? 'decimals' : 'amount' }
  if (parsed.units === 0n) return { ready: false, problem: 'amount' }
  if (parsed.units > decimalToUnits(from.balance ?? '0', from.decimals)) return { ready: false, problem: 'balance' }
  return { ready: true, from, to, units: parsed.units, key: `${from.address}|${to.address}|${parsed.units}` }
}

/**
 * Asks the api for a quote of the form's pair and amount (with the network's gas price), unless the form is not
 * ready. An empty answer, or a refusal naming the route or liquidity, is "no route"; anything else "quote failed".
 */
export async function refreshQuote(kernel: SwapsKernel): Promise<void> {
  const target = swapTarget(kernel.getState())
  const form = swapForm(kernel.getState())
  if (!target || !form.ready) return
  const { key } = form
  kernel.store.dispatch(swapsActions.quoteRequested({ key }))
  const api = apiOf(kernel)
  try {
    const gasPrice = await api.gasPrice(target.caipNetworkId)
    const quotes = await api.quotes({ amount: form.units, userAddress: target.userAddress, from: form.from.address, to: form.to.address, gasPrice })
    const now = swapForm(kernel.getState())
    if (!now.ready || now.key !== key) return // the form moved on while the api answered
    const quote = quotes.find((q) => /^\d+$/.test(q.toAmount) && BigInt(q.toAmount) > 0n)
    if (!quote) {
      kernel.store.dispatch(swapsActions.quoteFailed({ key, noRoute: true }))
      return
    }
    kernel.store.dispatch(
      swapsActions.quoteLoaded({
        key,
        fromAmount: String(form.units),
        toAmount: quote.toAmount,
        ...(quote.priceImpact !== undefined ? { priceImpact: quote.priceImpact } : {}),
        gasPrice: String(gasPrice),
        networkFee: String(gasPrice * SWAP_GAS_ESTIMATE),
      }),
    )
  } catch (error) {
    warn('quoting failed:', error)
    const reason = String((error as { reason?: unknown }).reason ?? '')
    const status = (error as { status?: unknown }).status
    const noRoute = status === 400 && /route|liquidity|pool|pair/i.test(reason)
    kernel.store.dispatch(swapsActions.quoteFailed({ key, noRoute }))
  }
}

/** Reads whether the exchange may already spend the form's amount of the source token (always so for native). */
export async function checkAllowance(kernel: SwapsKernel): Promise<void> {
  const target = swapTarget(kernel.getState())
  const form = swapForm(kernel.getState())
  if (!target || !form.ready) return
  if (isNativeToken(form.from)) {
    kernel.store.dispatch(swapsActions.allowanceRead('enough'))
    return
  }
  kernel.store.dispatch(swapsActions.allowanceRequested())
  try {
    const allowance = await apiOf(kernel).allowance(form.from.address, target.userAddress)
    kernel.store.dispatch(swapsActions.allowanceRead(allowance >= form.units ? 'enough' : 'short'))
  } catch (error) {
    warn('reading the allowance failed:', error)
    kernel.store.dispatch(swapsActions.allowanceRead('failed'))
  }
}

/**
 * Waits for a transaction on the active network (when the adapter can) and reads its receipt from the network's
 * RPC: `false` when it reverted, else `true`.
 */
async function mined(kernel: SwapsKernel, hash: string): Promise<boolean> {
  const state = kernel.getState()
  const network = state.chains.networks.find((n) => n.caipNetworkId === state.chains.activeCaipNetworkId)
  const adapter = kernel.getAdapter('eip155')
  if (!network || !adapter?.waitForTransaction) return true
  try {
    await adapter.waitForTransaction({ network, hash })
    const url = network.rpcUrls.default.http[0]
    if (!url) return true
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
    return receiptStatus(await res.json()) !== '0x0'
  } catch (error) {
    // not known either way: the balances read afterwards and the allowance check tell
    warn('waiting for the transaction:', error)
    return true
  }
}

/** The `status` of an `eth_getTransactionReceipt` answer (`0x1` success, `0x0` reverted), if it has one. */
export function receiptStatus(body: unknown): string | undefined {
  const result = typeof body === 'object' && body !== null ? (body as { result?: unknown }).result : undefined
  const status = typeof result === 'object' && result !== null ? (result as { status?: unknown }).status : undefined
  return typeof status === 'string' ? status : undefined
}

/**
 * The approve step: the api builds the token's `approve` for the swap's amount, the wallet signs it (its own
 * prompt), and once it is mined the allowance is read again. A decline or failure is toasted by the kernel.
 */
export async function approveSwap(kernel: SwapsKernel): Promise<boolean> {
  const target = swapTarget(kernel.getState())
  const form = swapForm(kernel.getState())
  if (!target || !form.ready || selectSwaps(kernel.getState()).step !== 'form') return false
  kernel.store.dispatch(swapsActions.approveStarted())
  try {
    const tx = await apiOf(kernel).buildApprove({ userAddress: target.userAddress, from: form.from.address, to: form.to.address, amount: form.units })
    const hash = await kernel.sendTransaction({ to: addressOf(tx.to), data: tx.data, value: BigInt(tx.value || '0') })
    if (!(await mined(kernel, hash))) throw new Error('The approval was not mined.')
    const allowance = await apiOf(kernel).allowance(form.from.address, target.userAddress)
    const ok = allowance >= form.units
    kernel.store.dispatch(swapsActions.approveFinished({ ok }))
    return ok
  } catch (error) {
    warn('approving failed:', error)
    kernel.store.dispatch(swapsActions.approveFinished({ ok: false }))
    return false
  }
}

/** Reads again what a swap changed: the native balance, the Tokens and Activity tabs, and the selectors' lists. */
export function refreshAfterSwap(kernel: SwapsKernel): void {
  void kernel.refreshBalance()
  void kernel.extensions.read('portfolio/api')[0]?.refresh({ forceUpdate: true })
  void kernel.extensions.read('history/api')[0]?.refresh()
  void loadSwapTokens(kernel, true)
}

/**
 * Why an api call failed, for the visitor: the api's own reason when it answered with an error, otherwise (no
 * answer: offline, the api down, a refused connection) that it did not answer.
 */
export function apiFailureReason(kernel: Pick<SwapsKernel, 't'>, error: unknown): string {
  const { status, reason, message } = (error ?? {}) as { status?: unknown; reason?: unknown; message?: unknown }
  if (typeof status === 'number') return typeof reason === 'string' && reason ? reason : String(message)
  return kernel.t('swaps.error.unreachable')
}

/** Stops the swap before the wallet is asked: says why in the preview and in an error toast. */
function refuse(kernel: SwapsKernel, error: { key: string; params?: Record<string, string> }): false {
  kernel.store.dispatch(swapsActions.swapFailed(error))
  kernel.notify.toast(kernel.t(error.key, error.params), 'error')
  return false
}

/**
 * Checks the price once more right before the swap is built: the pools may have been drained or moved since the
 * shown quote (the api would build at the new price). No route any more, or less than the shown quote's minimum,
 * stops the swap with the new state shown (the visitor swaps again at the new price if it suits them); nothing
 * is sent. Resolves whether the swap may go on.
 */
async function priceStillHolds(kernel: SwapsKernel, target: { caipNetworkId: string; userAddress: string }, form: Extract<ReturnType<typeof swapForm>, { ready: true }>): Promise<boolean> {
  const shown = selectSwaps(kernel.getState()).quote
  const api = apiOf(kernel)
  const gasPrice = await api.gasPrice(target.caipNetworkId)
  const quotes = await api.quotes({ amount: form.units, userAddress: target.userAddress, from: form.from.address, to: form.to.address, gasPrice })
  const fresh = quotes.find((q) => /^\d+$/.test(q.toAmount) && BigInt(q.toAmount) > 0n)
  if (!fresh) {
    kernel.store.dispatch(swapsActions.quoteFailed({ key: form.key, noRoute: true }))
    return refuse(kernel, { key: 'swaps.preview.noLiquidity', params: { from: form.from.symbol, to: form.to.symbol } })
  }
  const toAmount = BigInt(fresh.toAmount)
  const quote = { key: form.key, fromAmount: String(form.units), toAmount: fresh.toAmount, ...(fresh.priceImpact !== undefined ? { priceImpact: fresh.priceImpact } : {}) }
  if (shown?.key === form.key && toAmount < minimumReceived(BigInt(shown.toAmount))) {
    kernel.store.dispatch(swapsActions.quoteLoaded(quote))
    const amount = `${formatAmount(Number(unitsToDecimal(toAmount, form.to.decimals)), kernel.getState().locale.code)} ${form.to.symbol}`
    return refuse(kernel, { key: 'swaps.preview.priceMoved', params: { amount } })
  }
  return true
}

/**
 * Swaps: the price is checked once more ({@link priceStillHolds}), the api builds the router call for the form's
 * amount with SPEC §9's slippage (1 %), the wallet sends it (the kernel toasts "Transaction started"), then the
 * view shows it sent until it is mined. A failure (the api down, the pools drained) keeps the form and its amounts
 * for another try and says why, in the preview and in a toast.
 */
export async function submitSwap(kernel: SwapsKernel): Promise<boolean> {
  const target = swapTarget(kernel.getState())
  const form = swapForm(kernel.getState())
  if (!target || !form.ready || selectSwaps(kernel.getState()).step !== 'form') return false
  kernel.store.dispatch(swapsActions.swapStarted())
  let tx
  try {
    if (!(await priceStillHolds(kernel, target, form))) return false
    tx = await apiOf(kernel).buildTransaction({ userAddress: target.userAddress, from: form.from.address, to: form.to.address, amount: form.units })
  } catch (error) {
    warn('building the swap failed:', error)
    return refuse(kernel, { key: 'swaps.preview.failed', params: { reason: apiFailureReason(kernel, error) } })
  }
  let hash: string
  try {
    const gas = /^\d+$/.test(tx.eip155.gas) && BigInt(tx.eip155.gas) > 0n ? { gas: BigInt(tx.eip155.gas) } : {}
    hash = await kernel.sendTransaction({ to: addressOf(tx.to), data: tx.data, value: BigInt(tx.amount || '0'), ...gas })
  } catch (error) {
    warn('sending the swap failed:', error) // the kernel toasted "Signature declined" or "Something went wrong"
    kernel.store.dispatch(swapsActions.swapFailed(undefined))
    return false
  }
  kernel.store.dispatch(swapsActions.swapSent({ hash }))
  void mined(kernel, hash).then((ok) => {
    kernel.store.dispatch(ok ? swapsActions.swapConfirmed() : swapsActions.swapReverted())
    refreshAfterSwap(kernel)
  })
  return true
}
