import { defineChainAdapter, errorMappedBinder, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { toPolkadotError, type PolkadotAction } from '../errors.js'
import { getBalance } from './balance.js'
import { connect, disconnect, reconnect, stopWatching, switchNetwork, watch, type PolkadotConnection } from './connection.js'
import { createPolkadotContext, type PolkadotAdapterParameters } from './context.js'
import { sendTransaction, signMessage } from './signing.js'

export type { AccountChoice, ChooseAccount, PolkadotAdapterParameters } from './context.js'
export type { PolkadotConnection } from './connection.js'

/** The polkadot chain adapter, plus what the plugin and tests need around it. */
export type PolkadotAdapter = Omit<ChainAdapter, 'connect' | 'reconnect'> & {
  namespace: 'polkadot'
  connect(params: Parameters<ChainAdapter['connect']>[0]): Promise<PolkadotConnection>
  reconnect(params: Parameters<ChainAdapter['reconnect']>[0]): Promise<PolkadotConnection | undefined>
  /** The network the connector's session talks to, if connected. */
  getNetwork(connector: Connector): CaipNetworkLike | undefined
  /** Ends wallet subscriptions. */
  destroy(): void
}

/** The capabilities the adapter declares: none of the contract's optional methods. */
export const POLKADOT_CAPABILITIES = [] as const

/**
 * Creates the polkadot chain adapter. Wallets are reached through their connector's provider: an `injectedWeb3`
 * extension or a `polkadot_*` request provider (WalletConnect). Nothing touches the network until a balance is read.
 *
 * @example
 * const adapter = createPolkadotAdapter({ appName: 'My dapp' })
 * const { address, chainId } = await adapter.connect({ connector, network: kusama }) // address in Kusama's SS58 format
 */
export function createPolkadotAdapter(parameters: PolkadotAdapterParameters = {}): PolkadotAdapter {
  const ctx = createPolkadotContext(parameters)
  const bind = errorMappedBinder(ctx, (error, action: PolkadotAction) => toPolkadotError(error, action, ctx.t))
  const adapter = defineChainAdapter({
    namespace: 'polkadot',
    networks: ctx.networks,
    capabilities: POLKADOT_CAPABILITIES,
    connect: bind('connect', connect),
    reconnect: bind('reconnect', reconnect),
    disconnect: bind('disconnect', disconnect),
    switchNetwork: bind('switchNetwork', switchNetwork),
    getBalance: bind('getBalance', getBalance),
    signMessage: bind('signMessage', signMessage),
    sendTransaction: bind('sendTransaction', sendTransaction),
    watch: bind('watch', watch),
  })
  return {
    ...adapter,
    getNetwork: (connector) => ctx.sessions.get(connector.id)?.network,
    destroy() {
      for (const id of [...ctx.watchers.keys()]) stopWatching(ctx, id)
      ctx.sessions.clear()
    },
  }
}
