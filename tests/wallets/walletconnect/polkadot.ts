/**
 * The Polkadot side of the WalletConnect test wallet: WalletConnect's `polkadot` namespace answered with
 * `@polkadot/keyring` sr25519 dev accounts (//Alice, //Bob by default). `polkadot_signMessage` (`{ address, message }`)
 * signs the message bytes wrapped in `<Bytes>…</Bytes>` as extensions do and answers `{ signature }` (0x hex);
 * accounts are listed per chain in that chain's SS58 format (0 Polkadot, 2 Kusama, 42 otherwise).
 */
import { Keyring } from '@polkadot/keyring'
import { hexToU8a, isHex, stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto'

export type PolkadotWalletOptions = {
  /** CAIP-2 chains it approves (`polkadot:<first 32 hex of the genesis hash>`). Default Polkadot, Kusama, Westend. */
  chains?: readonly string[]
  /** Secret URIs of the accounts, first one active. Default //Alice and //Bob. */
  uris?: readonly string[]
}

/** Methods the wallet offers in the polkadot namespace. */
export const POLKADOT_WALLET_METHODS = ['polkadot_signMessage'] as const

/** Polkadot, Kusama and Westend, with their SS58 prefixes. */
export const POLKADOT_CHAIN_PREFIXES: Readonly<Record<string, number>> = {
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': 0,
  'polkadot:b0a8d493285c2df73290dfb7e61f870f': 2,
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e': 42,
}

export type PolkadotSide = {
  readonly chains: readonly string[]
  /** Generic (prefix 42) addresses, first one active. */
  readonly addresses: readonly string[]
  /** CAIP-10 accounts on `chains`, each in its chain's SS58 format. */
  accounts(chains: readonly string[]): string[]
  /** Answers one `polkadot_*` request for `chain`; throws `{ code, message }` on a bad request. */
  request(chain: string, method: string, params: unknown): Promise<unknown>
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

/**
 * The namespace's answers.
 *
 * @example
 * const polkadot = createPolkadotSide({})
 * await polkadot.request('polkadot:91b171bb158e2d3848fa23a9f1c25182', 'polkadot_signMessage', { address, message })
 */
export function createPolkadotSide(options: PolkadotWalletOptions): PolkadotSide {
  const chains = [...(options.chains ?? Object.keys(POLKADOT_CHAIN_PREFIXES))]
  if (!chains.length || !chains.every((c) => /^polkadot:[0-9a-f]{32}$/.test(c))) throw new Error('The Polkadot side needs at least one polkadot:<reference> chain.')
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
  const pairs = (options.uris ?? ['//Alice', '//Bob']).map((uri) => keyring.createFromUri(uri))
  if (!pairs.length) throw new Error('The Polkadot side needs at least one account.')
  const prefixOf = (chain: string) => POLKADOT_CHAIN_PREFIXES[chain] ?? 42
  return {
    chains,
    addresses: pairs.map((p) => p.address),
    accounts: (list) => list.filter((c) => chains.includes(c)).flatMap((c) => pairs.map((p) => `${c}:${encodeAddress(p.publicKey, prefixOf(c))}`)),
    async request(chain, method, params) {
      if (!chains.includes(chain)) throw rpcError(-32602, `The wallet does not serve ${chain}.`)
      if (method !== 'polkadot_signMessage') throw rpcError(4200, `The wallet does not support ${method}.`)
      const { address, message } = (params ?? {}) as { address?: unknown; message?: unknown }
      if (typeof address !== 'string' || typeof message !== 'string') throw rpcError(-32602, 'Expected { address, message } as strings.')
      let key: string
      try {
        key = u8aToHex(decodeAddress(address))
      } catch {
        throw rpcError(-32602, `${address} is not an address.`)
      }
      const pair = pairs.find((p) => u8aToHex(p.publicKey) === key)
      if (!pair) throw rpcError(-32602, `The wallet has no account ${address}.`)
      const bytes = isHex(message) ? hexToU8a(message) : stringToU8a(message)
      return { signature: u8aToHex(pair.sign(u8aWrapBytes(bytes))) }
    },
  }
}
