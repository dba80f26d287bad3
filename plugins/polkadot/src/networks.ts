import type { CaipNetworkLike } from '@portico/contracts/plugin'

/** A polkadot network: the contract's network shape; its id is the CAIP-2 reference (the genesis hash's first 32 hex). */
export type PolkadotNetwork = CaipNetworkLike & {
  id: string
  caipNetworkId: `polkadot:${string}`
  chainNamespace: 'polkadot'
}

/** What the adapter knows of a chain beside the network shape: its genesis hash and SS58 address prefix. */
export type PolkadotChainInfo = { genesisHash: `0x${string}`; ss58Prefix: number }

export type DefinePolkadotNetworkParameters = {
  /** The full genesis hash (0x + 64 hex); the CAIP-2 reference is its first 32 hex characters. */
  genesisHash: string
  name: string
  symbol: string
  decimals: number
  /** The SS58 prefix addresses are shown with (0 Polkadot, 2 Kusama, 42 generic Substrate). */
  ss58Prefix: number
  /** JSON-RPC endpoints (http or https). */
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageId?: string
}

const chainInfo = new Map<string, PolkadotChainInfo>()

/**
 * The CAIP-2 id of a chain: `polkadot:` and the first 32 hex characters of its genesis hash (no 0x).
 *
 * @example
 * polkadotCaipNetworkId('0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3') // 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
 */
export function polkadotCaipNetworkId(genesisHash: string): `polkadot:${string}` {
  const hex = genesisHash.toLowerCase().replace(/^0x/, '')
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`Expected a genesis hash (0x + 64 hex), got "${genesisHash}".`)
  return `polkadot:${hex.slice(0, 32)}`
}

/**
 * Builds a polkadot network definition and records its genesis hash and SS58 prefix for the adapter.
 *
 * @example
 * const local = definePolkadotNetwork({ genesisHash: '0x…', name: 'Local', symbol: 'UNIT', decimals: 12, ss58Prefix: 42, rpcUrls: ['http://127.0.0.1:9944'] })
 */
export function definePolkadotNetwork(p: DefinePolkadotNetworkParameters): PolkadotNetwork {
  const caipNetworkId = polkadotCaipNetworkId(p.genesisHash)
  if (!Number.isInteger(p.ss58Prefix) || p.ss58Prefix < 0 || p.ss58Prefix > 16383) throw new Error(`Invalid SS58 prefix ${p.ss58Prefix}.`)
  chainInfo.set(caipNetworkId, { genesisHash: `0x${p.genesisHash.toLowerCase().replace(/^0x/, '')}`, ss58Prefix: p.ss58Prefix })
  const http = [...p.rpcUrls]
  return {
    id: caipNetworkId.slice('polkadot:'.length),
    caipNetworkId,
    chainNamespace: 'polkadot',
    name: p.name,
    nativeCurrency: { name: p.symbol, symbol: p.symbol, decimals: p.decimals },
    rpcUrls: { default: { http }, chainDefault: { http: [...http] } },
    ...(p.blockExplorer ? { blockExplorers: { default: { ...p.blockExplorer } } } : {}),
    testnet: p.testnet ?? false,
    ...(p.imageId ? { assets: { imageId: p.imageId } } : {}),
  }
}

/** Polkadot relay chain (DOT, 10 decimals, SS58 prefix 0). */
export const polkadotMainnet = definePolkadotNetwork({
  genesisHash: '0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3',
  name: 'Polkadot',
  symbol: 'DOT',
  decimals: 10,
  ss58Prefix: 0,
  rpcUrls: ['https://rpc.polkadot.io'],
  blockExplorer: { name: 'Subscan', url: 'https://polkadot.subscan.io' },
  imageId: 'polkadot',
})
/** Kusama relay chain (KSM, 12 decimals, SS58 prefix 2). */
export const kusama = definePolkadotNetwork({
  genesisHash: '0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe',
  name: 'Kusama',
  symbol: 'KSM',
  decimals: 12,
  ss58Prefix: 2,
  rpcUrls: ['https://kusama-rpc.polkadot.io'],
  blockExplorer: { name: 'Subscan', url: 'https://kusama.subscan.io' },
  imageId: 'kusama',
})
/** Westend test network (WND, 12 decimals, generic SS58 prefix 42). */
export const westend = definePolkadotNetwork({
  genesisHash: '0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e',
  name: 'Westend',
  symbol: 'WND',
  decimals: 12,
  ss58Prefix: 42,
  rpcUrls: ['https://westend-rpc.polkadot.io'],
  blockExplorer: { name: 'Subscan', url: 'https://westend.subscan.io' },
  testnet: true,
  imageId: 'westend',
})

/** The well-known polkadot networks. */
export const polkadotNetworks: readonly PolkadotNetwork[] = [polkadotMainnet, kusama, westend]

/** The genesis hash and SS58 prefix of a network defined with {@link definePolkadotNetwork}; generic (42) otherwise. */
export function chainInfoOf(network: Pick<CaipNetworkLike, 'caipNetworkId'>): PolkadotChainInfo | undefined {
  return chainInfo.get(network.caipNetworkId)
}

/** The SS58 prefix addresses show with on `network`: its own, else the generic Substrate prefix 42. */
export function ss58PrefixOf(network: Pick<CaipNetworkLike, 'caipNetworkId'>): number {
  return chainInfo.get(network.caipNetworkId)?.ss58Prefix ?? 42
}

/** Returns `network` with its RPC URLs replaced by `urls` (both `default` and `chainDefault`). */
export function withRpcUrls<N extends CaipNetworkLike>(network: N, urls: readonly string[]): N {
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [...urls] }, chainDefault: { http: [...urls] } } }
}

/** Which networks an adapter defines and where their RPC lives. */
export type PolkadotNetworkParameters = {
  /** Networks the adapter defines (made with {@link definePolkadotNetwork}). Default: Polkadot, Kusama, Westend. */
  networks?: readonly CaipNetworkLike[]
  /** RPC URLs per CAIP-2 id, replacing the network's own. */
  rpcUrls?: Readonly<Record<string, readonly string[]>>
}

/**
 * The adapter's networks: the given (or well-known) ones with `rpcUrls` overrides applied.
 *
 * @example
 * configuredPolkadotNetworks({ rpcUrls: { 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e': ['http://127.0.0.1:9944'] } })
 */
export function configuredPolkadotNetworks(parameters: PolkadotNetworkParameters = {}): CaipNetworkLike[] {
  return (parameters.networks ?? polkadotNetworks).map((n) => {
    const urls = parameters.rpcUrls?.[n.caipNetworkId]
    return urls?.length ? withRpcUrls(n, urls) : n
  })
}
