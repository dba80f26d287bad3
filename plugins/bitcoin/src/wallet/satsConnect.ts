import * as z from 'zod/mini'
import type { BitcoinErrors } from '../errors.js'
import type { SatsConnectNetworkName } from '../networks.js'
import type { BitcoinWalletHandle } from './handle.js'
import { SatsAccountsSchema, SatsGetAccountSchema, SatsResponseSchema, SignatureSchema, SignedPsbtSchema, toAccounts, TxidSchema } from './schemas.js'

/** The events sats-connect wallets emit. */
export type SatsConnectEventName = 'accountChange' | 'networkChange' | 'disconnect'

/**
 * A sats-connect wallet as its connector hands it to the adapter: `request` is sats-connect's `request(method,
 * params, providerId)` bound to the wallet, `addListener` its `addListener(event, cb, providerId)`.
 */
export type SatsConnectProvider = {
  readonly protocol: 'sats-connect'
  /** The wallet's provider id (its path on `window`, e.g. `XverseProviders.BitcoinProvider`). */
  readonly id: string
  request(method: string, params: unknown): Promise<unknown>
  addListener(event: SatsConnectEventName, listener: (event: unknown) => void): () => void
}

/** True for what a sats-connect connector hands out. */
export function isSatsConnectProvider(value: unknown): value is SatsConnectProvider {
  const p = value as Partial<SatsConnectProvider> | null
  return typeof p === 'object' && p !== null && p.protocol === 'sats-connect' && typeof p.request === 'function' && typeof p.addListener === 'function'
}

/** sats-connect's error codes that say "this method is not there" or "not authorised". */
const METHOD_MISSING = new Set([-32601, -32001])
const ACCESS_DENIED = -32002

/** An error a wallet answered with, keeping its code so refusals are recognised. */
class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(message || `${method} failed (${code})`)
  }
}

const NETWORK_NAMES = new Set<SatsConnectNetworkName>(['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'])

/**
 * The adapter's view of a sats-connect wallet: `getAccounts` (payment and ordinals purposes), `wallet_getAccount`
 * for a silent restore, `signMessage`, `signPsbt`, `sendTransfer`, `wallet_changeNetwork`,
 * `wallet_renouncePermissions`, and the `accountChange`/`networkChange`/`disconnect` events. Every answer is
 * validated.
 *
 * @example
 * const handle = satsConnectHandle(provider, bitcoinErrors())
 * const [payment] = await handle.getAccounts({ silent: false })
 */
export function satsConnectHandle(provider: SatsConnectProvider, errors: BitcoinErrors): BitcoinWalletHandle {
  const call = async <T>(method: string, params: unknown, schema: z.ZodMiniType<T>): Promise<T> => {
    const answer = SatsResponseSchema.safeParse(await provider.request(method, params))
    if (!answer.success) throw errors.invalidResponse(method, answer.error.issues[0]?.message)
    if (answer.data.status === 'error') throw new WalletRpcError(answer.data.error.code, answer.data.error.message ?? '', method)
    const parsed = schema.safeParse(answer.data.result)
    if (!parsed.success) throw errors.invalidResponse(method, answer.data.result)
    return parsed.data
  }
  return {
    kind: 'sats-connect',
    async getAccounts({ silent }) {
      if (!silent) return toAccounts(await call('getAccounts', { purposes: ['payment', 'ordinals'] }, SatsAccountsSchema))
      try {
        return toAccounts((await call('wallet_getAccount', null, SatsGetAccountSchema)).addresses)
      } catch (error) {
        // not authorised (or an older wallet without the method): nothing to restore
        if (error instanceof WalletRpcError && (error.code === ACCESS_DENIED || METHOD_MISSING.has(error.code))) return []
        throw error
      }
    },
    async changeNetwork(name) {
      await call('wallet_changeNetwork', { name }, z.unknown())
    },
    async disconnect() {
      try {
        await call('wallet_renouncePermissions', null, z.unknown())
      } catch (error) {
        if (!(error instanceof WalletRpcError && METHOD_MISSING.has(error.code))) throw error
      }
    },
    async signMessage({ address, message, protocol }) {
      const answer = await call('signMessage', { address, message, protocol }, SignatureSchema)
      return { signature: answer.signature, protocol: answer.protocol === 'ECDSA' ? 'ECDSA' : answer.protocol === 'BIP322' ? 'BIP322' : protocol }
    },
    async signPsbt({ psbt, signInputs, broadcast }) {
      const answer = await call('signPsbt', { psbt, signInputs, broadcast }, SignedPsbtSchema)
      return { psbt: answer.psbt, ...(answer.txid ? { txid: answer.txid } : {}) }
    },
    async sendTransfer({ recipients }) {
      // sats-connect takes amounts as numbers of satoshis: every amount of bitcoin fits in 2^53
      const { txid } = await call('sendTransfer', { recipients: recipients.map((r) => ({ address: r.address, amount: Number(r.amount) })) }, TxidSchema)
      return txid
    },
    onEvent(listener) {
      const stops = [
        provider.addListener('accountChange', (e) => {
          const parsed = SatsAccountsSchema.safeParse((e as { addresses?: unknown } | null)?.addresses ?? [])
          listener({ type: 'accounts', accounts: parsed.success ? toAccounts(parsed.data) : [] })
        }),
        provider.addListener('networkChange', (e) => {
          const name = (e as { bitcoin?: { name?: unknown } } | null)?.bitcoin?.name
          if (typeof name !== 'string' || !NETWORK_NAMES.has(name as SatsConnectNetworkName)) return
          const parsed = SatsAccountsSchema.safeParse((e as { addresses?: unknown }).addresses)
          listener({ type: 'network', name: name as SatsConnectNetworkName, ...(parsed.success ? { accounts: toAccounts(parsed.data) } : {}) })
        }),
        provider.addListener('disconnect', () => listener({ type: 'disconnect' })),
      ]
      return () => stops.forEach((stop) => stop())
    },
  }
}
