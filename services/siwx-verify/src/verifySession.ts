import { type Chain, type Hex, type PublicClient, createPublicClient, getAddress, http, isAddress, isHex, verifyMessage } from 'viem'
import { z } from 'zod'
import { SessionVerificationError } from './errors.js'
import { parseSignIn } from './message.js'
import { verifyEip155Signature, verifySolanaSignature } from './signature.js'

/** What `verifySession` checks the session against. */
export type VerifySessionOptions = {
  /** The domain (RFC 3986 authority, `app.example.com` or `localhost:3000`) the message must be for; or several. */
  domain: string | readonly string[]
  /** The origin the message's URI must be on (`https://app.example.com`); default `https://<domain>` or `http://` for localhost. */
  uri?: string
  /** eip155: the RPC URL of the message's chain, for contract accounts (ERC-1271, ERC-6492); without it only plain keys verify. */
  rpcUrl?: string
  /** eip155: a viem public client of the message's chain (instead of `rpcUrl`). */
  client?: PublicClient
  /** The CAIP-2 chain the session must be on (`eip155:1`); default any. */
  chainId?: string
  /** The nonce your backend issued, when it issued one. */
  nonce?: string
  /** The clock (default now). */
  now?: Date | (() => Date)
  /** How far in the future Issued At may be (device clocks drift). Default 60 s. */
  clockSkewMs?: number
  /**
   * Also ask the Portico api that created the session whether it is still live (accepted there, so its nonce was
   * single use, and not revoked or expired): `GET /v1/sessions/{address}` of the project.
   */
  api?: { url: string; projectId: string; fetch?: typeof fetch }
}

