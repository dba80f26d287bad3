import type { CaipNetworkLike } from '@portico/contracts/plugin'

/** An eip155 network: the contract's network shape with a numeric chain id. */
export type EvmNetwork = CaipNetworkLike & {
  id: number
  caipNetworkId: `eip155:${number}`
  chainNamespace: 'eip155'
}

export type DefineEvmNetworkParameters = {
  id: number
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** The chain's own public RPC endpoints. */
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  /** Image id served by the api's `/public/getAssetImage/{id}`, or a URL. */
  imageId?: string
  imageUrl?: string
}

const ETHER = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * Builds an eip155 network definition. `rpcUrls.default` and `rpcUrls.chainDefault` both start as the chain's own
 * endpoints; the adapter puts overrides and a hosted RPC proxy in front at runtime.
 *
 * @example
 * const myChain = defineEvmNetwork({ id: 12345, name: 'My Chain', rpcUrls: ['https://rpc.my-chain.example'] })
 */
export function defineEvmNetwork(p: DefineEvmNetworkParameters): EvmNetwork {
  const http = [...p.rpcUrls]
  return {
    id: p.id,
    caipNetworkId: `eip155:${p.id}`,
    chainNamespace: 'eip155',
    name: p.name,
    nativeCurrency: { ...(p.nativeCurrency ?? ETHER) },
    rpcUrls: { default: { http }, chainDefault: { http: [...http] } },
    ...(p.blockExplorer ? { blockExplorers: { default: { ...p.blockExplorer } } } : {}),
    testnet: p.testnet ?? false,
    ...(p.imageId || p.imageUrl ? { assets: { ...(p.imageId ? { imageId: p.imageId } : {}), ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}) } } : {}),
  }
}

// Chain data as viem 2.57 defines it (ids, names, currencies, public RPCs, explorers); kept as plain data so the
// plugin does not pull viem's chain formatters (celo, zksync) into the bundle.

