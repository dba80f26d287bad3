import type { PorticoState } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import type {} from '@portico/plugin-history'
import type {} from '@portico/plugin-portfolio'
import { checkAmount, methodLimits, PAYMENT_METHOD } from './amounts.js'
import { createOnrampApi } from './api.js'
import { DEFAULT_PROVIDERS, placeholderQuote } from './defaults.js'
import { onrampNetwork } from './networks.js'
import { onrampActions, selectOnramp } from './slice.js'

/** What the flow needs of the kernel. */
export type OnrampKernel = Pick<Kernel, 'getState' | 'store' | 'extensions' | 'http' | 'router' | 'refreshBalance'>

/** Who buys, where: the connected eip155 account, its network and that network's provider name; else undefined. */
export function onrampTarget(state: PorticoState): { address: string; caipNetworkId: string; network: string; nativeSymbol: string } | undefined {
  const { activeNamespace, activeCaipNetworkId, accounts, networks } = state.chains
  const account = activeNamespace ? accounts[activeNamespace] : undefined
  if (activeNamespace !== 'eip155' || !account?.address || account.status !== 'connected' || !activeCaipNetworkId) return undefined
  const nativeSymbol = networks.find((n) => n.caipNetworkId === activeCaipNetworkId)?.nativeCurrency.symbol ?? account.balanceSymbol ?? 'ETH'
  return { address: account.address, caipNetworkId: activeCaipNetworkId, network: onrampNetwork(activeCaipNetworkId), nativeSymbol }
}

const warn = (...args: unknown[]) => console.warn('[onramp]', ...args) // eslint-disable-line no-console

/** The tokens that can be bought on the target's network: the options' currencies there, else its native currency. */
export function purchaseCurrencies(state: PorticoState): string[] {
  const target = onrampTarget(state)
  if (!target) return []
  const { options } = selectOnramp(state)
  const here = options.purchaseCurrencies.filter((c) => c.networks.some((n) => n.name === target.network || `eip155:${n.chain_id}` === target.caipNetworkId))
  return here.length > 0 ? here.map((c) => c.symbol) : [target.nativeSymbol]
}

/** The card limits of the chosen payment currency (SPEC §9 fallback values when the options list none). */
export const currentLimits = (state: PorticoState) => {
  const s = selectOnramp(state)
  return methodLimits(s.options, s.paymentCurrency) ?? { min: '10.00', max: '7500.00' }
}

/**
 * Reads the providers and the options; a failed options call leaves the SPEC §9 defaults (USD, EUR, card and bank
 * limits), a failed providers call the built-in sandbox entry. Picks the first token of the network.
 */
export async function loadOnramp(kernel: OnrampKernel): Promise<void> {
  const api = createOnrampApi(kernel.http)
  const state = selectOnramp(kernel.getState())
  if (state.providersStatus === 'idle') kernel.store.dispatch(onrampActions.providersRequested())
  kernel.store.dispatch(onrampActions.optionsRequested())
  const [providers, options] = await Promise.allSettled([api.providers(), api.options()])
  if (providers.status === 'fulfilled') kernel.store.dispatch(onrampActions.providersLoaded(providers.value))
  else {
    warn('reading the providers failed:', providers.reason)
    const url = kernel.http.endpoint('api') ?? ''
    const target = onrampTarget(kernel.getState())
    kernel.store.dispatch(onrampActions.providersLoaded(DEFAULT_PROVIDERS.map((p) => ({ ...p, url, supportedChains: target ? [target.caipNetworkId] : [] }))))
  }
  if (options.status === 'fulfilled') kernel.store.dispatch(onrampActions.optionsLoaded(options.value))
  else {
    warn('reading the options failed, using the defaults:', options.reason)
    kernel.store.dispatch(onrampActions.optionsFailed())
  }
  const current = selectOnramp(kernel.getState())
  const tokens = purchaseCurrencies(kernel.getState())
  if (!current.purchaseCurrency || !tokens.includes(current.purchaseCurrency)) kernel.store.dispatch(onrampActions.purchaseCurrencySelected(tokens[0] ?? 'ETH'))
  if (!current.options.paymentCurrencies.some((c) => c.id === current.paymentCurrency))
    kernel.store.dispatch(onrampActions.paymentCurrencySelected(current.options.paymentCurrencies[0]?.id ?? 'USD'))
}

