import type { Connector } from '@portico/contracts/plugin'
import { ProviderNotFoundError } from './errors.js'

/** An EIP-1193 provider: what an injected, announced or WalletConnect wallet hands out for eip155. */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True when `value` has an EIP-1193 `request` function. */
export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

/** The connector's eip155 provider; throws PROVIDER_NOT_FOUND when it has none. */
export async function getEip1193Provider(connector: Connector): Promise<Eip1193Provider> {
  let provider: unknown
  try {
    provider = await connector.getProvider('eip155')
  } catch (cause) {
    throw new ProviderNotFoundError(connector.id, { cause })
  }
  if (!isEip1193Provider(provider)) throw new ProviderNotFoundError(connector.id)
  return provider
}
