import { errorMessage } from '../errors/errorMessage.js'
import { activeConnection, adapterFor, type ConnectionContext } from './context.js'
import { isUserRejection, NotConnectedError } from './errors.js'

/**
 * Signs a message with the active connection; a declined signature shows "Signature declined". A smart account's
 * signing that fails otherwise says the application might not support smart accounts (SPEC §8).
 */
export async function signMessage(ctx: ConnectionContext, message: string): Promise<string> {
  const { ns, account, connector } = activeConnection(ctx)
  if (!ns || !account?.address || !connector) throw new NotConnectedError()
  try {
    return await adapterFor(ctx, ns).signMessage({ connector, address: account.address, message })
  } catch (error) {
    const declined = isUserRejection(error)
    const smart = account.preferredAccountType === 'smartAccount'
    ctx.notify.toast(declined ? ctx.t('toast.signatureDeclined') : smart ? ctx.t('toast.smartAccountUnsupported') : errorMessage(error), 'error')
    throw error
  }
}