/** A verified session: the message's fields, with the address checksummed for eip155. */
export type VerifiedSession = {
  namespace: string
  chainId: string
  address: string
  domain: string
  uri: string
  nonce: string
  statement?: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

const OptionsSchema = z.object({
  domain: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  uri: z.string().url().optional(),
  rpcUrl: z.string().url().optional(),
  client: z.custom<PublicClient>((c) => typeof c === 'object' && c !== null && typeof (c as PublicClient).verifyMessage === 'function', 'client must be a viem public client').optional(),
  chainId: z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chainId must be a CAIP-2 id').optional(),
  nonce: z.string().min(1).optional(),
  now: z.union([z.date(), z.function()]).optional(),
  clockSkewMs: z.number().int().min(0).optional(),
  api: z.object({ url: z.string().url(), projectId: z.string().min(1), fetch: z.function().optional() }).optional(),
})

const LiveSessionsSchema = z.object({ pcis: z.array(z.object({ pci: z.string(), message: z.string(), expiry: z.number() })) })

const fail = (code: ConstructorParameters<typeof SessionVerificationError>[0], message: string, cause?: unknown) =>
  new SessionVerificationError(code, message, cause === undefined ? undefined : { cause })

/**
 * Verifies a Portico sign-in session on a dapp's backend: the message parses (EIP-4361, Sign In With Solana or
 * CAIP-122), is for your domain and its URI on your origin, Issued At / Not Before / Expiration Time hold on your
 * clock, and the signature is the account's (eip155 through the chain's RPC, so plain keys, ERC-1271 and ERC-6492
 * accounts all verify; solana ed25519). Returns the session's fields or throws a {@link SessionVerificationError}.
 *
 * @example
 * const session = await verifySession(body.message, body.signature, { domain: 'app.example.com', rpcUrl: 'https://rpc.example.com' })
 * session.address // '0xf39F…2266'
 */
export async function verifySession(message: string, signature: string, options: VerifySessionOptions): Promise<VerifiedSession> {
  const checked = OptionsSchema.safeParse(options)
  if (!checked.success) throw fail('INVALID_OPTIONS', `Invalid verifySession options: ${checked.error.issues.map((i) => `${i.path.join('.') || 'options'}: ${i.message}`).join('; ')}.`)
  if (typeof message !== 'string' || typeof signature !== 'string' || !signature) throw fail('INVALID_MESSAGE', 'The message and the signature must be strings.')
  const m = parseSignIn(message)
  if (!m) throw fail('INVALID_MESSAGE', 'The text is not a complete sign-in message (EIP-4361, Sign In With Solana or CAIP-122).')

  const domains = typeof options.domain === 'string' ? [options.domain] : options.domain
  if (!domains.includes(m.domain)) throw fail('WRONG_DOMAIN', `The message is for ${m.domain}, not ${domains.join(' or ')}.`)
  const expectedOrigin = options.uri ? new URL(options.uri).origin : `${/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(m.domain) ? 'http' : 'https'}://${m.domain}`
  let uriOrigin: string | undefined
  try {
    uriOrigin = new URL(m.uri).origin
  } catch {}
  if (uriOrigin !== expectedOrigin || new URL(m.uri).host !== m.domain) throw fail('WRONG_URI', `The message's URI ${m.uri} is not on ${expectedOrigin}.`)
  if (options.chainId && m.chainId !== options.chainId) throw fail('WRONG_CHAIN', `The message is for ${m.chainId}, not ${options.chainId}.`)
  if (options.nonce !== undefined && m.nonce !== options.nonce) throw fail('WRONG_NONCE', 'The message does not carry the nonce you issued.')

  const now = (typeof options.now === 'function' ? options.now() : (options.now ?? new Date())).getTime()
  if (!m.issuedAt) throw fail('NO_ISSUED_AT', 'The message has no Issued At time.')
  if (m.issuedAt.getTime() > now + (options.clockSkewMs ?? 60_000)) throw fail('ISSUED_IN_FUTURE', 'The message was issued in the future; check the device clock.')
  if (m.expirationTime && m.expirationTime.getTime() <= now) throw fail('EXPIRED', 'The message has expired.')
  if (m.notBefore && m.notBefore.getTime() > now) throw fail('NOT_YET_VALID', 'The message is not valid yet.')

  let address = m.address
  if (m.namespace === 'eip155') {
    if (!isAddress(m.address, { strict: false })) throw fail('INVALID_MESSAGE', 'The message names no valid account.')
    address = getAddress(m.address)
    const client = options.client ?? (options.rpcUrl ? clientFor(m.chainId, options.rpcUrl) : undefined)
    let valid: boolean
    try {
      // without a chain only a plain key's signature can be checked (recovered); a contract account then fails
      valid = client
        ? await verifyEip155Signature(client, address as Hex, message, signature)
        : isHex(signature) && (await verifyMessage({ address: address as Hex, message, signature }).catch(() => false))
    } catch (error) {
      throw fail('CHAIN_UNAVAILABLE', `Could not verify the signature on ${m.chainId}: the chain did not answer.`, error)
    }
    if (!valid) throw fail('INVALID_SIGNATURE', `The signature was not made by ${address}.`)
  } else if (m.namespace === 'solana') {
    if (!verifySolanaSignature(m.address, message, signature)) throw fail('INVALID_SIGNATURE', `The signature was not made by ${address}.`)
  } else {
    throw fail('UNSUPPORTED_NAMESPACE', `Sessions of ${m.namespace} accounts cannot be verified here.`)
  }

  if (options.api) await checkLive(options.api, m.chainId, address, message)
  const { version: _, ...fields } = m
  return { ...fields, address, issuedAt: m.issuedAt }
}

/** A public client of the message's chain at `rpcUrl`. */
function clientFor(chainId: string, rpcUrl: string): PublicClient {
  const chain = { id: Number(chainId.split(':')[1]), name: chainId, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } } as const satisfies Chain
  return createPublicClient({ chain, transport: http(rpcUrl, { retryCount: 1 }) })
}

async function checkLive(api: NonNullable<VerifySessionOptions['api']>, chainId: string, address: string, message: string) {
  const url = new URL(`${api.url.replace(/\/+$/, '')}/v1/sessions/${encodeURIComponent(address)}`)
  for (const [k, v] of Object.entries({ projectId: api.projectId, st: 'siwx-verify', sv: '0.1.0', chainId })) url.searchParams.set(k, v)
  let body: unknown
  try {
    const res = await (api.fetch ?? fetch)(url, { headers: { accept: 'application/json' } })
    if (!res.ok) throw new Error(`HTTP status code: ${res.status}`)
    body = await res.json()
  } catch (error) {
    throw fail('NOT_LIVE', `Could not ask ${api.url} whether the session is live: ${error instanceof Error ? error.message : String(error)}`, error)
  }
  const parsed = LiveSessionsSchema.safeParse(body)
  if (!parsed.success) throw fail('NOT_LIVE', `${api.url} answered something other than a session list.`)
  if (!parsed.data.pcis.some((p) => p.message === message)) throw fail('NOT_LIVE', 'The Portico api does not list this session as live (never accepted, revoked or expired).')
}
