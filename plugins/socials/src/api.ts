import type { Kernel } from '@portico/kernel'
import { AUTH_CONNECTOR_ID, EMBEDDED_WALLET_PLUGIN, type SocialWalletApi } from './types.js'

const METHODS = ['frameOrigin', 'socialLoadingUrl', 'getSocialRedirectUri', 'connectSocial', 'socialUser', 'subscribe'] as const satisfies readonly (keyof SocialWalletApi)[]

/**
 * The embedded wallet's social API on a connector (`connector.embeddedWallet`), or undefined. Duck-typed: the
 * embedded-wallet plugin is another bundle.
 */
export function socialWalletOf(connector: unknown): SocialWalletApi | undefined {
  const api = (connector as { embeddedWallet?: unknown } | null | undefined)?.embeddedWallet
  if (typeof api !== 'object' || api === null) return undefined
  const record = api as Record<string, unknown>
  return METHODS.every((m) => typeof record[m] === 'function') ? (api as SocialWalletApi) : undefined
}

/** The social API, loading the embedded-wallet plugin first when it is not set up yet; undefined when there is none. */
export async function ensureSocialWallet(kernel: Pick<Kernel, 'getConnector' | 'plugins'>): Promise<SocialWalletApi | undefined> {
  const ready = socialWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
  if (ready) return ready
  await kernel.plugins.load(EMBEDDED_WALLET_PLUGIN).catch(() => undefined)
  return socialWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
}

/** A sentence for the visitor from a rejection: its own message (the frame's are sentences), else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  const message = (error as { shortMessage?: unknown; message?: unknown } | null)?.shortMessage ?? (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : fallback
}
