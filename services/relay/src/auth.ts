import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'

/** Close reasons for refused connections; the first, second and last are the ones the public relay uses. */
export const AuthError = {
  invalidKey: 'Unauthorized: invalid key',
  notYetValid: 'JWT validation error: JWT Token is not yet valid',
  expired: 'JWT validation error: JWT Token is expired',
  audience: 'JWT validation error: JWT audience is not this relay',
  origin: 'Unauthorized: origin not allowed',
  projectMissing: 'Unauthorized: project id missing',
  projectUnknown: 'Unauthorized: project id not allowed',
} as const

/** What the relay knows about a connection attempt. */
export interface AuthRequest {
  /** The `auth` query parameter. */
  token: string | null
  /** The `projectId` query parameter (the 2.25 clients always send it). */
  projectId: string | null
  /** When set, only these project ids may connect; otherwise any non-empty one may. */
  projectIds?: readonly string[]
  /** The upgrade request's Host header: the address the client dialled. */
  hostHeader: string | undefined
  origin: string | undefined
  relayPort: number
  /** When set, an Origin header must be one of these (a request without one is not from a browser: allowed). */
  allowedOrigins?: readonly string[]
  clockSkewSeconds: number
  nowMs: number
}

/** Outcome of `authenticate`: the clientId (the JWT issuer, a did:key) or the close reason. */
export type AuthResult = { ok: true; clientId: string } | { ok: false; reason: string }

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])
const hostOf = (hostname: string) => (LOOPBACK.has(hostname) ? 'loopback' : hostname.toLowerCase())

/**
 * Whether `aud` names this relay. Rule: a ws:/wss: URL whose port is the relay's port (or the port
 * in the Host header the client dialled) and whose host is that Host header's host, where localhost,
 * 127.0.0.1 and ::1 count as one host. Path, query and trailing slash are ignored: the relay answers
 * on every path. A Host header without a port (a proxy on 80/443) only needs the host to match.
 */
export function audienceMatches(aud: unknown, hostHeader: string | undefined, relayPort: number): boolean {
  let url: URL
  try {
    url = new URL(String(aud))
  } catch {
    return false
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return false
  const audPort = url.port || (url.protocol === 'wss:' ? '443' : '80')
  const audHost = hostOf(url.hostname)
  if (audHost === 'loopback' && audPort === String(relayPort)) return true
  if (!hostHeader) return false
  let dialled: URL
  try {
    dialled = new URL(`ws://${hostHeader}`)
  } catch {
    return false
  }
  return hostOf(dialled.hostname) === audHost && (!dialled.port || dialled.port === audPort)
}

/**
 * Checks a connection's project id, JWT (signature, iat, exp, aud) and origin, as the public relay does. The project
 * id goes first: it costs nothing, whereas the signature check is the dearest step of a connection.
 */
export async function authenticate(req: AuthRequest): Promise<AuthResult> {
  const fail = (reason: string): AuthResult => ({ ok: false, reason })
  if (!req.projectId) return fail(AuthError.projectMissing)
  if (req.projectIds && !req.projectIds.includes(req.projectId)) return fail(AuthError.projectUnknown)
  if (!req.token) return fail(AuthError.invalidKey)
  let payload: Record<string, unknown>
  try {
    // verifyJWT checks the EdDSA signature against the did:key issuer; it throws on malformed input.
    if (!(await verifyJWT(req.token))) return fail(AuthError.invalidKey)
    payload = decodeJWT(req.token).payload as unknown as Record<string, unknown>
  } catch {
    return fail(AuthError.invalidKey)
  }
  const { iss, iat, exp, aud } = payload
  if (typeof iss !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') return fail(AuthError.invalidKey)
  const now = req.nowMs / 1000
  if (iat > now + req.clockSkewSeconds) return fail(AuthError.notYetValid)
  if (exp < now - req.clockSkewSeconds) return fail(AuthError.expired)
  if (!audienceMatches(aud, req.hostHeader, req.relayPort)) return fail(AuthError.audience)
  // Browsers always send Origin and pages cannot forge it, so the allowlist binds every web page; a client without
  // one is not a browser (a Node or native wallet), could send any Origin it liked, and is let through.
  if (req.allowedOrigins && req.origin !== undefined && !req.allowedOrigins.includes(req.origin)) return fail(AuthError.origin)
  return { ok: true, clientId: iss }
}
