import { CacaoSchema, SessionSchema, type Cacao, type Session } from '@portico/contracts/schemas'
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

/**
 * The text the wallet signed for a CACAO: the EIP-4361 message as WalletConnect wallets format it (the sign client's
 * `formatAuthMessage`), line for line, so the signature verifies over it. Capability (`urn:recap:`) resources change
 * the statement in ways this does not reproduce: such a CACAO is refused (`undefined`).
 */
export function cacaoMessage(cacao: Cacao): string | undefined {
  const p = cacao.p
  const issuer = parseIssuer(p.iss)
  if (!issuer || !p.iat || !p.version) return undefined
  if (p.resources?.some((r) => r.startsWith('urn:recap:'))) return undefined
  if (p.statement && /\r|\n/.test(p.statement)) return undefined
  return [
    `${p.domain} wants you to sign in with your Ethereum account:`,
    issuer.address,
    '',
    p.statement || undefined,
    '',
    `URI: ${p.aud}`,
    `Version: ${p.version}`,
    `Chain ID: ${issuer.chainId.slice('eip155:'.length)}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${p.iat}`,
    p.exp ? `Expiration Time: ${p.exp}` : undefined,
    p.nbf ? `Not Before: ${p.nbf}` : undefined,
    p.requestId ? `Request ID: ${p.requestId}` : undefined,
    p.resources ? `Resources:${p.resources.map((r) => `\n- ${r}`).join('')}` : undefined,
  ]
    .filter((line) => line !== undefined)
    .join('\n')
}

/**
 * The sign-in session a wallet's CACAO carries, checked against what was asked (same nonce, domain and URI, a chain
 * that was proposed, an EIP-191 signature); `undefined` for anything else, so a bad answer falls back to the prompt.
 *
 * @example
 * const session = sessionFromCacao(approved.authentication[0], request)
 */
export function sessionFromCacao(value: unknown, request: OneClickRequest): Session | undefined {
  const parsed = CacaoSchema.safeParse(value)
  if (!parsed.success) return undefined
  const cacao = parsed.data
  const p = cacao.p
  const issuer = parseIssuer(p.iss)
  if (!issuer || !request.chains.includes(issuer.chainId)) return undefined
  if (p.nonce !== request.nonce || p.domain !== request.domain || p.aud !== request.uri) return undefined
  if (cacao.s.t !== 'eip191' || !/^0x[0-9a-fA-F]+$/.test(cacao.s.s)) return undefined
  const message = cacaoMessage(cacao)
  if (!message) return undefined
  const session = SessionSchema.safeParse({
    data: {
      chainId: issuer.chainId,
      accountAddress: issuer.address,
      nonce: p.nonce,
      domain: p.domain,
      uri: p.aud,
      version: '1',
      ...(p.statement ? { statement: p.statement } : {}),
      ...(p.resources?.length ? { resources: p.resources } : {}),
      ...(p.requestId ? { requestId: p.requestId } : {}),
      issuedAt: p.iat,
      ...(p.exp ? { expirationTime: p.exp } : {}),
      ...(p.nbf ? { notBefore: p.nbf } : {}),
    },
    message,
    signature: cacao.s.s,
    cacao,
  })
  return session.success ? session.data : undefined
}
