import type { Kernel } from '@portico/kernel'
import { AUTH_CONNECTOR_ID, type EmbeddedWalletApi } from './types.js'

const METHODS = [
  'emailCooldownUntil',
  'connectEmail',
  'connectDevice',
  'connectOtp',
  'updateEmail',
  'updateEmailPrimaryOtp',
  'updateEmailSecondaryOtp',
  'email',
  'subscribe',
] as const satisfies readonly (keyof EmbeddedWalletApi)[]

/**
 * The embedded wallet's API on a connector (`connector.embeddedWallet`), or undefined. Duck-typed on purpose: the
 * embedded-wallet plugin is another bundle, so importing its helper would ship a second copy of its code here.
 */
export function embeddedWalletOf(connector: unknown): EmbeddedWalletApi | undefined {
  const api = (connector as { embeddedWallet?: unknown } | null | undefined)?.embeddedWallet
  if (typeof api !== 'object' || api === null) return undefined
  const record = api as Record<string, unknown>
  return METHODS.every((m) => typeof record[m] === 'function') ? (api as EmbeddedWalletApi) : undefined
}

/** The API on the kernel's auth connector; undefined when no embedded wallet is set up (the views then say so). */
export function embeddedWallet(kernel: Pick<Kernel, 'getConnector'>): EmbeddedWalletApi | undefined {
  return embeddedWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
}

/** The plugin that provides the auth connector (loaded after the first view, so maybe not yet when asked). */
export const EMBEDDED_WALLET_PLUGIN = 'embedded-wallet'

/**
 * The embedded wallet's API, loading its plugin from the manifest first when it is not set up yet (it loads right
 * after the modal's first view; a visitor who submits at once need not wait for that). Undefined when there is none.
 */
export async function ensureEmbeddedWallet(kernel: Pick<Kernel, 'getConnector' | 'plugins'>): Promise<EmbeddedWalletApi | undefined> {
  const ready = embeddedWallet(kernel)
  if (ready) return ready
  await kernel.plugins.load(EMBEDDED_WALLET_PLUGIN).catch(() => undefined)
  return embeddedWallet(kernel)
}

/** A sentence for the visitor from a rejection: the frame's own message (already one sentence), else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  if (typeof error === 'string' && error) return error
  const message = (error as { shortMessage?: unknown; message?: unknown } | null)?.shortMessage ?? (error as { message?: unknown } | null)?.message
  return typeof message === 'string' && message ? message : fallback
}

/** Whole seconds left until `until` (rounded up, so "1" shows until the very end), 0 once it has passed. */
export function secondsUntil(until: number, now = Date.now()): number {
  return until > now ? Math.ceil((until - now) / 1000) : 0
}
