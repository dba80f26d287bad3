import { isPorticoError } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { liveNative } from '../balances.js'
import { feeInUsd } from '../fees.js'
import type { Sender } from '../flow.js'
import { selectSend, sendActions } from '../slice.js'
import { solanaAdapterOf } from './adapter.js'
import { buildSolanaTransfer, maxSolUnits, rpcOf } from './transfer.js'

export { solanaTokenBalances } from './balances.js'

/*
 * The send flow on Solana, loaded only when the active namespace is solana (so the EVM path never downloads
 * @solana/kit): the transfer is built here (SOL, or an SPL token's transferChecked with the receiver's associated
 * token account created when missing, in the same transaction) and signed and sent by the wallet through the solana
 * adapter's signAndSendTransaction.
 */

type Form = { token: TokenBalance; units: bigint; receiver: string }

/** Prices the previewed transfer into the slice: the network fee in SOL and USD, and the rent of a new token account. */
export async function previewSolanaFee(kernel: Kernel, sender: Sender, form: Form): Promise<void> {
  kernel.store.dispatch(sendActions.feeRequested())
  try {
    const { fee, rent } = await buildSolanaTransfer(rpcOf(sender.network), { from: sender.address, ...form })
    const native = liveNative(selectSend(kernel.getState()).tokenBalances, kernel.getState())
    const usd = feeInUsd(fee, native, sender.network.nativeCurrency.decimals)
    // a Solana fee is per transaction, not gas × price: one "unit" priced at the whole fee
    kernel.store.dispatch(sendActions.feeEstimated({ gas: '1', gasPrice: String(fee), fee: String(fee), rent: String(rent), ...usd }))
  } catch (error) {
    console.warn('[send] estimating the fee on Solana:', error) // eslint-disable-line no-console
    kernel.store.dispatch(sendActions.feeFailed())
  }
}

/**
 * Builds the transfer on a fresh blockhash and has the wallet sign and send it. Shows "Transaction started", or
 * "Signature declined" / SPEC §8's "Failed to send transaction. Please try again." and resolves `undefined`.
 */
export async function submitSolanaSend(kernel: Kernel, sender: Sender, form: Form): Promise<string | undefined> {
  try {
    if (!sender.connector) throw new Error('The account has no connector to sign with.')
    const adapter = solanaAdapterOf(sender.adapter)
    const { transaction } = await buildSolanaTransfer(rpcOf(sender.network), { from: sender.address, ...form })
    const signature = await adapter.signAndSendTransaction({ connector: sender.connector, address: sender.address, network: sender.network, transaction })
    kernel.notify.toast(kernel.t('toast.transactionStarted'), 'success')
    return signature
  } catch (error) {
    console.warn('[send] sending on Solana:', error) // eslint-disable-line no-console
    kernel.notify.toast(isPorticoError(error, 'USER_REJECTED') ? kernel.t('toast.signatureDeclined') : kernel.t('send.error.solanaFailed'), 'error')
    return undefined
  }
}

/** Max for SOL: the balance less the network's fee for the transfer. */
export const maxSol = (sender: Sender, token: TokenBalance, balance: bigint) => maxSolUnits(rpcOf(sender.network), { from: sender.address, token, balance })
