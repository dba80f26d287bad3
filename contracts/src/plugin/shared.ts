/** Chain namespaces Portico knows (SPEC §1). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122'

/** Minimal network shape the contract needs; the full zod schema lives in the spec schemas. */
export type CaipNetworkLike = {
  id: number | string
  caipNetworkId: string
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: readonly string[] }; chainDefault?: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet?: boolean
  assets?: { imageId?: string; imageUrl?: string }
}
