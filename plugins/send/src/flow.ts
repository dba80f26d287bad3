import type { Kernel } from '@portico/kernel'
import { historyDeps, loadTransactions } from '@portico/plugin-history'
import { portfolioDeps, refreshTokenBalances, type PortfolioDeps } from '@portico/plugin-portfolio'
import { parseAmount, tokenDecimals } from './amounts.js'
import { liveNative, loadSendBalances } from './balances.js'
import { estimateFee, feeInUsd } from './fees.js'
import { selectSend, sendActions } from './slice.js'
import { buildTransfer } from './transfer.js'

/** The services the send flow uses, from the kernel. */
export function sendDeps(kernel: Kernel): PortfolioDeps {
  return portfolioDeps({ ...kernel, getAdapter: kernel.getAdapter, getConnector: kernel.getConnector, t: kernel.t, notify: kernel.notify })
}

/** The active account, network, adapter and connector, or undefined when not connected. */
export function activeSender(kernel: Kernel) {
  const state = kernel.getState()
  const namespace = state.chains.activeNamespace
  const account = namespace ? state.chains.accounts[namespace] : undefined
  const network = state.chains.networks.find((n) => n.caipNetworkId === state.chains.activeCaipNetworkId)
  if (!namespace || !account?.address || !network) return undefined
  return {
    namespace,
    account,
    address: account.address,
    network,
    adapter: kernel.getAdapter(namespace),
    connector: account.connectorId ? kernel.getConnector(account.connectorId) : undefined,
  }
}

/** The transaction the form describes, or undefined while it is incomplete. */
export function formTransaction(kernel: Kernel) {
  const { token, sendTokenAmount, receiverAddress } = selectSend(kernel.getState())
  if (!token || !receiverAddress) return undefined
  const parsed = parseAmount(sendTokenAmount ?? '', tokenDecimals(token))
  if (!('units' in parsed)) return undefined
  return { token, units: parsed.units, transaction: buildTransfer({ token, receiver: receiverAddress.trim(), units: parsed.units }) }
}

/** Estimates the previewed transaction's fee into the slice (fee in the native currency and USD). */
export async function previewFee(kernel: Kernel): Promise<void> {
  const sender = activeSender(kernel)
  const form = formTransaction(kernel)
  if (!sender || !form) return
  kernel.store.dispatch(sendActions.feeRequested())
  try {
    const estimate = await estimateFee({ ...sender, transaction: form.transaction })
    const native = liveNative(selectSend(kernel.getState()).tokenBalances, kernel.getState())
    const usd = feeInUsd(estimate.fee, native, sender.network.nativeCurrency.decimals)
    kernel.store.dispatch(
      sendActions.feeEstimated({ gas: String(estimate.gas), gasPrice: String(estimate.gasPrice), fee: String(estimate.fee), ...usd }),
    )
  } catch (error) {
    // eslint-disable-next-line no-console
    console.warn('[send] estimating the fee:', error)
    kernel.store.dispatch(sendActions.feeFailed())
  }
}

/**
 * Sends the previewed transaction through the kernel (which toasts "Transaction started", or "Something went
 * wrong" / "Signature declined" and rethrows). On success the form resets and the modal returns to the Account
 * view; once the transaction is mined the balances (bypassing the caches) and the Activity tab are read again.
 * On failure the form stays.
 */
export async function submitSend(kernel: Kernel): Promise<boolean> {
  const sender = activeSender(kernel)
  const form = formTransaction(kernel)
  if (!sender || !form || selectSend(kernel.getState()).loading) return false
  kernel.store.dispatch(sendActions.sendStarted())
  let hash: string
  try {
    hash = await kernel.sendTransaction(form.transaction)
  } catch {
    kernel.store.dispatch(sendActions.sendFailed())
    return false
  }
  kernel.store.dispatch(sendActions.sendReset())
  kernel.router.reset('Account')
  const deps = sendDeps(kernel)
  const refresh = () => {
    void refreshTokenBalances(deps, { forceUpdate: true })
    void loadSendBalances(deps, true)
    // the Activity tab, when the history plugin is there (it reloads on showing; this covers it being shown)
    if (kernel.getState().history) void loadTransactions(historyDeps(kernel))
  }
  if (sender.adapter?.waitForTransaction) {
    sender.adapter
      .waitForTransaction({ network: sender.network, hash })
      .then(refresh, (error) => console.warn('[send] waiting for the transaction:', error)) // eslint-disable-line no-console
  } else refresh()
  return true
}
