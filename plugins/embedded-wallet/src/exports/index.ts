export { embeddedWallet, default, type EmbeddedWalletParameters } from '../plugin.js'
export { embeddedWalletOf, embeddedWalletSocialOf, embeddedWalletFarcasterOf, type EmbeddedWalletApi, type EmbeddedWalletSocialApi, type EmbeddedWalletFarcasterApi, type SocialLoginProvider } from '../api.js'
export { authConnectorInternals, chainIdNumber, createAuthConnector, type AuthConnector, type AuthConnectorDeps, type AuthConnectorInternals } from '../connector.js'
export {
  APPROVE_VIEW,
  AUTH_CONNECTOR_ID,
  EMAIL_COOLDOWN_MS,
  FRAME_MESSAGES,
  FRAME_SDK_VERSION,
  READY_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SIGN_OUT_TIMEOUT_MS,
} from '../constants.js'
export { EmbeddedWalletError, ProviderRpcError, RPC_CODES, type EmbeddedWalletErrorCode } from '../errors.js'
export { createFrameChannel, FrameReplyError, type FrameChannel, type FrameChannelDeps, type RequestOptions } from '../frame/channel.js'
export { createFrameManager, FRAME_ELEMENT_ID, FRAME_NAME, type FrameManager, type FrameManagerDeps } from '../frame/frameManager.js'
export { frameLocation, type FrameLocation } from '../frame/frameUrl.js'
export { embeddedWalletMessages } from '../messages.js'
export { createAuthProvider, toWire, type AuthProvider, type ProviderSession } from '../provider.js'
export { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from '../storage.js'
