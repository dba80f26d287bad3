import type { ChainRuntime } from '../chains.js'
import type { ApiServerOptions, Logger } from '../config.js'
import type { Database } from '../db/index.js'
import type { App, RouteDeps } from '../routes/context.js'
import { registerOnrampRoutes } from '../routes/onramp.js'
import type { DataStore } from '../store.js'
import { onrampSettings } from './config.js'
import { type OnrampSandbox, createOnrampSandbox } from './sandbox.js'
import { OnrampService } from './service.js'

export { CARD_ERRORS, SANDBOX_3DS_CODE, TEST_CARDS, readCard } from './cards.js'
export { CHECKOUT_CSP } from './checkout.js'
export { DEFAULT_ONRAMP_PORT, DEFAULT_ONRAMP_PROVIDERS, SANDBOX_PROVIDER, SANDBOX_TREASURY_KEY, onrampSettings, type OnrampOptions, type OnrampProviderConfig } from './config.js'
export { priceOnramp } from './quote.js'
export { OnrampService } from './service.js'
export { OnrampSettler } from './settler.js'
export { type OnrampSandbox, createOnrampSandbox } from './sandbox.js'

declare module '../routes/context.js' {
  interface RouteDeps {
    /** The onramp service (absent when onramp is off): history with `onramp` lists its purchases. */
    onramp?: OnrampService
  }
}

/** The onramp service (endpoints on the api, settler) and the sandbox provider's site (its own listener). */
export interface OnrampSetup {
  service: OnrampService
  sandbox: OnrampSandbox
}

/**
 * Builds the onramp service from `options.onramp`, registers its endpoints on the api and hands it to the other
 * routes through `deps`, and builds the sandbox provider's checkout site, whose origin (not the api's) checkout links
 * and the sandbox provider's `url` name; null (nothing registered) when onramp is off. The caller starts and stops
 * the settler and the sandbox's listener.
 *
 * @example
 * const onramp = setupOnramp(app, deps, { db, chains, store, logger }, options)
 * onramp?.service.start()
 * await onramp?.sandbox.listen(4340)
 */
export function setupOnramp(
  app: App,
  deps: RouteDeps,
  parts: { db: Database; chains: ReadonlyMap<string, ChainRuntime>; store: DataStore; logger: Logger },
  options: Pick<ApiServerOptions, 'onramp'>,
): OnrampSetup | null {
  const settings = onrampSettings(options.onramp)
  if (!settings.enabled) return null
  let sandbox: OnrampSandbox | undefined
  // links are made once requests arrive, after the sandbox below exists
  const onramp = new OnrampService(parts.db, parts.chains, parts.store, settings, parts.logger, () => sandbox!.url)
  sandbox = createOnrampSandbox(onramp, parts.logger, settings.publicUrl)
  registerOnrampRoutes(app, deps, onramp)
  deps.onramp = onramp
  return { service: onramp, sandbox }
}
