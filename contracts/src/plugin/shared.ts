import type { ChainNamespace } from '../spec/caip.js'

/** Chain namespaces Portico knows (SPEC §1); one definition, from the spec utilities. */
export type { ChainNamespace }

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

export type ToastVariant = 'loading' | 'success' | 'error'
