import type { CaipNetworkLike } from '@portico/contracts/plugin'
import { SOLANA_DECIMALS } from '@portico/contracts/spec'

/** A solana network: the contract's network shape; its id is the CAIP-2 reference (the genesis hash, cut to 32). */
export type SolanaNetwork = CaipNetworkLike & {
  id: string
  caipNetworkId: `solana:${string}`
  chainNamespace: 'solana'
}

/** Wallet Standard chain ids (`solana:mainnet`, ...), which wallets list on their accounts; not CAIP-2 ids. */
export type SolanaWalletChain = `solana:${string}`

export type DefineSolanaNetworkParameters = {
  /** CAIP-2 reference: the first 32 characters of the genesis hash (base58). */
  id: string
  name: string
  /** The chain's own JSON-RPC endpoints (http or https). */
  rpcUrls: readonly string[]
  /** Its subscription websocket endpoints (ws or wss), kept on `rpcUrls.default.webSocket`. */
  webSocketUrls?: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
  imageId?: string
  imageUrl?: string
}

const SOL = { name: 'Solana', symbol: 'SOL', decimals: SOLANA_DECIMALS } as const

/**
 * Builds a solana network definition (SOL, 9 decimals).
 *
 * @example
 * const local = defineSolanaNetwork({ id: '2HpdrUj58LmkytJebbafrZb2ousvaTgP', name: 'Solana Local', rpcUrls: ['http://127.0.0.1:8899'] })
 */
export function defineSolanaNetwork(p: DefineSolanaNetworkParameters): SolanaNetwork {
  const http = [...p.rpcUrls]
  return {
    id: p.id,
    caipNetworkId: `solana:${p.id}`,
    chainNamespace: 'solana',
    name: p.name,
    nativeCurrency: { ...SOL },
    rpcUrls: { default: { http, ...(p.webSocketUrls?.length ? { webSocket: [...p.webSocketUrls] } : {}) }, chainDefault: { http: [...http] } },
    ...(p.blockExplorer ? { blockExplorers: { default: { ...p.blockExplorer } } } : {}),
    testnet: p.testnet ?? false,
    ...(p.imageId || p.imageUrl ? { assets: { ...(p.imageId ? { imageId: p.imageId } : {}), ...(p.imageUrl ? { imageUrl: p.imageUrl } : {}) } } : {}),
  }
}

/** Solana mainnet (SPEC §9). */
export const solanaMainnet = defineSolanaNetwork({
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  rpcUrls: ['https://api.mainnet-beta.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  imageId: 'solana',
})
/** Solana testnet. */
export const solanaTestnet = defineSolanaNetwork({
  id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  name: 'Solana Testnet',
  rpcUrls: ['https://api.testnet.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: true,
  imageId: 'solana',
})
/** Solana devnet. */
export const solanaDevnet = defineSolanaNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu7UQasdZ2VG',
  name: 'Solana Devnet',
  rpcUrls: ['https://api.devnet.solana.com'],
  blockExplorer: { name: 'Solscan', url: 'https://solscan.io' },
  testnet: true,
  imageId: 'solana',
})

/** The well-known solana networks. */
export const solanaNetworks: readonly SolanaNetwork[] = [solanaMainnet, solanaTestnet, solanaDevnet]

/** Wallet Standard chain of each well-known network, by CAIP-2 id; any other network is a local one. */
const WALLET_CHAINS: Readonly<Record<string, SolanaWalletChain>> = {
  [solanaMainnet.caipNetworkId]: 'solana:mainnet',
  [solanaTestnet.caipNetworkId]: 'solana:testnet',
  [solanaDevnet.caipNetworkId]: 'solana:devnet',
}

/** The chain a Wallet Standard wallet knows `network` by: `solana:mainnet|testnet|devnet`, else `solana:localnet`. */
export function walletChainOf(network: Pick<CaipNetworkLike, 'caipNetworkId'>): SolanaWalletChain {
  return WALLET_CHAINS[network.caipNetworkId] ?? 'solana:localnet'
}

/** Returns `network` with its RPC URLs replaced by `urls` (both `default` and `chainDefault`). */
export function withRpcUrls<N extends CaipNetworkLike>(network: N, urls: readonly string[]): N {
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [...urls] }, chainDefault: { http: [...urls] } } }
}

/** Which networks an adapter defines and where their RPC lives. */
export type SolanaNetworkParameters = {
  /** Networks the adapter defines. Default: {@link solanaNetworks} (mainnet, testnet, devnet). */
  networks?: readonly CaipNetworkLike[]
  /** RPC URLs per CAIP-2 id, replacing the network's own. */
  rpcUrls?: Readonly<Record<string, readonly string[]>>
  /** A local chain added after the others (the dev stack's). */
  local?: { caipNetworkId: string; rpcUrl: string; wsUrl?: string | undefined; name?: string | undefined }
}

/**
 * The adapter's networks: the given (or well-known) ones with `rpcUrls` overrides applied, then the local chain.
 *
 * @example
 * configuredSolanaNetworks({ local: { caipNetworkId: 'solana:2HpdrUj58LmkytJebbafrZb2ousvaTgP', rpcUrl: 'http://127.0.0.1:8899' } })
 */
export function configuredSolanaNetworks(parameters: SolanaNetworkParameters = {}): CaipNetworkLike[] {
  const networks = (parameters.networks ?? solanaNetworks).map((n) => {
    const urls = parameters.rpcUrls?.[n.caipNetworkId]
    return urls?.length ? withRpcUrls(n, urls) : n
  })
  const { local } = parameters
  if (local && !networks.some((n) => n.caipNetworkId === local.caipNetworkId)) {
    networks.push(
      defineSolanaNetwork({
        id: local.caipNetworkId.slice('solana:'.length),
        name: local.name ?? 'Solana Local',
        rpcUrls: parameters.rpcUrls?.[local.caipNetworkId] ?? [local.rpcUrl],
        ...(local.wsUrl ? { webSocketUrls: [local.wsUrl] } : {}),
        testnet: true,
        imageId: 'solana',
      }),
    )
  }
  return networks
}
