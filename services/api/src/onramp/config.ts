import type { Hex } from 'viem'

/** One onramp provider as listed to the modal (SPEC §3): a real provider is configuration plus an adapter. */
export interface OnrampProviderConfig {
  /** Stable id, e.g. `sandbox`. */
  name: string
  /** Shown name, e.g. `Portico Sandbox`. */
  label: string
  /** Shown fee range, e.g. `1-2%`. */
  feeRange: string
  /** The provider's site; the sandbox's default is the sandbox listener's origin (`OnrampOptions.publicUrl`). */
  url?: string
}

/** Settings of the onramp endpoints and the sandbox provider (`createApiServer({ onramp })`); all have defaults. */
export interface OnrampOptions {
  /** Off: the onramp endpoints answer 404 and nothing settles. Default on. */
  enabled?: boolean
  /**
   * Private key of the treasury that delivers purchases on the local chains. Default anvil's ninth dev key
   * (`0xa0Ee…9720`, public test key: the sandbox only ever runs against local chains); env
   * PORTICO_API_ONRAMP_TREASURY_KEY.
   */
  treasuryKey?: Hex
  /** Symbols the sandbox sells: the native currency's and configured tokens'. Default ETH and PTD. */
  assets?: readonly string[]
  /** The provider's fee in percent of the payment total. Default 1.5 (within the listed 1-2 %). */
  feePercent?: number
  /** The network fee charged per purchase, in USD (converted for other fiat currencies). Default 0.10. */
  networkFeeUsd?: number
  /** Fiat exchange rates to USD (how many USD one unit buys). Default USD 1, EUR 1.08. */
  fiatRates?: Record<string, number>
  /** Providers listed by GET /v1/onramp/providers. Default the sandbox alone. */
  providers?: readonly OnrampProviderConfig[]
  /** How often the settler looks for purchases to deliver. Default 500 ms. */
  settleIntervalMs?: number
  /** Whether this process settles purchases (a replica may serve pages only). Default true. */
  settle?: boolean
  /**
   * The sandbox's public origin: checkout links and the sandbox provider's `url` start with it. From configuration
   * only (env PORTICO_ONRAMP_PUBLIC_URL), never from a request's headers. Default `http://localhost:<port>` of
   * the sandbox listener once it listens, else of {@link DEFAULT_ONRAMP_PORT}.
   */
  publicUrl?: string
  /** How long a checkout link stays valid. Default 1 hour. */
  checkoutTtlMs?: number
  /** The server clock (tests). */
  now?: () => Date
}

declare module '../config.js' {
  interface ApiServerOptions {
    /** Onramp endpoints and the sandbox card provider: treasury key, fees, providers, settlement. */
    onramp?: OnrampOptions
  }
}

/** anvil's ninth dev key (mnemonic "test test … junk", index 8): no wallet or other test of this repository uses it. */
export const SANDBOX_TREASURY_KEY: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97'

/** The sandbox provider's own port (env PORTICO_ONRAMP_PORT): its checkout pages are served there, not by the api. */
export const DEFAULT_ONRAMP_PORT = 4340

/** The sandbox provider's name. */
export const SANDBOX_PROVIDER = 'sandbox'

/** Default providers: the sandbox alone. */
export const DEFAULT_ONRAMP_PROVIDERS: readonly OnrampProviderConfig[] = [{ name: SANDBOX_PROVIDER, label: 'Portico Sandbox', feeRange: '1-2%' }]

/** Payment method limits in every payment currency (the SPEC §9 fallback values; the sandbox uses them too). */
export const PAYMENT_METHOD_LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
] as const

/** Resolved settings. */
export type OnrampSettings = Required<Omit<OnrampOptions, 'providers' | 'assets' | 'publicUrl'>> & {
  providers: readonly OnrampProviderConfig[]
  assets: readonly string[]
  /** The configured public origin (no trailing slash), if any. */
  publicUrl: string | undefined
}

/**
 * Fills the defaults in.
 *
 * @example
 * onrampSettings({ feePercent: 2 }).networkFeeUsd // 0.1
 */
export function onrampSettings(options: OnrampOptions = {}): OnrampSettings {
  const feePercent = options.feePercent ?? 1.5
  if (!(feePercent >= 0 && feePercent < 50)) throw new Error(`onramp.feePercent: expected 0 to 50, got ${feePercent}`)
  if (options.publicUrl !== undefined && !/^https?:\/\/[^/?#\s]+\/*$/.test(options.publicUrl))
    throw new Error(`onramp.publicUrl: expected an http(s) origin such as http://localhost:${DEFAULT_ONRAMP_PORT}, got ${JSON.stringify(options.publicUrl)}`)
  return {
    enabled: options.enabled ?? true,
    treasuryKey: options.treasuryKey ?? SANDBOX_TREASURY_KEY,
    assets: options.assets ?? ['ETH', 'PTD'],
    feePercent,
    networkFeeUsd: options.networkFeeUsd ?? 0.1,
    fiatRates: options.fiatRates ?? { USD: 1, EUR: 1.08 },
    providers: options.providers ?? DEFAULT_ONRAMP_PROVIDERS,
    settleIntervalMs: options.settleIntervalMs ?? 500,
    settle: options.settle ?? true,
    checkoutTtlMs: options.checkoutTtlMs ?? 3_600_000,
    publicUrl: options.publicUrl?.replace(/\/+$/, ''),
    now: options.now ?? (() => new Date()),
  }
}
