import type { Kernel } from '@portico/kernel'
import type {} from '@portico/plugin-history'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { maxNativeUnits, parseAmount, tokenDecimals } from './amounts.js'
import { liveNative, loadSendBalances } from './balances.js'
import { estimateFee, feeInUsd, readGasPrice } from './fees.js'
import { isReceiverName } from './receiver.js'
import { selectSend, sendActions } from './slice.js'
import { buildTransfer } from './transfer.js'

/** The Solana variant of the flow, downloaded only when the active namespace is solana. */
const solanaFlow = () => import('./solana/index.js')

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

/** Who sends: {@link activeSender}'s answer. */
export type Sender = NonNullable<ReturnType<typeof activeSender>>

/** What the form describes (token, amount in units, receiver), or undefined while it is incomplete. */
export function sendForm(kernel: Kernel): { token: TokenBalance; units: bigint; receiver: string } | undefined {
  const { token, sendTokenAmount, receiverAddress, receiverResolvedAddress } = selectSend(kernel.getState())
  if (!token || !receiverAddress?.trim()) return undefined
  // a typed name is sent to the address it resolved to, and not at all before
  if (isReceiverName(receiverAddress) && kernel.getState().chains.activeNamespace === 'eip155' && !receiverResolvedAddress) return undefined
  const parsed = parseAmount(sendTokenAmount ?? '', tokenDecimals(token))
  if (!('units' in parsed)) return undefined
  return { token, units: parsed.units, receiver: receiverResolvedAddress ?? receiverAddress.trim() }
}

/** The EVM transaction the form describes, or undefined while it is incomplete. */
export function formTransaction(kernel: Kernel) {
  const form = sendForm(kernel)
  if (!form) return undefined
  return { token: form.token, units: form.units, transaction: buildTransfer({ token: form.token, receiver: form.receiver, units: form.units }) }
}

/** Estimates the previewed transaction's fee into the slice (fee in the native currency and USD). */
export async function previewFee(kernel: Kernel): Promise<void> {
  const sender = activeSender(kernel)
  const form = sendForm(kernel)
  if (!sender || !form) return
  kernel.store.dispatch(sendActions.feeRequested())
  if (sender.namespace === 'solana') return (await solanaFlow()).previewSolanaFee(kernel, sender, form)
  try {
    const { transaction } = formTransaction(kernel)!
    const estimate = await estimateFee({ ...sender, transaction })
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

/** Sends on the active namespace: the kernel's sendTransaction on EVM, the Solana variant on solana. */
async function sendOnChain(kernel: Kernel, sender: Sender, form: NonNullable<ReturnType<typeof sendForm>>): Promise<string | undefined> {
  if (sender.namespace === 'solana') return (await solanaFlow()).submitSolanaSend(kernel, sender, form)
  try {
    // the kernel toasts "Transaction started", or "Something went wrong" / "Signature declined" and rethrows
    return await kernel.sendTransaction(buildTransfer(form))
  } catch {
    return undefined
  }
}

/**
 * Reads again what a send changed: the native balance, the Tokens tab and the picker (bypassing the caches), and
 * the Activity tab, through the portfolio and history plugins' APIs when they are there.
 */
export function refreshAfterSend(kernel: Kernel): void {
  void kernel.refreshBalance()
  void kernel.extensions.read('portfolio/api')[0]?.refresh({ forceUpdate: true })
  void loadSendBalances(kernel, true)
  void kernel.extensions.read('history/api')[0]?.refresh()
}

/**
 * Sends the previewed transaction. On success the form resets and the modal returns to the Account view; once
 * the transaction is confirmed the balances (bypassing the caches) and the Activity tab are read again. On
 * failure (toasted) the form stays.
 */
export async function submitSend(kernel: Kernel): Promise<boolean> {
  const sender = activeSender(kernel)
  const form = sendForm(kernel)
  if (!sender || !form || selectSend(kernel.getState()).loading) return false
  kernel.store.dispatch(sendActions.sendStarted())
  const hash = await sendOnChain(kernel, sender, form)
  if (hash === undefined) {
    kernel.store.dispatch(sendActions.sendFailed())
    return false
  }
  kernel.store.dispatch(sendActions.sendReset())
  kernel.router.reset('Account')
  if (sender.adapter?.waitForTransaction) {
    sender.adapter
      .waitForTransaction({ network: sender.network, hash })
      .then(() => refreshAfterSend(kernel), (error) => console.warn('[send] waiting for the transaction:', error)) // eslint-disable-line no-console
  } else refreshAfterSend(kernel)
  return true
}

/**
 * Max on the native currency: the balance less the fee the network would charge, asked of its chain (EVM: twice
 * a plain transfer at the gas price; Solana: the transfer's fee).
 */
export async function maxNative(kernel: Kernel, token: TokenBalance, balance: bigint): Promise<bigint> {
  const sender = activeSender(kernel)
  if (!sender) return 0n
  if (sender.namespace === 'solana') return (await solanaFlow()).maxSol(sender, token, balance)
  return maxNativeUnits(balance, await readGasPrice(sender.network))
}
