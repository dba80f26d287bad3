import { hexToU8a, stringToU8a, u8aConcat, u8aToHex } from '@polkadot/util'
// subpaths, not the package index: the index starts the WASM crypto on import, which a strict-CSP page refuses
import { decodeAddress } from '@polkadot/util-crypto/address/decode'
import { blake2AsU8a } from '@polkadot/util-crypto/blake2/asU8a'
import { xxhashAsU8a } from '@polkadot/util-crypto/xxhash/asU8a'
import * as z from 'zod/mini'
import { publicKeyOf } from './addresses.js'
import type { ParamsOf, PolkadotContext } from './context.js'

/** SPEC §9: RPC timeout. */
const RPC_TIMEOUT_MS = 10_000

/** The storage key of `System.Account(accountId)`: twox128("System") ++ twox128("Account") ++ blake2_128_concat(id). */
export function systemAccountKey(address: string): `0x${string}` {
  const id = decodeAddress(address)
  return u8aToHex(u8aConcat(xxhashAsU8a(stringToU8a('System'), 128), xxhashAsU8a(stringToU8a('Account'), 128), blake2AsU8a(id, 128), id)) as `0x${string}`
}

/**
 * The free balance in a SCALE-encoded `AccountInfo` (nonce, consumers, providers, sufficients as u32, then
 * `AccountData { free: u128, … }`); 0 for an account the chain does not hold (`null` storage).
 */
export function freeBalanceOf(storage: string | null): bigint {
  if (storage === null) return 0n
  const bytes = hexToU8a(storage)
  if (bytes.length < 32) throw new Error(`System.Account holds ${bytes.length} bytes, expected at least 32.`)
  let value = 0n
  for (let i = 31; i >= 16; i--) value = (value << 8n) | BigInt(bytes[i]!)
  return value
}

/** `value` (an integer amount of the smallest unit) as a decimal string with `decimals` places, trailing zeros cut. */
export function formatUnits(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(decimals + 1, '0')
  const integer = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${integer}${fraction ? `.${fraction}` : ''}`
}

const StorageAnswer = z.object({ result: z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))) })

/**
 * The free balance of an address, read with one `state_getStorage` JSON-RPC call over HTTP (no API client is
 * loaded for it), in the network's native unit.
 */
export async function getBalance(ctx: PolkadotContext, { address, network }: ParamsOf<'getBalance'>): Promise<{ balance: string; symbol: string }> {
  if (!publicKeyOf(address)) throw ctx.errors.invalidAddress(address)
  const own = ctx.networks.find((n) => n.caipNetworkId === network.caipNetworkId) ?? network
  const url = [...own.rpcUrls.default.http, ...(own.rpcUrls.chainDefault?.http ?? [])].find((u) => /^https?:\/\//.test(u))
  if (!url) throw ctx.errors.rpcMissing(network.caipNetworkId)
  let storage: string | null
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'state_getStorage', params: [systemAccountKey(address)] }),
      signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    const parsed = StorageAnswer.safeParse(await response.json())
    if (!parsed.success) throw new Error('state_getStorage answered with no result.')
    storage = parsed.data.result
  } catch (error) {
    throw ctx.errors.rpcFailed(network.name, error)
  }
  const decimals = own.nativeCurrency.decimals
  try {
    return { balance: formatUnits(freeBalanceOf(storage), decimals), symbol: own.nativeCurrency.symbol }
  } catch (error) {
    throw ctx.errors.rpcFailed(network.name, error)
  }
}
