import { KERNEL_VIEWS, type ChainNamespace, type ConnectionInfo, type Connector } from '@portico/contracts/plugin'
import { errorMessage } from '../errors/errorMessage.js'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { adapterFor, checkSupported, findNetwork, isSupported, networksOf, type ConnectionContext } from './context.js'
import { ConnectorNotFoundError, isUserRejection } from './errors.js'
import { established } from './lifecycle.js'
import { switchNetwork } from './switchNetwork.js'

function pickNamespace(ctx: ConnectionContext, connector: Connector, requested?: ChainNamespace): ChainNamespace {
  if (requested) return requested
  const activeNs = ctx.store.getState().chains.activeNamespace
  if (activeNs && connector.chains.includes(activeNs)) return activeNs
  return connector.chains.find((ns) => ctx.registry.getAdapter(ns)) ?? connector.chains[0]!
}

/**
 * The other namespaces one approval authorised (see `AdapterConnection.alsoAuthorized`), connected through the same
 * connector once the first connection is complete; the first connection's network is made active again. One that
 * fails is logged and left disconnected: the first connection stands.
 */
async function connectAlsoAuthorized(ctx: ConnectionContext, connector: Connector, first: ChainNamespace, firstNetwork: string, namespaces: readonly ChainNamespace[]) {
  let connected = false
  for (const ns of namespaces) {
    if (ns === first || !connector.chains.includes(ns) || !ctx.registry.getAdapter(ns)) continue
    if (ctx.store.getState().chains.accounts[ns]?.status === 'connected') continue
    try {
      await connect(ctx, connector.id, { namespace: ns })
      connected = true
    } catch (error) {
      ctx.log('warn', `[portico] ${connector.name} authorised ${ns} too, but connecting it failed:`, error)
    }
  }
  if (connected && ctx.store.getState().chains.activeCaipNetworkId !== firstNetwork)
    await switchNetwork(ctx, firstNetwork).catch((error) => ctx.log('warn', '[portico] back to the first network:', error))
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
    await connectAlsoAuthorized(ctx, connector, ns, caipNetworkId, result.alsoAuthorized ?? [])
    return { namespace: ns, connectorId, address: result.address, caipAddress: `${caipNetworkId}:${result.address}`, chainId: result.chainId }
  } catch (error) {
    const declined = isUserRejection(error)
    store.dispatch(chainsSlice.actions.accountConnectFailed({ namespace: ns }))
    store.dispatch(connectionSlice.actions.connectFailed({ connectorId, declined, message: declined ? 'Connection declined' : errorMessage(error) }))
    throw error
  }
}
