import { defineChainAdapter, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import type { Client, Transport } from 'viem'
import { getBalance } from './balance.js'
import { getCallsStatus, getCapabilities, sendCalls } from './calls.js'
import { connect, disconnect, reconnect, type EvmConnection } from './connection.js'
import { createEvmContext, getClient, type EvmAdapterParameters } from './context.js'
import { bindMethod } from './rejections.js'
import { request } from './request.js'
import { estimateGas, sendTransaction, waitForTransaction } from './sending.js'
import { signMessage, signTypedData } from './signing.js'
import { switchNetwork } from './switchNetwork.js'
import { stopWatching, watch } from './watch.js'

export { ADD_CHAIN_ERROR_CODES } from './switchNetwork.js'
export type { EvmAdapterParameters } from './context.js'
export type { EvmConnection } from './connection.js'

/** The eip155 chain adapter, plus what the plugin and tests need around it. */
export type EvmAdapter = Omit<ChainAdapter, 'connect' | 'reconnect'> & {
  namespace: 'eip155'
  networks: readonly CaipNetworkLike[]
  /** Connecting reports the chain id as a decimal number. */
  connect(params: Parameters<ChainAdapter['connect']>[0]): Promise<EvmConnection>
  reconnect(params: Parameters<ChainAdapter['reconnect']>[0]): Promise<EvmConnection | undefined>
  /**
   * The viem client for a network's RPC, created (and its transport ranking started) on first use. It is a bare
   * client, to keep viem's public actions out of the bundle: use actions from `viem/actions` with it.
   */
  getClient(network: CaipNetworkLike): Client<Transport>
  /** The chain id last reported by the connector's wallet (connect, chainChanged, switch), if any. */
  getChainId(connector: Connector): number | undefined
  /** Stops transport ranking and wallet subscriptions. */
  destroy(): void
}

/**
 * Creates the eip155 chain adapter on viem. Nothing touches the network until a method is called: public clients
 * (and the ranking pings of their transports) are created on first use. Each method is a `fn(ctx, params)` function
 * of its own module over one shared context; every refusal surfaces with code USER_REJECTED.
 *
 * @example
 * const adapter = createEvmAdapter({ rpcUrls: { 31337: ['http://127.0.0.1:8545'] } })
 * const { address, chainId } = await adapter.connect({ connector })
 */
export function createEvmAdapter(parameters: EvmAdapterParameters = {}): EvmAdapter {
  const ctx = createEvmContext(parameters)

  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks: ctx.networks,
    capabilities: ['signTypedData', 'estimateGas', 'getCapabilities', 'sendCalls', 'getCallsStatus', 'request', 'waitForTransaction'],
    connect: bindMethod(ctx, 'connect', connect),
    reconnect: bindMethod(ctx, 'reconnect', reconnect),
    disconnect: bindMethod(ctx, 'disconnect', disconnect),
    switchNetwork: bindMethod(ctx, 'switchNetwork', switchNetwork),
    getBalance: bindMethod(ctx, 'getBalance', getBalance),
    signMessage: bindMethod(ctx, 'signMessage', signMessage),
    signTypedData: bindMethod(ctx, 'signTypedData', signTypedData),
    sendTransaction: bindMethod(ctx, 'sendTransaction', sendTransaction),
    estimateGas: bindMethod(ctx, 'estimateGas', estimateGas),
    getCapabilities: bindMethod(ctx, 'getCapabilities', getCapabilities),
    sendCalls: bindMethod(ctx, 'sendCalls', sendCalls),
    getCallsStatus: bindMethod(ctx, 'getCallsStatus', getCallsStatus),
    request: bindMethod(ctx, 'request', request),
    waitForTransaction: bindMethod(ctx, 'waitForTransaction', waitForTransaction),
    watch: bindMethod(ctx, 'watch', watch),
  })

  return {
    ...adapter,
    getClient: (network) => getClient(ctx, network),
    getChainId: (connector) => ctx.chainIds.get(connector.id),
    destroy() {
      ctx.stop.abort()
      ctx.clients.clear()
      for (const id of [...ctx.watchers.keys()]) stopWatching(ctx, id)
    },
  }
}