/** The form's quote input as a key, or undefined when the amount cannot be quoted. */
export function quoteInput(state: PorticoState) {
  const target = onrampTarget(state)
  const s = selectOnramp(state)
  if (!target || !s.purchaseCurrency || checkAmount(s.amount, currentLimits(state))) return undefined
  const input = { purchaseCurrency: s.purchaseCurrency, paymentCurrency: s.paymentCurrency, amount: s.amount.trim(), network: target.network, paymentMethod: PAYMENT_METHOD }
  return { input, key: JSON.stringify(input) }
}

/**
 * Quotes the form; a failed quote call gives SPEC §8's placeholder quote, shown as such. An amount that cannot be
 * quoted clears the quote.
 */
export async function refreshQuote(kernel: OnrampKernel, signal?: AbortSignal): Promise<void> {
  const next = quoteInput(kernel.getState())
  if (!next) {
    kernel.store.dispatch(onrampActions.quoteCleared())
    return
  }
  if (selectOnramp(kernel.getState()).quoteKey === next.key && selectOnramp(kernel.getState()).quoteStatus !== 'idle') return
  kernel.store.dispatch(onrampActions.quoteRequested({ key: next.key }))
  try {
    const quote = await createOnrampApi(kernel.http).quote(next.input, signal)
    kernel.store.dispatch(onrampActions.quoteLoaded({ key: next.key, quote, placeholder: false }))
  } catch (error) {
    if (signal?.aborted) return
    warn('the quote failed, showing the placeholder:', error)
    kernel.store.dispatch(onrampActions.quoteLoaded({ key: next.key, quote: placeholderQuote(next.input.paymentCurrency, next.input.purchaseCurrency), placeholder: true }))
  }
}

/** A stable id of the visitor for the provider (SPEC §7 partnerUserId): the account, without its case. */
const partnerUserId = (address: string) => address.toLowerCase().slice(0, 128)

/**
 * Asks the api for the chosen provider's checkout link, opens it in `win` (a window opened by the click, so that
 * no popup blocker stops it; null when the browser blocked it) and pushes BuyInProgress, which follows the purchase.
 */
export async function startCheckout(kernel: OnrampKernel, win: Window | null): Promise<boolean> {
  const state = kernel.getState()
  const target = onrampTarget(state)
  const s = selectOnramp(state)
  const provider = s.providers.find((p) => p.name === s.provider) ?? s.providers[0]
  if (!target || !provider || !s.purchaseCurrency || checkAmount(s.amount, currentLimits(state))) {
    win?.close()
    return false
  }
  kernel.store.dispatch(onrampActions.checkoutRequested())
  try {
    const res = await createOnrampApi(kernel.http).onrampUrl({
      destinationWallets: [{ address: target.address, blockchains: [target.network], assets: [s.purchaseCurrency] }],
      defaultNetwork: target.network,
      partnerUserId: partnerUserId(target.address),
      defaultExperience: 'buy',
      presetFiatAmount: Number(s.amount),
      fiatCurrency: s.paymentCurrency,
      provider: provider.name,
    })
    if (win && !win.closed) win.location.href = res.url
    kernel.store.dispatch(onrampActions.checkoutOpened({ id: res.checkoutId, url: res.url, provider: provider.label, blocked: !win }))
    await kernel.router.push('BuyInProgress')
    return true
  } catch (error) {
    win?.close()
    const reason = String((error as { reason?: unknown }).reason ?? (error as Error).message ?? '')
    kernel.store.dispatch(onrampActions.checkoutFailed(reason))
    return false
  }
}

/** After the tokens arrived: the balance, the Tokens tab and Activity read again. */
export function refreshAfterPurchase(kernel: OnrampKernel): void {
  void kernel.refreshBalance()
  void kernel.extensions.read('portfolio/api')[0]?.refresh({ forceUpdate: true })
  void kernel.extensions.read('history/api')[0]?.refresh()
}

/**
 * Reads the followed checkout's latest purchase once; when it has just completed, refreshes the balances and
 * Activity. Returns whether following can stop (completed or failed).
 */
export async function followCheckout(kernel: OnrampKernel): Promise<boolean> {
  const { checkout, purchase: before } = selectOnramp(kernel.getState())
  if (!checkout?.id) return true
  try {
    const { purchase } = await createOnrampApi(kernel.http).checkout(checkout.id)
    kernel.store.dispatch(onrampActions.purchaseUpdated(purchase ?? undefined))
    if (purchase?.status === 'completed' && before?.status !== 'completed') refreshAfterPurchase(kernel)
    return purchase?.status === 'completed' || purchase?.status === 'failed'
  } catch (error) {
    warn('reading the purchase failed:', error)
    kernel.store.dispatch(onrampActions.followFailed())
    return false
  }
}
