import { BaseError } from '@portico/contracts/plugin'

export type { ConnectOptions, CustomWallet } from './optionsSchema.js'
import type { ConnectOptions, CustomWallet } from './optionsSchema.js'

/**
 * Validates the options (the schemas load only when options were given), throwing one sentence naming the option
 * and what was expected.
 */
export async function loadConnectOptions(input: unknown): Promise<ConnectOptions> {
  if (input === undefined || input === null || (typeof input === 'object' && Object.keys(input).length === 0)) return {}
  return (await import('./optionsSchema.js')).parseConnectOptions(input)
}

/** The plugin's options were not valid. */
export class InvalidConnectOptionsError extends BaseError {
  override name = 'InvalidConnectOptionsError'
  constructor(message: string, cause: unknown) {
    super(message, { code: 'INVALID_CONNECT_OPTIONS', cause })
  }
}

/** The link that opens a custom wallet on this device: the app on mobile, the web app on desktop. */
export function customWalletLink(wallet: CustomWallet, mobile: boolean): string | undefined {
  return mobile ? (wallet.deepLink ?? wallet.universalLink ?? wallet.webappLink) : (wallet.webappLink ?? wallet.universalLink)
}
