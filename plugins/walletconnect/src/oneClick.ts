import type { Session } from '@portico/contracts/schemas'
import type { ProposalNamespace } from './namespaces.js'

/**
 * What the pairing asks the wallet to sign while it connects (WalletConnect's `authentication` request, CAIP-222):
 * the sign-in message's fields without the account, which the wallet fills in.
 */
export type OneClickRequest = {
  /** CAIP-2 ids the wallet may sign in on (every one eip155), the preferred first. */
  chains: string[]
  domain: string
  uri: string
  nonce: string
  statement?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/**
 * The part of the sign-in plugin's API (its `siwx/api` extension item) a one-click sign-in uses. Duck-typed: plugins
 * do not import each other, and the sign-in plugin may be absent or switched off.
 */
export type OneClickSignIn = {
  /** The request for a pairing proposing `chains`, or `undefined` when sign-in is off or a chain is not eip155. */
  oneClickRequest(chains: readonly string[]): Promise<Omit<OneClickRequest, 'chains'> | undefined>
  /** Verifies and keeps the session the wallet signed during the pairing (the config's `addSession`). */
  oneClickSession(session: Session): Promise<void>
}

/** The sign-in plugin's one-click API among the `siwx/api` items, if it offers one. */
export function asOneClickSignIn(items: readonly unknown[]): OneClickSignIn | undefined {
  const api = items[0] as Partial<OneClickSignIn> | undefined
  return api && typeof api.oneClickRequest === 'function' && typeof api.oneClickSession === 'function' ? (api as OneClickSignIn) : undefined
}

/** Every chain the proposal names; one-click sign-in only when each is eip155 (SPEC §4). */
export function proposedChains(namespaces: Readonly<Record<string, ProposalNamespace>>): string[] {
  return Object.values(namespaces).flatMap((n) => n.chains)
}

/**
 * The authentication request for a pairing: asked of the sign-in plugin only when every proposed chain is eip155;
 * `undefined` otherwise, or when it has nothing to ask (then the prompt comes after the connect, as usual).
 *
 * @example
 * const request = await oneClickRequest(signIn, { eip155: { chains: ['eip155:1'], methods: [], events: [], rpcMap: {} } })
 */
export async function oneClickRequest(signIn: OneClickSignIn | undefined, namespaces: Readonly<Record<string, ProposalNamespace>>): Promise<OneClickRequest | undefined> {
  const chains = proposedChains(namespaces)
  if (!signIn || chains.length === 0 || !chains.every((c) => c.startsWith('eip155:'))) return undefined
  const fields = await signIn.oneClickRequest(chains)
  return fields ? { chains, ...fields } : undefined
}

/** The request as the sign client's `connect({ authentication })` takes it (`ttl` in seconds: the proposal's). */
export function authenticationParams(request: OneClickRequest) {
  return {
    chains: request.chains,
    domain: request.domain,
    uri: request.uri,
    nonce: request.nonce,
    ttl: 300,
    type: 'caip122',
    ...(request.statement ? { statement: request.statement } : {}),
    ...(request.expirationTime ? { exp: request.expirationTime } : {}),
    ...(request.notBefore ? { nbf: request.notBefore } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
    ...(request.resources?.length ? { resources: request.resources } : {}),
  }
}

/** `did:pkh:eip155:1:0xabc` → { chainId: 'eip155:1', address: '0xabc' }. */
export function parseIssuer(iss: string): { chainId: string; address: string } | undefined {
  const m = /^did:pkh:(eip155):([0-9]{1,32}):(0x[0-9a-fA-F]{40})$/.exec(iss)
  return m ? { chainId: `${m[1]}:${m[2]}`, address: m[3]! } : undefined
}
