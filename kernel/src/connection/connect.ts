import { KERNEL_VIEWS, type ChainNamespace, type ConnectionInfo, type Connector } from '@portico/contracts/plugin'
import { errorMessage } from '../errors/errorMessage.js'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { adapterFor, checkSupported, findNetwork, isSupported, networksOf, type ConnectionContext } from './context.js'
import { ConnectorNotFoundError, isUserRejection } from './errors.js'
import { established } from './lifecycle.js'

function pickNamespace(ctx: ConnectionContext, connector: Connector, requested?: ChainNamespace): ChainNamespace {
  if (requested) return requested
  const activeNs = ctx.store.getState().chains.activeNamespace
  if (activeNs && connector.chains.includes(activeNs)) return activeNs
  return connector.chains.find((ns) => ctx.registry.getAdapter(ns)) ?? connector.chains[0]!
}

/** Connects with a connector; the modal closes on success. A failure is recorded for the connecting view and rethrown. */
export async function connect(ctx: ConnectionContext, connectorId: string, params: { namespace?: ChainNamespace } = {}): Promise<ConnectionInfo> {
  const { store } = ctx
  const connector = ctx.registry.getConnector(connectorId)
  if (!connector) throw new ConnectorNotFoundError(connectorId)
  const ns = pickNamespace(ctx, connector, params.namespace)
  const activeId = store.getState().chains.activeCaipNetworkId
  const network = (activeId?.startsWith(`${ns}:`) ? findNetwork(ctx, activeId) : undefined) ?? networksOf(ctx, ns)[0]
  store.dispatch(connectionSlice.actions.connectStarted())
  store.dispatch(chainsSlice.actions.accountConnecting({ namespace: ns }))
  try {
    const result = connector.connect
      ? await connector.connect({ namespace: ns, ...(network ? { network } : {}) })
      : await adapterFor(ctx, ns).connect({ connector, ...(network ? { network } : {}) })
    store.dispatch(
      connectionSlice.actions.recentWalletUsed({
        id: connector.info?.rdns ?? connector.id,
        name: connector.name,
        connectorId: connector.id,
        ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
      }),
    )
    await established(ctx, ns, connector, result)
    const caipNetworkId = `${ns}:${result.chainId}`
    const { modal, options } = store.getState()
    if (isSupported(ctx, caipNetworkId) && modal.open && !options.embedded) ctx.close()
    else if (!isSupported(ctx, caipNetworkId)) checkSupported(ctx)
    else if (options.embedded) ctx.router.reset(KERNEL_VIEWS.account)
    return { namespace: ns, connectorId, address: result.address, caipAddress: `${caipNetworkId}:${result.address}`, chainId: result.chainId }
  } catch (error) {
    const declined = isUserRejection(error)
    store.dispatch(chainsSlice.actions.accountConnectFailed({ namespace: ns }))
    store.dispatch(connectionSlice.actions.connectFailed({ connectorId, declined, message: declined ? 'Connection declined' : errorMessage(error) }))
    throw error
  }
}
