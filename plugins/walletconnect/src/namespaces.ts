import type { CaipNetworkLike, ChainNamespace } from '@portico/contracts/plugin'

/**
 * What the connector asks a wallet for, per chain namespace. Adding a namespace (solana, bip122, ...) is adding an
 * entry here, the namespace to the connector's `chains`, and an EIP-1193-like provider for its adapter.
 */
export type NamespaceSpec = {
  methods: readonly string[]
  events: readonly string[]
  /** The chain id the kernel stores for a CAIP-2 reference (`31337` → 31337 for eip155; strings elsewhere). */
  chainId: (reference: string) => string | number
  /** The chain asked for when the host configured no network of this namespace (SPEC §9: default eip155:1). */
  defaultChains: readonly string[]
  /** The type the session's accounts get (SPEC §3 allAccounts); default `eoa`. */
  accountType?: string
}

export const NAMESPACE_SPECS: Partial<Record<ChainNamespace, NamespaceSpec>> = {
  eip155: {
    // wallet methods (routed to the wallet); reads not listed here go to the network's RPC through rpcMap
    methods: [
      'personal_sign',
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v3',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_getCapabilities',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_showCallsStatus',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ],
    events: ['chainChanged', 'accountsChanged', 'message', 'disconnect', 'connect'],
    chainId: (reference) => (/^\d+$/.test(reference) ? Number(reference) : reference),
    defaultChains: ['eip155:1'],
  },
  // asked for only when the host has a solana adapter (the connector's `chains`); accounts are answered locally
  solana: {
    methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
    events: ['accountsChanged'],
    chainId: (reference) => reference,
    defaultChains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
  },
  // asked for only when the host has a polkadot adapter; accounts are answered locally (polkadot_getAccounts)
  polkadot: {
    methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
    events: ['accountsChanged'],
    chainId: (reference) => reference,
    defaultChains: ['polkadot:91b171bb158e2d3848fa23a9f1c25182'],
  },
  // asked for only when the host has a bitcoin adapter; WalletConnect's Bitcoin methods (the session's account, the
  // first external address, is the payment one; `getAccounts` is answered locally)
  bip122: {
    methods: ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses'],
    events: ['bip122_addressesChanged'],
    chainId: (reference) => reference,
    defaultChains: ['bip122:000000000019d6689c085ae165831e93'],
    accountType: 'payment',
  },
}

/** Namespaces the connector can serve. */
export const SUPPORTED_NAMESPACES = Object.keys(NAMESPACE_SPECS) as ChainNamespace[]

export type ProposalNamespace = { chains: string[]; methods: string[]; events: string[]; rpcMap: Record<string, string> }

/**
 * The proposal's optional namespaces for the configured networks: every network of each namespace, the preferred
 * one first (wallets often start on the first chain), with each network's first http RPC in `rpcMap` (or the one
 * `rpcUrls` gives for its CAIP-2 id or chain reference).
 */
export function proposalNamespaces(
  networks: readonly CaipNetworkLike[],
  namespaces: readonly ChainNamespace[],
  preferred?: string,
  rpcUrls: Readonly<Record<string, string | readonly string[]>> = {},
): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {}
  for (const ns of namespaces) {
    const spec = NAMESPACE_SPECS[ns]
    if (!spec) continue
    const own = networks.filter((n) => n.chainNamespace === ns)
    const ordered = preferred ? [...own.filter((n) => n.caipNetworkId === preferred), ...own.filter((n) => n.caipNetworkId !== preferred)] : own
    const chains = ordered.length ? ordered.map((n) => n.caipNetworkId) : [...spec.defaultChains]
    const rpcMap: Record<string, string> = {}
    for (const n of ordered) {
      const reference = n.caipNetworkId.slice(ns.length + 1)
      const override = rpcUrls[n.caipNetworkId] ?? rpcUrls[reference]
      const url = (typeof override === 'string' ? override : override?.[0]) ?? n.rpcUrls.chainDefault?.http[0] ?? n.rpcUrls.default.http[0]
      if (url) rpcMap[reference] = url
    }
    out[ns] = { chains: [...new Set(chains)], methods: [...spec.methods], events: [...spec.events], rpcMap }
  }
  return out
}

/** `eip155:31337:0xabc` → { chain: 'eip155:31337', reference: '31337', address: '0xabc' }. */
export function parseAccount(caip10: string): { namespace: string; chain: string; reference: string; address: string } | undefined {
  const parts = caip10.split(':')
  if (parts.length !== 3 || parts.some((p) => !p)) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  return { namespace, chain: `${namespace}:${reference}`, reference, address }
}

/** The session's accounts of one namespace (keys `eip155` or `eip155:1` both count), parsed. */
export function sessionAccounts(namespaces: Record<string, { accounts?: string[] }> | undefined, ns: string) {
  const out: NonNullable<ReturnType<typeof parseAccount>>[] = []
  for (const [key, value] of Object.entries(namespaces ?? {})) {
    if (key !== ns && !key.startsWith(`${ns}:`)) continue
    for (const a of value.accounts ?? []) {
      const parsed = parseAccount(a)
      if (parsed && parsed.namespace === ns) out.push(parsed)
    }
  }
  return out
}

/** Unique addresses on one chain, in the session's order. */
export function addressesOn(accounts: ReturnType<typeof sessionAccounts>, chain: string): string[] {
  return [...new Set(accounts.filter((a) => a.chain === chain).map((a) => a.address))]
}
