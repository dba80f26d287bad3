import { errorMessage } from '../errors/errorMessage.js'
import { activeConnection, adapterFor, type ConnectionContext } from './context.js'
import { isUserRejection, NotConnectedError } from './errors.js'

/** Signs a message with the active connection; a declined signature shows "Signature declined". */
export async function signMessage(ctx: ConnectionContext, message: string): Promise<string> {
  const { ns, account, connector } = activeConnection(ctx)
  if (!ns || !account?.address || !connector) throw new NotConnectedError()
  try {
    return await adapterFor(ctx, ns).signMessage({ connector, address: account.address, message })
  } catch (error) {
    ctx.notify.toast(isUserRejection(error) ? ctx.t('toast.signatureDeclined') : errorMessage(error), 'error')
    throw error
  }
}
