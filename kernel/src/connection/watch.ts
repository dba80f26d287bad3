import { KERNEL_VIEWS, type ChainNamespace, type Connector } from '@portico/contracts/plugin'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { refreshBalance } from './balance.js'
import { checkSupported, explorerUrl, findNetwork, isSupported, persist, setActiveNetwork, showsUnsupported, watchKey, type ConnectionContext } from './context.js'
import { forget } from './forget.js'

/** Follows the wallet's account, chain and disconnect events through the namespace's adapter. */
export async function watchWallet(ctx: ConnectionContext, ns: ChainNamespace, connector: Connector) {
  const k = watchKey(ns, connector.id)
  ctx.unwatch.get(k)?.()
  const adapter = ctx.registry.getAdapter(ns)
  if (!adapter) return
  try {
    const stop = await adapter.watch({
      connector,
      onAccountsChanged: (accounts, types) => accountsChanged(ctx, ns, connector, accounts, types),
      onChainChanged: (chainId) => chainChanged(ctx, ns, connector, chainId),
      onDisconnect: () => walletEnded(ctx, ns, connector),
    })
    ctx.unwatch.set(k, stop)
  } catch (error) {
    ctx.log('warn', '[portico] could not watch wallet events:', error)
  }
}

function accountsChanged(ctx: ConnectionContext, ns: ChainNamespace, connector: Connector, accounts: string[], types?: Readonly<Record<string, string>>) {
  if (accounts.length === 0) return walletEnded(ctx, ns, connector)
  const address = accounts[0]!
  // the namespace's own network: another namespace may be the active one (several connected at once)
  const { activeCaipNetworkId, activeNamespace, accounts: known } = ctx.store.getState().chains
  const network = activeNamespace === ns ? activeCaipNetworkId : (known[ns]?.caipAddress?.split(':').slice(0, 2).join(':') ?? activeCaipNetworkId)
  ctx.store.dispatch(
    chainsSlice.actions.accountChanged({ namespace: ns, address, caipAddress: `${network}:${address}`, allAccounts: accounts.map((a) => ({ address: a, type: types?.[a] ?? 'eoa' })) }),
  )
  ctx.store.dispatch(connectionSlice.actions.connectionChanged({ namespace: ns, connectorId: connector.id, address, chainId: network?.split(':')[1] ?? '' }))
  void persist(ctx)
  void refreshBalance(ctx, ns)
}

/**
 * The wallet ended the connection itself (revoked, locked, no accounts left, gone): the visitor is told which wallet
 * in a toast, unless they are disconnecting it themselves, and the kernel falls back to the next connection.
 */
function walletEnded(ctx: ConnectionContext, ns: ChainNamespace, connector: Connector) {
  // the visitor's own disconnect: `disconnect` forgets the connection once the wallet has answered
  if (ctx.ending.has(watchKey(ns, connector.id))) return
  if (ctx.store.getState().chains.accounts[ns]?.status === 'connected') ctx.notify.toast(ctx.t('toast.walletDisconnected', { wallet: connector.name }), 'error')
  void forget(ctx, ns, connector.id)
}

/** The adapter reports chain ids in the namespace's CAIP-2 reference form (it normalises its wallets' formats). */
function chainChanged(ctx: ConnectionContext, ns: ChainNamespace, connector: Connector, chainId: string | number) {
  const caipNetworkId = `${ns}:${chainId}`
  const account = ctx.store.getState().chains.accounts[ns]
  setActiveNetwork(ctx, caipNetworkId)
  if (account?.address) {
    ctx.store.dispatch(
      chainsSlice.actions.accountNetworkChanged({
        namespace: ns,
        caipAddress: `${caipNetworkId}:${account.address}`,
        addressExplorerUrl: explorerUrl(findNetwork(ctx, caipNetworkId), account.address),
      }),
    )
    ctx.store.dispatch(connectionSlice.actions.connectionChanged({ namespace: ns, connectorId: connector.id, address: account.address, chainId }))
  }
  void persist(ctx)
  if (isSupported(ctx, caipNetworkId)) {
    // back on a supported network: leave the unsupported-network screen
    if (showsUnsupported(ctx)) ctx.router.reset(KERNEL_VIEWS.account)
    void refreshBalance(ctx, ns)
  } else checkSupported(ctx)
}
