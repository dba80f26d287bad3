import { u8aToHex } from '@polkadot/util'
// subpaths, not the package index: the index starts the WASM crypto on import, which a strict-CSP page refuses
import { decodeAddress } from '@polkadot/util-crypto/address/decode'
import { encodeAddress } from '@polkadot/util-crypto/address/encode'
import type { CaipNetworkLike } from '@portico/contracts/plugin'
import type { PolkadotWalletAccount } from '../extension/index.js'
import { chainInfoOf, ss58PrefixOf } from '../networks.js'

/** A wallet account the adapter can use: its 32-byte public key (0x hex) and its name. */
export type UsableAccount = { publicKey: `0x${string}`; name?: string | undefined }

/** The 32-byte public key of an SS58 address (any prefix) or 0x public key; undefined for anything else. */
export function publicKeyOf(address: string): `0x${string}` | undefined {
  try {
    const bytes = decodeAddress(address)
    return bytes.length === 32 ? (u8aToHex(bytes) as `0x${string}`) : undefined
  } catch {
    return undefined
  }
}

/**
 * The SS58 address of a public key on `network` (prefix 0 on Polkadot, 2 on Kusama, 42 on Westend and others).
 *
 * @example
 * addressOn('0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d', kusama) // 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F'
 */
export function addressOn(publicKey: string, network: Pick<CaipNetworkLike, 'caipNetworkId'>): string {
  return encodeAddress(publicKey, ss58PrefixOf(network))
}

/**
 * The accounts usable on `network`: 32-byte keys (not ethereum-type), not restricted to another chain, each once.
 */
export function usableAccounts(accounts: readonly PolkadotWalletAccount[], network: Pick<CaipNetworkLike, 'caipNetworkId'>): UsableAccount[] {
  const genesis = chainInfoOf(network)?.genesisHash
  const seen = new Set<string>()
  const out: UsableAccount[] = []
  for (const account of accounts) {
    if (account.type === 'ethereum') continue
    if (account.genesisHash && genesis && account.genesisHash.toLowerCase() !== genesis) continue
    const publicKey = publicKeyOf(account.address)
    if (!publicKey || seen.has(publicKey)) continue
    seen.add(publicKey)
    out.push({ publicKey, ...(account.name ? { name: account.name } : {}) })
  }
  return out
}
