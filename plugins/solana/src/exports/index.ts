export { solana, solana as default, type SolanaParameters } from '../plugin.js'
export {
  createSolanaAdapter,
  SOLANA_CAPABILITIES,
  type SignTransactionParameters,
  type SolanaAdapter,
  type SolanaAdapterExtras,
  type SolanaAdapterParameters,
  type SolanaConnection,
  type SolanaTransactionInput,
  type SplTokenBalance,
} from '../adapter/index.js'
export { createLazySolanaAdapter, type LazySolanaAdapter } from '../adapter/lazy.js'
export {
  configuredSolanaNetworks,
  defineSolanaNetwork,
  solanaDevnet,
  solanaMainnet,
  solanaNetworks,
  solanaTestnet,
  walletChainOf,
  withRpcUrls,
  type DefineSolanaNetworkParameters,
  type SolanaNetwork,
  type SolanaNetworkParameters,
  type SolanaWalletChain,
} from '../networks.js'
export { createWalletStandardConnector, UnsupportedNamespaceError, walletStandardConnectorId, WalletStandardInfoSchema } from '../connectors.js'
export { discoverSolanaWallets, type WalletDiscoveryDeps } from '../discovery.js'
export { isSolanaStandardWallet } from '../wallet/standard.js'
export { isSolanaRpcProvider, type SolanaRpcProvider } from '../wallet/rpcProvider.js'
export type { SolanaWalletHandle } from '../wallet/handle.js'
export { InvalidSolanaOptionsError, parseSolanaOptions, SolanaOptionsSchema, type SolanaOptions } from '../options.js'
export { isRejection, SolanaError, toSolanaError, UserRejectedError, type SolanaAction, type SolanaErrorCode } from '../errors.js'
export { englishText, solanaMessages, type SolanaMessageKey, type Translate } from '../messages.js'
