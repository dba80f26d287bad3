import { type AdapterConnection, type ChainNamespace, type ConnectionInfo, type Connector } from '@portico/contracts/plugin'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { refreshBalance } from './balance.js'
import { explorerUrl, findNetwork, persist, setActiveNetwork, type ConnectionContext } from './context.js'
import { watchWallet } from './watch.js'

/** Records a connection the adapter or connector made (or restored), watches the wallet, and announces it. */
export async function established(ctx: ConnectionContext, ns: ChainNamespace, connector: Connector, result: AdapterConnection) {
  const caipNetworkId = `${ns}:${result.chainId}`
  const caipAddress = `${caipNetworkId}:${result.address}`
  const network = findNetwork(ctx, caipNetworkId)
  ctx.store.dispatch(
    chainsSlice.actions.accountConnected({
      namespace: ns,
      address: result.address,
      caipAddress,
      connectorId: connector.id,
      allAccounts: result.accounts.map((address) => ({ address, type: result.accountTypes?.[address] ?? 'eoa' })),
      walletInfo: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}), type: connector.type },
      ...(network ? { addressExplorerUrl: explorerUrl(network, result.address) } : {}),
    }),
  )
  ctx.store.dispatch(connectionSlice.actions.connectionEstablished({ namespace: ns, connectorId: connector.id, address: result.address, chainId: result.chainId }))
  setActiveNetwork(ctx, caipNetworkId)
  await watchWallet(ctx, ns, connector)
  await persist(ctx)
  void refreshBalance(ctx, ns)
  const info: ConnectionInfo = { namespace: ns, connectorId: connector.id, address: result.address, caipAddress, chainId: result.chainId }
  await ctx.hooks.afterConnect.promise(info)
}
