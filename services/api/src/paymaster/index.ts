import type { ChainRuntime } from '../chains.js'
import type { ApiServerOptions, Logger } from '../config.js'
import type { Queryable } from '../db/index.js'
import type { App } from '../routes/context.js'
import { paymasterSettings } from './config.js'
import { registerPaymasterRoutes } from './route.js'
import { PaymasterService } from './service.js'

export { DEV_ONLY_PAYMASTER_SIGNER_KEY, ENTRY_POINT_V07, paymasterSettings, type PaymasterOptions, type PaymasterSettings } from './config.js'
export { PAYMASTER_PATH_PREFIX } from './route.js'
export { PAYMASTER_ERRORS, PAYMASTER_METHODS, PaymasterRpcError, PaymasterService } from './service.js'
export { paymasterData, paymasterHash, UserOperationSchema } from './userOperation.js'

/**
 * Builds the paymaster service from `options.paymaster` and registers `POST /v1/paymaster/{chainId}`. Always
 * registered: without a configured contract address every call answers that no paymaster is configured. Warns when
 * the DEV-ONLY signer key is in use.
 *
 * @example
 * setupPaymaster(app, { db, chains, logger }, options)
 */
export function setupPaymaster(app: App, parts: { db: Queryable; chains: ReadonlyMap<string, ChainRuntime>; logger: Logger }, options: Pick<ApiServerOptions, 'paymaster'>): PaymasterService {
  const settings = paymasterSettings(options.paymaster)
  if (settings.address && options.paymaster?.signerKey === undefined)
    parts.logger.warn('PORTICO_PAYMASTER_SIGNER_KEY is not set: the paymaster signs with the DEV-ONLY key; never run it like this in production')
  const service = new PaymasterService(parts.db, parts.chains, settings, parts.logger)
  registerPaymasterRoutes(app, service, parts.logger)
  return service
}
