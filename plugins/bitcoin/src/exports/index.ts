export { bitcoin, bitcoin as default, type BitcoinParameters } from '../plugin.js'
export {
  BITCOIN_CAPABILITIES,
  createBitcoinAdapter,
  type BitcoinAdapter,
  type BitcoinAdapterExtras,
  type BitcoinAdapterParameters,
  type BitcoinConnection,
  type SendTransferParameters,
  type SignPsbtParameters,
} from '../adapter/index.js'
export { messageProtocolOf } from '../adapter/signing.js'
export {
  addressFitsNetwork,
  addressNetworkKind,
  bitcoinMainnet,
  bitcoinNetworks,
  bitcoinRegtest,
  bitcoinSignet,
  bitcoinTestnet,
  configuredBitcoinNetworks,
  defineBitcoinNetwork,
  walletNetworkOf,
  withRpcUrls,
  type BitcoinNetwork,
  type BitcoinNetworkParameters,
  type DefineBitcoinNetworkParameters,
  type SatsConnectNetworkName,
} from '../networks.js'
export { createSatsConnectConnector, SatsConnectInfoSchema, satsConnectConnectorId, UnsupportedNamespaceError, type SatsConnectInfo, type SatsConnectModule } from '../connectors.js'
export { discoverBitcoinWallets, type BitcoinDiscoveryDeps } from '../discovery.js'
export { isSatsConnectProvider, type SatsConnectEventName, type SatsConnectProvider } from '../wallet/satsConnect.js'
export { isBitcoinRpcProvider, type BitcoinRpcProvider } from '../wallet/rpcProvider.js'
export type { BitcoinAccount, BitcoinAccountPurpose, BitcoinWalletEvent, BitcoinWalletHandle, MessageProtocol } from '../wallet/index.js'
export { BitcoinOptionsSchema, InvalidBitcoinOptionsError, parseBitcoinOptions, type BitcoinOptions } from '../options.js'
export { BitcoinError, isRejection, toBitcoinError, UserRejectedError, type BitcoinAction, type BitcoinErrorCode } from '../errors.js'
export { bitcoinMessages, englishText, type BitcoinMessageKey, type Translate } from '../messages.js'
