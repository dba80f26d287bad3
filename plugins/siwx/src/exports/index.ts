export { siwx, default } from '../plugin.js'
export { getSiwx, isSiwxEnabled, type SiwxApi } from '../api.js'
export { checkSiwxOptions, resolveConfig } from '../options.js'
export {
  covers,
  defaultMessage,
  DEFAULT_EXPIRES_IN_MS,
  type SiwxConfig,
  type SiwxEnvironment,
  type SiwxMessageInput,
  type SiwxOption,
  type SiwxTarget,
} from '../config.js'
export { activeTarget, SIWX_VIEWS, type OneClickFields, type SiwxController } from '../controller.js'
export { isDeclined, NoAccountError, SessionRefusedError, SiwxError, SiwxNotEnabledError, type SiwxErrorCode } from '../errors.js'
export { legacySiweConfig, type LegacySiweConfig, type LegacySiweMessageArgs } from '../legacy.js'
export { localSiwx, type LocalSiwxParameters } from '../local.js'
export { serverSiwx, type ServerSiwxParameters } from '../server.js'
export { formatSignInMessage, parseSignInMessage } from '../message/format.js'
export { initialSiwxState, selectSiwx, siwxSlice, type SiwxState } from '../slice.js'
export { LEGACY_STORAGE_KEYS, STORAGE_KEYS } from '../storage.js'
export { siwxMessages } from '../messages.js'