export const mainnet = defineEvmNetwork({ id: 1, name: 'Ethereum', rpcUrls: ['https://ethereum.reth.rs/rpc'], blockExplorer: { name: 'Etherscan', url: 'https://etherscan.io' }, imageId: 'ethereum' })
export const optimism = defineEvmNetwork({ id: 10, name: 'OP Mainnet', rpcUrls: ['https://mainnet.optimism.io'], blockExplorer: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' }, imageId: 'optimism' })
export const bsc = defineEvmNetwork({ id: 56, name: 'BNB Smart Chain', nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 }, rpcUrls: ['https://56.rpc.thirdweb.com'], blockExplorer: { name: 'BscScan', url: 'https://bscscan.com' }, imageId: 'bnb' })
export const gnosis = defineEvmNetwork({ id: 100, name: 'Gnosis', nativeCurrency: { name: 'xDAI', symbol: 'XDAI', decimals: 18 }, rpcUrls: ['https://rpc.gnosischain.com'], blockExplorer: { name: 'Gnosisscan', url: 'https://gnosisscan.io' }, imageId: 'gnosis' })
export const polygon = defineEvmNetwork({ id: 137, name: 'Polygon', nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, rpcUrls: ['https://polygon.drpc.org'], blockExplorer: { name: 'PolygonScan', url: 'https://polygonscan.com' }, imageId: 'polygon' })
export const fantom = defineEvmNetwork({ id: 250, name: 'Fantom', nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 }, rpcUrls: ['https://250.rpc.thirdweb.com'], blockExplorer: { name: 'FTMScan', url: 'https://ftmscan.com' }, imageId: 'fantom' })
export const zksync = defineEvmNetwork({ id: 324, name: 'ZKsync Era', rpcUrls: ['https://mainnet.era.zksync.io'], blockExplorer: { name: 'ZKsync Explorer', url: 'https://explorer.zksync.io' }, imageId: 'zksync' })
export const kaia = defineEvmNetwork({ id: 8217, name: 'Kaia', nativeCurrency: { name: 'Kaia', symbol: 'KAIA', decimals: 18 }, rpcUrls: ['https://public-en.node.kaia.io'], blockExplorer: { name: 'KaiaScan', url: 'https://kaiascan.io' }, imageId: 'kaia' })
export const base = defineEvmNetwork({ id: 8453, name: 'Base', rpcUrls: ['https://mainnet.base.org'], blockExplorer: { name: 'Basescan', url: 'https://basescan.org' }, imageId: 'base' })
export const arbitrum = defineEvmNetwork({ id: 42161, name: 'Arbitrum One', rpcUrls: ['https://arb1.arbitrum.io/rpc'], blockExplorer: { name: 'Arbiscan', url: 'https://arbiscan.io' }, imageId: 'arbitrum' })
export const avalanche = defineEvmNetwork({ id: 43114, name: 'Avalanche', nativeCurrency: { name: 'Avalanche', symbol: 'AVAX', decimals: 18 }, rpcUrls: ['https://api.avax.network/ext/bc/C/rpc'], blockExplorer: { name: 'SnowTrace', url: 'https://snowtrace.io' }, imageId: 'avalanche' })
export const aurora = defineEvmNetwork({ id: 1313161554, name: 'Aurora', rpcUrls: ['https://mainnet.aurora.dev'], blockExplorer: { name: 'Aurorascan', url: 'https://aurorascan.dev' }, imageId: 'aurora' })
export const celo = defineEvmNetwork({ id: 42220, name: 'Celo', nativeCurrency: { name: 'CELO', symbol: 'CELO', decimals: 18 }, rpcUrls: ['https://forno.celo.org'], blockExplorer: { name: 'Celo Explorer', url: 'https://celoscan.io' }, imageId: 'celo' })
export const zora = defineEvmNetwork({ id: 7777777, name: 'Zora', rpcUrls: ['https://rpc.zora.energy'], blockExplorer: { name: 'Explorer', url: 'https://explorer.zora.energy' }, imageId: 'zora' })
export const baseSepolia = defineEvmNetwork({ id: 84532, name: 'Base Sepolia', nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://sepolia.base.org'], blockExplorer: { name: 'Basescan', url: 'https://sepolia.basescan.org' }, testnet: true, imageId: 'base-sepolia' })
export const sepolia = defineEvmNetwork({ id: 11155111, name: 'Sepolia', nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://11155111.rpc.thirdweb.com'], blockExplorer: { name: 'Etherscan', url: 'https://sepolia.etherscan.io' }, testnet: true, imageId: 'sepolia' })

/** The dev stack's first local chain (anvil on port 8545). */
export const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrls: ['http://127.0.0.1:8545'], testnet: true, imageId: 'anvil' })
/** The dev stack's second local chain (anvil on port 8546), so network switching is real. */
export const anvil2 = defineEvmNetwork({ id: 31338, name: 'Anvil 2', rpcUrls: ['http://127.0.0.1:8546'], testnet: true, imageId: 'anvil-2' })

/** The well-known chains of SPEC §9 (swap chains, card-onramp and embedded-login chains, test networks). */
export const wellKnownEvmNetworks: readonly EvmNetwork[] = [
  mainnet, optimism, bsc, gnosis, polygon, fantom, zksync, kaia, base, arbitrum, avalanche, aurora, celo, zora, baseSepolia, sepolia,
]

/** Local chains of the dev stack. */
export const localEvmNetworks: readonly EvmNetwork[] = [anvil, anvil2]

/** Every network the evm plugin defines: the well-known chains, then the local ones. */
export const evmNetworks: readonly EvmNetwork[] = [...wellKnownEvmNetworks, ...localEvmNetworks]

/** Chain id of an eip155 network (`1`, `'1'` or `'0x1'`), or undefined when it is not a positive safe integer. */
export function evmChainId(network: Pick<CaipNetworkLike, 'id'> | number | string): number | undefined {
  const raw = typeof network === 'object' ? network.id : network
  const id = typeof raw === 'number' ? raw : /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** Returns `network` with its RPC URLs replaced by `urls` (both `default` and `chainDefault`). */
export function withRpcUrls<N extends CaipNetworkLike>(network: N, urls: readonly string[]): N {
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [...urls] }, chainDefault: { http: [...urls] } } }
}

/** Which networks an adapter defines and where their RPC lives. */
export type EvmNetworkParameters = {
  /** Networks the adapter defines. Default: {@link evmNetworks} (SPEC §9 chains and the two local anvils). */
  networks?: readonly CaipNetworkLike[]
  /** RPC URLs per chain id, replacing the network's own (e.g. `{ 31337: ['http://127.0.0.1:18545'] }`). */
  rpcUrls?: Readonly<Record<number | string, readonly string[]>>
}

/** The adapter's networks with the `rpcUrls` overrides applied, and the overrides by numeric chain id. */
export function configuredNetworks(parameters: EvmNetworkParameters = {}): {
  networks: CaipNetworkLike[]
  rpcUrls: Map<number, readonly string[]>
} {
  const rpcUrls = new Map<number, readonly string[]>()
  for (const [id, urls] of Object.entries(parameters.rpcUrls ?? {})) {
    const chainId = evmChainId(id)
    if (chainId !== undefined && urls.length) rpcUrls.set(chainId, [...urls])
  }
  const networks = (parameters.networks ?? evmNetworks).map((n) => {
    const id = evmChainId(n)
    const urls = id === undefined ? undefined : rpcUrls.get(id)
    return urls ? withRpcUrls(n, urls) : n
  })
  return { networks, rpcUrls }
}
