export { injected, injected as default, type InjectedParameters } from '../plugin.js'
export { createAnnouncedConnector, createInjectedConnector, INJECTED_CONNECTOR_ID, UnsupportedNamespaceError } from '../connectors.js'
export {
  EIP6963_ANNOUNCE,
  EIP6963_REQUEST,
  Eip6963AnnounceDetailSchema,
  Eip6963ProviderInfoSchema,
  isEip1193Provider,
  type Eip1193Provider,
  type Eip6963AnnounceDetail,
  type Eip6963ProviderInfo,
} from '../eip6963.js'
export { injectedWalletName } from '../walletName.js'
