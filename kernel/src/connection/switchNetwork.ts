import { KERNEL_VIEWS } from '@portico/contracts/plugin'
import { errorMessage } from '../errors/errorMessage.js'
import { chainsSlice } from '../store/index.js'
import { refreshBalance } from './balance.js'
import { adapterFor, findNetwork, persist, setActiveNetwork, showsUnsupported, type ConnectionContext } from './context.js'
import { AdapterNotFoundError, ConnectorNotFoundError, isUserRejection } from './errors.js'

/**
 * SPEC §4 switching network: the wallet follows when the namespace is connected, then the balance is read again.
 * With several namespaces connected, a network of another namespace makes that namespace's account the active one;
 * when it is not the network that account is on (another network of that namespace), its wallet follows too.
 */
export async function switchNetwork(ctx: ConnectionContext, caipNetworkId: string) {
  const network = findNetwork(ctx, caipNetworkId)
  if (!network) {
    ctx.notify.toast('Chain is not supported', 'error')
    throw new AdapterNotFoundError(caipNetworkId.split(':')[0]!)
  }
  const ns = network.chainNamespace
  const { activeNamespace, accounts } = ctx.store.getState().chains
  const account = accounts[ns]
  const accountNetwork = account?.caipAddress?.split(':').slice(0, 2).join(':')
  if (account?.address && account.connectorId && (ns === activeNamespace || accountNetwork !== caipNetworkId)) {
    const connector = ctx.registry.getConnector(account.connectorId)
    if (!connector) throw new ConnectorNotFoundError(account.connectorId)
    try {
      await adapterFor(ctx, ns).switchNetwork({ connector, network })
    } catch (error) {
      ctx.notify.toast(isUserRejection(error) ? 'Signature declined' : errorMessage(error), 'error')
      throw error
    }
    setActiveNetwork(ctx, caipNetworkId)
    ctx.store.dispatch(chainsSlice.actions.accountNetworkChanged({ namespace: ns, caipAddress: `${caipNetworkId}:${account.address}` }))
  } else {
    setActiveNetwork(ctx, caipNetworkId)
  }
  await persist(ctx)
  void refreshBalance(ctx, ns)
  if (showsUnsupported(ctx)) ctx.router.reset(account?.address ? KERNEL_VIEWS.account : KERNEL_VIEWS.connect)
}

