import type { CaipNetworkLike, ChainNamespace } from './shared.js'

/** Connector kinds (SPEC §3 plus the ones a connector list needs). */
export type ConnectorType = 'INJECTED' | 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH' | 'MULTI_CHAIN' | 'EXTERNAL'

/** Events a connector's provider reports. */
export type ConnectorEvents = {
  /** `accountTypes` names the type of each account where the adapter knows it (bip122: payment, ordinals). */
  onAccountsChanged?: (accounts: string[], accountTypes?: Readonly<Record<string, string>>) => void
  /** The chain id in its CAIP-2 reference form (`1` for eip155, not `'0x1'`): the adapter normalises its wallets' formats. */
  onChainChanged?: (chainId: string | number) => void
  onDisconnect?: () => void
}

/**
 * A way to reach a wallet: it hands out the provider that speaks a namespace's wallet protocol
 * (EIP-1193 for eip155). Chain logic lives in the chain adapter, not here.
 */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  chains: readonly ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
  getProvider(namespace: ChainNamespace): Promise<unknown>
  /** Connectors that drive their own session (WalletConnect, embedded wallet) connect here instead of the adapter. */
  connect?(params: { namespace: ChainNamespace; network?: CaipNetworkLike }): Promise<AdapterConnection>
  disconnect?(): Promise<void>
}

/** What connecting yields. */
export type AdapterConnection = {
  address: string
  accounts: readonly string[]
  chainId: string | number
  /**
   * Other namespaces the same approval authorised (a WalletConnect session with eip155 and solana accounts): the
   * kernel connects them too, through the same connector, without asking the wallet again; the first stays active.
   */
  alsoAuthorized?: readonly ChainNamespace[]
  /** The type of each account by address (SPEC §3 allAccounts: `payment`/`ordinals` on bip122); unlisted ones are `eoa`. */
  accountTypes?: Readonly<Record<string, string>>
}

/** Optional capabilities an adapter declares; features query them instead of probing methods. */
export type AdapterCapability =
  | 'signTypedData'
  | 'estimateGas'
  | 'getCapabilities'
  | 'sendCalls'
  | 'getCallsStatus'
  | 'getAssets'
  | 'request'
  | 'waitForTransaction'

export type TransactionRequest = { to: string; value?: bigint; data?: string; gas?: bigint }

/**
 * A chain adapter: the small surface every namespace implements, plus declared optional capabilities.
 * No chain-specific method sits on a shared base.
 */
export interface ChainAdapter {
  namespace: ChainNamespace
  /** Network definitions the adapter provides (well-known chains and local ones). */
  networks: readonly CaipNetworkLike[]
  capabilities: readonly AdapterCapability[]
  connect(params: { connector: Connector; network?: CaipNetworkLike }): Promise<AdapterConnection>
  /** Restore a previous connection without prompting; `undefined` when the wallet no longer authorises us. */
  reconnect(params: { connector: Connector; network?: CaipNetworkLike }): Promise<AdapterConnection | undefined>
  disconnect(params: { connector: Connector }): Promise<void>
  switchNetwork(params: { connector: Connector; network: CaipNetworkLike }): Promise<void>
  getBalance(params: { address: string; network: CaipNetworkLike }): Promise<{ balance: string; symbol: string }>
  signMessage(params: { connector: Connector; address: string; message: string }): Promise<string>
  sendTransaction(params: { connector: Connector; address: string; network: CaipNetworkLike; transaction: TransactionRequest }): Promise<string>
  /** Subscribe to the wallet's account, chain and disconnect events; returns the unsubscribe. */
  watch(params: { connector: Connector } & ConnectorEvents): Promise<() => void>
  signTypedData?(params: { connector: Connector; address: string; typedData: unknown }): Promise<string>
  estimateGas?(params: { connector: Connector; address: string; network: CaipNetworkLike; transaction: TransactionRequest }): Promise<bigint>
  getCapabilities?(params: { connector: Connector; address: string }): Promise<Record<string, unknown>>
  sendCalls?(params: { connector: Connector; address: string; network: CaipNetworkLike; calls: readonly TransactionRequest[] }): Promise<string>
  getCallsStatus?(params: { connector: Connector; id: string }): Promise<unknown>
  request?(params: { connector: Connector; method: string; params?: unknown }): Promise<unknown>
  /**
   * Settles once the transaction is included (or failed) on the network, rejecting after `timeoutMs` (default 60 s).
   * The kernel reads the balance again then: a wallet's send returns before its transaction is mined.
   */
  waitForTransaction?(params: { network: CaipNetworkLike; hash: string; timeoutMs?: number }): Promise<void>
}

/**
 * Pins down a chain adapter's type; returns it unchanged.
 *
 * @example
 * export const evmAdapter = defineChainAdapter({ namespace: 'eip155', networks, capabilities: ['signTypedData'], ... })
 */
export function defineChainAdapter<const A extends ChainAdapter>(adapter: A): A {
  return adapter
}

/**
 * Pins down a connector's type; returns it unchanged.
 *
 * @example
 * const injected = defineConnector({ id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chains: ['eip155'], getProvider: async () => window.ethereum })
 */
export function defineConnector<const C extends Connector>(connector: C): C {
  return connector
}
