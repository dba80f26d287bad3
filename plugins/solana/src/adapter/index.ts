import { defineChainAdapter, errorMappedBinder, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { toSolanaError, type SolanaAction } from '../errors.js'
import { getBalance, getTokenBalances, type SplTokenBalance } from './balance.js'
import { connect, disconnect, reconnect, stopWatching, switchNetwork, watch, type SolanaConnection } from './connection.js'
import { createSolanaContext, type SolanaAdapterParameters } from './context.js'
import { sendTransaction, waitForTransaction } from './sending.js'
import { signAllTransactions, signAndSendTransaction, signMessage, signTransaction, type SignTransactionParameters } from './signing.js'
import type { SolanaTransactionInput } from './transactions.js'

export type { SolanaAdapterParameters } from './context.js'
export type { SolanaConnection } from './connection.js'
export type { SplTokenBalance } from './balance.js'
export type { SignTransactionParameters } from './signing.js'
export type { SolanaTransactionInput } from './transactions.js'

/** The solana-only methods beside the contract's surface; features find them on the adapter of namespace `solana`. */
export type SolanaAdapterExtras = {
  /** Signs without sending; returns the signed wire transaction in base64. */
  signTransaction(params: SignTransactionParameters): Promise<string>
  /** Signs several transactions in one prompt; base64, same order. */
  signAllTransactions(params: Omit<SignTransactionParameters, 'transaction'> & { transactions: readonly SolanaTransactionInput[] }): Promise<string[]>
  /** Signs and submits; returns the signature in base58. */
  signAndSendTransaction(params: SignTransactionParameters): Promise<string>
  /** SPL token balances of an owner (SPL Token program, jsonParsed). */
  getTokenBalances(params: { address: string; network: CaipNetworkLike }): Promise<SplTokenBalance[]>
}

/** The solana chain adapter, plus what the plugin and tests need around it. */
export type SolanaAdapter = Omit<ChainAdapter, 'connect' | 'reconnect'> &
  SolanaAdapterExtras & {
    namespace: 'solana'
    connect(params: Parameters<ChainAdapter['connect']>[0]): Promise<SolanaConnection>
    reconnect(params: Parameters<ChainAdapter['reconnect']>[0]): Promise<SolanaConnection | undefined>
    /** The network the connector's session talks to, if connected. */
    getNetwork(connector: Connector): CaipNetworkLike | undefined
    /** Ends wallet subscriptions and pending confirmations. */
    destroy(): void
  }

/** The capabilities the adapter declares (the contract's optional methods it has). */
export const SOLANA_CAPABILITIES = ['waitForTransaction'] as const

/**
 * Creates the solana chain adapter on `@solana/kit`. Nothing touches the network until a method is called. Wallets
 * are reached through their connector's provider: a Wallet Standard wallet or a `solana_*` request provider.
 *
 * @example
 * const adapter = createSolanaAdapter({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: 'http://127.0.0.1:8899' } })
 * const { address, chainId } = await adapter.connect({ connector })
 */
export function createSolanaAdapter(parameters: SolanaAdapterParameters = {}): SolanaAdapter {
  const ctx = createSolanaContext(parameters)
  const bind = errorMappedBinder(ctx, (error, action: SolanaAction) => toSolanaError(error, action, ctx.t))
  const adapter = defineChainAdapter({
    namespace: 'solana',
    networks: ctx.networks,
    capabilities: SOLANA_CAPABILITIES,
    connect: bind('connect', connect),
    reconnect: bind('reconnect', reconnect),
    disconnect: bind('disconnect', disconnect),
    switchNetwork: bind('switchNetwork', switchNetwork),
    getBalance: bind('getBalance', getBalance),
    signMessage: bind('signMessage', signMessage),
    sendTransaction: bind('sendTransaction', sendTransaction),
    waitForTransaction: bind('waitForTransaction', waitForTransaction),
    watch: bind('watch', watch),
  })
  return {
    ...adapter,
    signTransaction: bind('signTransaction', signTransaction),
    signAllTransactions: bind('signAllTransactions', signAllTransactions),
    signAndSendTransaction: bind('signAndSendTransaction', signAndSendTransaction),
    getTokenBalances: bind('getTokenBalances', getTokenBalances),
    getNetwork: (connector) => ctx.sessions.get(connector.id)?.network,
    destroy() {
      ctx.stop.abort()
      ctx.rpcs.clear()
      for (const id of [...ctx.watchers.keys()]) stopWatching(ctx, id)
    },
  }
}
