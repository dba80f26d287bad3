export { walletConnect, default, type WalletConnectParameters } from '../plugin.js'
export {
  asWalletConnectConnector,
  createWalletConnectConnector,
  walletConnectViewShowing,
  type ConnectorDeps,
  type WalletConnectConnector,
} from '../connector.js'
export {
  DISCONNECT_TIMEOUT_MS,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_TTL_MS,
  WALLETCONNECT_CONNECTOR_ID,
  WALLETCONNECT_ICON,
  WC_VIEWS,
} from '../constants.js'
export {
  ConnectionDeclinedError,
  NoAccountsError,
  PairingAbortedError,
  PairingFailedError,
  PairingSupersededError,
  ProviderInitError,
  ProviderRpcError,
  WalletConnectError,
  type WalletConnectErrorCode,
} from '../errors.js'
export { listingFromViewData, pickWalletLink, walletIdFromViewData, walletLink, type WalletLink, type WalletListingLike } from '../links.js'
export { addressesOn, NAMESPACE_SPECS, parseAccount, proposalNamespaces, sessionAccounts, SUPPORTED_NAMESPACES, type NamespaceSpec } from '../namespaces.js'
export { createPairingManager, isPairingExpired, type PairingManager, type PairingManagerDeps, type PairingPhase } from '../pairing.js'
export { isIos, isSafari, isTelegram, reusesPairing } from '../platform.js'
export { NamespaceProvider, ProviderHost, skipVerify, toProviderRpcError, type AppMetadata, type WalletConnectSession } from '../provider.js'
export {
  initialWalletConnectState,
  pairingUriCleared,
  pairingUriPublished,
  phaseChanged,
  selectWalletConnect,
  walletAppOpened,
  walletConnectSlice,
  type WalletConnectState,
} from '../slice.js'
export { createSdkStorage, type SdkStorage } from '../storage.js'
export { asOneClickSignIn, oneClickRequest, type OneClickRequest, type OneClickSignIn } from '../oneClick.js'
export { cacaoMessage, sessionFromCacao } from '../oneClickSession.js'
export { createWalletItemsTransform } from '../walletItems.js'
