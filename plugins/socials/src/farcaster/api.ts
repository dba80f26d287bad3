import type { Kernel } from '@portico/kernel'
import { AUTH_CONNECTOR_ID, EMBEDDED_WALLET_PLUGIN } from '../types.js'
import type { FarcasterWalletApi } from './types.js'

const METHODS = ['getFarcasterUri', 'connectFarcaster', 'resetFarcaster'] as const satisfies readonly (keyof FarcasterWalletApi)[]

/**
 * The embedded wallet's Farcaster API on a connector (`connector.embeddedWallet`), or undefined. Duck-typed: the
 * embedded-wallet plugin is another bundle, and an older one has no Farcaster methods.
 *
 * @example
 * const api = farcasterWalletOf(kernel.getConnector('auth'))
 */
export function farcasterWalletOf(connector: unknown): FarcasterWalletApi | undefined {
  const api = (connector as { embeddedWallet?: unknown } | null | undefined)?.embeddedWallet
  if (typeof api !== 'object' || api === null) return undefined
  const record = api as Record<string, unknown>
  return METHODS.every((m) => typeof record[m] === 'function') ? (api as FarcasterWalletApi) : undefined
}

/**
 * The Farcaster API, loading the embedded-wallet plugin first when it is not set up yet; undefined when there is none.
 *
 * @example
 * const api = await ensureFarcasterWallet(kernel)
 */
export async function ensureFarcasterWallet(kernel: Pick<Kernel, 'getConnector' | 'plugins'>): Promise<FarcasterWalletApi | undefined> {
  const ready = farcasterWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
  if (ready) return ready
  await kernel.plugins.load(EMBEDDED_WALLET_PLUGIN).catch(() => undefined)
  return farcasterWalletOf(kernel.getConnector(AUTH_CONNECTOR_ID))
}
