/**
 * Reading a wallet's one-click sign-in answer (its CACAO) into a sign-in session. Apart from oneClick.ts because it
 * carries the contracts' session schemas: the connector loads it only when a wallet answered a sign-in request, so
 * the WalletConnect row on the Connect view does not wait for them.
 */
import { CacaoSchema, SessionSchema, type Cacao, type Session } from '@portico/contracts/schemas'
import { parseIssuer, type OneClickRequest } from './oneClick.js'

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
