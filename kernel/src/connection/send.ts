import type { TransactionRequest } from '@portico/contracts/plugin'
import { refreshBalance } from './balance.js'
import { activeConnection, adapterFor, findNetwork, type ConnectionContext } from './context.js'
import { AdapterNotFoundError, isUserRejection, NotConnectedError } from './errors.js'

/** Sends a transaction with the active connection; shows "Transaction started", then reads the balance again. */
export async function sendTransaction(ctx: ConnectionContext, transaction: TransactionRequest): Promise<string> {
  const { ns, account, connector } = activeConnection(ctx)
  const network = findNetwork(ctx, ctx.store.getState().chains.activeCaipNetworkId ?? '')
  if (!ns || !account?.address || !connector) throw new NotConnectedError()
  if (!network) throw new AdapterNotFoundError(ns)
  try {
    const adapter = adapterFor(ctx, ns)
    const hash = await adapter.sendTransaction({ connector, address: account.address, network, transaction })
    // a wallet's send returns before its transaction is mined: read the balance again once it is
    adapter
      .waitForTransaction?.({ network, hash })
      .then(() => refreshBalance(ctx, ns))
      .catch((error) => ctx.log('warn', '[portico] waiting for the transaction:', error))
    ctx.notify.toast(ctx.t('toast.transactionStarted'), 'success')
    await refreshBalance(ctx, ns)
    return hash
  } catch (error) {
    ctx.notify.toast(ctx.t(isUserRejection(error) ? 'toast.signatureDeclined' : 'toast.somethingWentWrong'), 'error')
    throw error
  }
}
