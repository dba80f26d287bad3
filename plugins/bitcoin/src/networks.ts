import type { CaipNetworkLike } from '@portico/contracts/plugin'
import { BITCOIN_DECIMALS } from '@portico/contracts/spec'

/** A bitcoin network: the contract's network shape; its id is the CAIP-2 reference (the genesis hash, cut to 32). */
export type BitcoinNetwork = CaipNetworkLike & {
  id: string
  caipNetworkId: `bip122:${string}`
  chainNamespace: 'bip122'
}

/** The network names sats-connect wallets use (`wallet_changeNetwork`, `networkChange` events). */
export type SatsConnectNetworkName = 'Mainnet' | 'Testnet' | 'Testnet4' | 'Signet' | 'Regtest'

export type DefineBitcoinNetworkParameters = {
  /** CAIP-2 reference: the first 32 hex characters of the genesis block hash. */
  id: string
  name: string
  /** Esplora-compatible REST API base URLs (`GET /address/{address}`), where balances are read. */
  rpcUrls: readonly string[]
  blockExplorer?: { name: string; url: string }
  testnet?: boolean
}

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: BITCOIN_DECIMALS } as const

/**
 * Builds a bitcoin network definition (BTC, 8 decimals).
 *
 * @example
 * const regtest = defineBitcoinNetwork({ id: '0f9188f13cb7b2c71f2a335e3a4fc328', name: 'Bitcoin Regtest', rpcUrls: ['http://127.0.0.1:3002'] })
 */
export function defineBitcoinNetwork(p: DefineBitcoinNetworkParameters): BitcoinNetwork {
  const http = [...p.rpcUrls]
  return {
    id: p.id,
    caipNetworkId: `bip122:${p.id}`,
    chainNamespace: 'bip122',
    name: p.name,
    nativeCurrency: { ...BTC },
    rpcUrls: { default: { http }, chainDefault: { http: [...http] } },
    ...(p.blockExplorer ? { blockExplorers: { default: { ...p.blockExplorer } } } : {}),
    testnet: p.testnet ?? false,
    assets: { imageId: 'bitcoin' },
  }
}

/** Bitcoin mainnet (genesis 000000000019d6689c085ae165831e93…). */
export const bitcoinMainnet = defineBitcoinNetwork({
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  rpcUrls: ['https://mempool.space/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space' },
})
/** Bitcoin testnet3 (genesis 000000000933ea01ad0ee984209779ba…). */
export const bitcoinTestnet = defineBitcoinNetwork({
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  rpcUrls: ['https://mempool.space/testnet/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/testnet' },
  testnet: true,
})
/** Bitcoin signet (genesis 00000008819873e925422c1ff0f99f7c…). */
export const bitcoinSignet = defineBitcoinNetwork({
  id: '00000008819873e925422c1ff0f99f7c',
  name: 'Bitcoin Signet',
  rpcUrls: ['https://mempool.space/signet/api'],
  blockExplorer: { name: 'mempool.space', url: 'https://mempool.space/signet' },
  testnet: true,
})
/** Bitcoin regtest (genesis 0f9188f13cb7b2c71f2a335e3a4fc328…); balances from a local Esplora (electrs' default port). */
export const bitcoinRegtest = defineBitcoinNetwork({
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  rpcUrls: ['http://127.0.0.1:3002'],
  testnet: true,
})

/** The well-known bitcoin networks. */
export const bitcoinNetworks: readonly BitcoinNetwork[] = [bitcoinMainnet, bitcoinTestnet, bitcoinSignet, bitcoinRegtest]

/** What each well-known network is to a wallet: its sats-connect name and the bech32 prefix of its addresses. */
const WALLET_NETWORKS: Readonly<Record<string, { name: SatsConnectNetworkName; bech32: string }>> = {
  [bitcoinMainnet.caipNetworkId]: { name: 'Mainnet', bech32: 'bc' },
  [bitcoinTestnet.caipNetworkId]: { name: 'Testnet', bech32: 'tb' },
  [bitcoinSignet.caipNetworkId]: { name: 'Signet', bech32: 'tb' },
  [bitcoinRegtest.caipNetworkId]: { name: 'Regtest', bech32: 'bcrt' },
}

/**
 * The sats-connect name of `network` (`Mainnet`, `Testnet`, `Signet`, `Regtest`); a network the plugin does not know
 * is taken for a regtest one.
 *
 * @example
 * walletNetworkOf(bitcoinSignet) // 'Signet'
 */
export function walletNetworkOf(network: Pick<CaipNetworkLike, 'caipNetworkId'>): SatsConnectNetworkName {
  return WALLET_NETWORKS[network.caipNetworkId]?.name ?? 'Regtest'
}

/**
 * The network an address belongs to, by its prefix: `bc1…`/`1…`/`3…` mainnet, `bcrt1…` regtest, `tb1…`/`m…`/`n…`/`2…`
 * testnet or signet (the address cannot tell those two apart).
 *
 * @example
 * addressNetworkKind('bcrt1q…') // 'regtest'
 */
export function addressNetworkKind(address: string): 'mainnet' | 'test' | 'regtest' | undefined {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'regtest'
  if (lower.startsWith('bc1') || /^[13]/.test(address)) return 'mainnet'
  if (lower.startsWith('tb1') || /^[mn2]/.test(address)) return 'test'
  return undefined
}

/** Whether an address can be used on `network` (its prefix matches the network's kind; unknown networks take any). */
export function addressFitsNetwork(address: string, network: Pick<CaipNetworkLike, 'caipNetworkId'>): boolean {
  const known = WALLET_NETWORKS[network.caipNetworkId]
  const kind = addressNetworkKind(address)
  if (!known) return kind !== undefined
  if (known.bech32 === 'bc') return kind === 'mainnet'
  if (known.bech32 === 'bcrt') return kind === 'regtest' || (kind === 'test' && !address.toLowerCase().startsWith('tb1'))
  return kind === 'test'
}

/** Returns `network` with its API URLs replaced by `urls` (both `default` and `chainDefault`). */
export function withRpcUrls<N extends CaipNetworkLike>(network: N, urls: readonly string[]): N {
  return { ...network, rpcUrls: { ...network.rpcUrls, default: { http: [...urls] }, chainDefault: { http: [...urls] } } }
}

/** Which networks an adapter defines and where their balance API lives. */
export type BitcoinNetworkParameters = {
  /** Networks the adapter defines. Default: {@link bitcoinNetworks} (mainnet, testnet, signet, regtest). */
  networks?: readonly CaipNetworkLike[]
  /** Esplora API URLs per CAIP-2 id, replacing the network's own. */
  rpcUrls?: Readonly<Record<string, readonly string[]>>
}

/**
 * The adapter's networks: the given (or well-known) ones with `rpcUrls` overrides applied.
 *
 * @example
 * configuredBitcoinNetworks({ rpcUrls: { 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': ['http://127.0.0.1:3002'] } })
 */
export function configuredBitcoinNetworks(parameters: BitcoinNetworkParameters = {}): CaipNetworkLike[] {
  return (parameters.networks ?? bitcoinNetworks).map((n) => {
    const urls = parameters.rpcUrls?.[n.caipNetworkId]
    return urls?.length ? withRpcUrls(n, urls) : n
  })
}
