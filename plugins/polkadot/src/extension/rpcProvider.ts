import * as z from 'zod/mini'
import type { PolkadotErrors } from '../errors.js'
import type { PolkadotWalletHandle } from './handle.js'

/** A provider that speaks `polkadot_*` requests (WalletConnect's polkadot namespace). */
export type PolkadotRpcProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/** True when `value` has a `request` function. */
export function isPolkadotRpcProvider(value: unknown): value is PolkadotRpcProvider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function'
}

const AccountsSchema = z.array(z.string().check(z.minLength(1)))
const SignatureSchema = z.object({ signature: z.string().check(z.regex(/^0x[0-9a-fA-F]+$/)) })

/**
 * The adapter's view of a request-based provider: `polkadot_requestAccounts` / `polkadot_getAccounts` (the session's
 * accounts) and `polkadot_signMessage` (`{ address, message }` → `{ signature }`, WalletConnect's polkadot RPC).
 *
 * @example
 * const handle = rpcProviderHandle(provider, polkadotErrors())
 */
export function rpcProviderHandle(provider: PolkadotRpcProvider, errors: PolkadotErrors): PolkadotWalletHandle {
  const call = async <T>(method: string, params: unknown, schema: z.ZodMiniType<T>): Promise<T> => {
    const answer = await provider.request({ method, params })
    const parsed = schema.safeParse(answer)
    if (!parsed.success) throw errors.invalidResponse(method, answer)
    return parsed.data
  }
  return {
    kind: 'rpc',
    async connect() {
      return (await call('polkadot_requestAccounts', undefined, AccountsSchema)).map((address) => ({ address }))
    },
    async signRaw({ address, data }) {
      const { signature } = await call('polkadot_signMessage', { address, message: data }, SignatureSchema)
      return signature as `0x${string}`
    },
    onAccountsChanged(listener) {
      const changed = (list: unknown) => {
        const parsed = AccountsSchema.safeParse(list)
        if (parsed.success) listener(parsed.data.map((address) => ({ address })))
      }
      provider.on?.('accountsChanged', changed)
      return () => void provider.removeListener?.('accountsChanged', changed)
    },
  }
}
