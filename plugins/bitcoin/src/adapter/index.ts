import { defineChainAdapter, errorMappedBinder, type CaipNetworkLike, type ChainAdapter, type Connector } from '@portico/contracts/plugin'
import { toBitcoinError, type BitcoinAction } from '../errors.js'
import type { BitcoinAccount } from '../wallet/index.js'
import { getBalance } from './balance.js'
import { connect, disconnect, reconnect, stopWatching, switchNetwork, watch, type BitcoinConnection } from './connection.js'
import { createBitcoinContext, sessionOf, type BitcoinAdapterParameters } from './context.js'
import { sendTransaction, sendTransfer, signMessage, signPsbt, type SendTransferParameters, type SignPsbtParameters } from './signing.js'

export type { BitcoinAdapterParameters } from './context.js'
export type { BitcoinConnection } from './connection.js'
export type { SendTransferParameters, SignPsbtParameters } from './signing.js'

/** The bitcoin-only methods beside the contract's surface; features find them on the adapter of namespace `bip122`. */
export type BitcoinAdapterExtras = {
  /** Signs a PSBT (base64); returns it signed, and the transaction id when the wallet broadcast it. */
  signPsbt(params: SignPsbtParameters): Promise<{ psbt: string; txid?: string }>
  /** Sends satoshis to one or more recipients through the wallet; returns the transaction id. */
  sendTransfer(params: SendTransferParameters): Promise<string>
  /** The session's addresses with their purpose (payment first, then ordinals). */
  getAccounts(params: { connector: Connector }): Promise<BitcoinAccount[]>
}

/** The bitcoin chain adapter, plus what the plugin and tests need around it. */
export type BitcoinAdapter = Omit<ChainAdapter, 'connect' | 'reconnect'> &
  BitcoinAdapterExtras & {
    namespace: 'bip122'
    connect(params: Parameters<ChainAdapter['connect']>[0]): Promise<BitcoinConnection>
    reconnect(params: Parameters<ChainAdapter['reconnect']>[0]): Promise<BitcoinConnection | undefined>
    /** The network the connector's session talks to, if connected. */
    getNetwork(connector: Connector): CaipNetworkLike | undefined
    /** Ends wallet subscriptions. */
    destroy(): void
  }

/** The capabilities the adapter declares (the contract's optional methods it has): none. */
export const BITCOIN_CAPABILITIES = [] as const

/**
 * Creates the bitcoin chain adapter. Nothing touches the network until a method is called. Wallets are reached
 * through their connector's provider: a sats-connect provider or a request provider speaking WalletConnect's bip122
 * methods. Balances come from the network's Esplora API.
 *
 * @example
 * const adapter = createBitcoinAdapter()
 * const { address, accountTypes } = await adapter.connect({ connector, network: bitcoinRegtest })
 */
export function createBitcoinAdapter(parameters: BitcoinAdapterParameters = {}): BitcoinAdapter {
  const ctx = createBitcoinContext(parameters)
  const bind = errorMappedBinder(ctx, (error, action: BitcoinAction) => toBitcoinError(error, action, ctx.t))
  const adapter = defineChainAdapter({
    namespace: 'bip122',
    networks: ctx.networks,
    capabilities: BITCOIN_CAPABILITIES,
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
    signPsbt: bind('signPsbt', signPsbt),
    sendTransfer: bind('sendTransfer', sendTransfer),
    getAccounts: bind('getAccounts', async (c, { connector }: { connector: Connector }) => (await sessionOf(c, connector)).session.accounts),
    getNetwork: (connector) => ctx.sessions.get(connector.id)?.network,
    destroy() {
      for (const id of [...ctx.walletEvents.keys()]) stopWatching(ctx, id)
    },
  }
}
