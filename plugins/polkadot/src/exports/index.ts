export { polkadot, polkadot as default, type PolkadotParameters } from '../plugin.js'
export { createPolkadotAdapter, POLKADOT_CAPABILITIES, type AccountChoice, type ChooseAccount, type PolkadotAdapter, type PolkadotAdapterParameters, type PolkadotConnection } from '../adapter/index.js'
export { createLazyPolkadotAdapter, type LazyPolkadotAdapter } from '../adapter/lazy.js'
export {
  chainInfoOf,
  configuredPolkadotNetworks,
  definePolkadotNetwork,
  kusama,
  polkadotCaipNetworkId,
  polkadotMainnet,
  polkadotNetworks,
  ss58PrefixOf,
  westend,
  withRpcUrls,
  type DefinePolkadotNetworkParameters,
  type PolkadotChainInfo,
  type PolkadotNetwork,
  type PolkadotNetworkParameters,
} from '../networks.js'
export { createInjectedConnector, injectedConnectorId, KNOWN_EXTENSION_NAMES, UnsupportedNamespaceError } from '../connectors.js'
export { discoverPolkadotExtensions, type ExtensionDiscoveryDeps } from '../discovery.js'
export { InjectedExtensionSchema, isInjectedExtension, type InjectedExtension } from '../extension/injected.js'
export { isPolkadotRpcProvider, type PolkadotRpcProvider } from '../extension/rpcProvider.js'
export type { PolkadotWalletAccount, PolkadotWalletHandle } from '../extension/handle.js'
export { ACCOUNT_PICKER_VIEW, type AccountPickerData } from '../picker.js'
export { InvalidPolkadotOptionsError, parsePolkadotOptions, PolkadotOptionsSchema, type PolkadotOptions } from '../options.js'
export { isRejection, PolkadotError, toPolkadotError, UserRejectedError, type PolkadotAction, type PolkadotErrorCode } from '../errors.js'
export { englishText, polkadotMessages, type PolkadotMessageKey, type Translate } from '../messages.js'
