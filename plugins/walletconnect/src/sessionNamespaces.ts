import type { ChainNamespace, ConnectionInfo } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { WALLETCONNECT_CONNECTOR_ID } from './constants.js'
import { asWalletConnectConnector } from './connector.js'
import { sessionAccounts } from './namespaces.js'

/** What {@link connectSessionNamespaces} uses of the kernel. */
export type SessionNamespacesKernel = Pick<Kernel, 'connect' | 'getConnector' | 'getAdapter' | 'getState' | 'switchNetwork'>

/**
 * After a WalletConnect connection of one namespace, connects the session's other namespaces (a wallet that approved
 * eip155 and solana gives the kernel both accounts) without asking the wallet again, then makes the first connection's
 * network the active one again. A namespace is skipped when its adapter is missing, the session has no account in it,
 * or another wallet is connected there. Returns the extra connections.
 *
 * @example
 * const first = await kernel.connect('walletConnect')
 * await connectSessionNamespaces(kernel, first) // the solana account too, when the wallet approved one
 */
export async function connectSessionNamespaces(kernel: SessionNamespacesKernel, first: ConnectionInfo): Promise<ConnectionInfo[]> {
  if (first.connectorId !== WALLETCONNECT_CONNECTOR_ID) return []
  const connector = asWalletConnectConnector(kernel.getConnector(WALLETCONNECT_CONNECTOR_ID))
  const session = connector?.host.activeSession()
  if (!connector || !session) return []
  const extra: ConnectionInfo[] = []
  for (const ns of connector.chains as readonly ChainNamespace[]) {
    if (ns === first.namespace || !kernel.getAdapter(ns) || !sessionAccounts(session.namespaces, ns).length) continue
    if (kernel.getState().chains.accounts[ns]?.status === 'connected') continue
    extra.push(await kernel.connect(WALLETCONNECT_CONNECTOR_ID, { namespace: ns }))
  }
  const primary = `${first.namespace}:${first.chainId}`
  if (extra.length && kernel.getState().chains.activeCaipNetworkId !== primary) await kernel.switchNetwork(primary)
  return extra
}
