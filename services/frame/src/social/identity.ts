import { ArcticFetchError, CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic'
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose'
import { z } from 'zod'
import { USER_PARSERS, type SocialIdentity, type SocialProviderConfig } from './providers.js'

/** Display names of the providers, for error sentences. */
export const PROVIDER_NAMES: Record<SocialProviderConfig['provider'], string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/** Why a sign-in at the provider did not give an identity; `code` is stable, `message` one sentence for the visitor. */
export class SocialLoginError extends Error {
  constructor(
    readonly code:
      | 'SOCIAL_PROVIDER_ERROR'
      | 'SOCIAL_PROVIDER_UNAVAILABLE'
      | 'SOCIAL_CODE_REJECTED'
      | 'SOCIAL_ID_TOKEN_INVALID'
      | 'SOCIAL_USER_INVALID',
    message: string,
  ) {
    super(message)
    this.name = 'SocialLoginError'
  }
}

const IdTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().nullish(),
  email_verified: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish(),
  preferred_username: z.string().nullish(),
  name: z.string().nullish(),
  nonce: z.string().optional(),
})

const PROVIDER_TIMEOUT_MS = 10_000

/** The arctic client of a provider, with the frame's callback as the redirect URI. */
export function oauthClient(config: SocialProviderConfig, redirectUri: string): OAuth2Client {
  return new OAuth2Client(config.clientId, config.clientSecret, redirectUri)
}

/**
 * The URL the visitor is sent to: authorization code with PKCE (S256), the `state`, and for OpenID Connect a
 * `nonce` the id_token must carry back.
 *
 * @example
 * authorizationUrl(config, 'https://frame.example/v1/social/callback/google', { state, codeVerifier, nonce })
 */
export function authorizationUrl(
  config: SocialProviderConfig,
  redirectUri: string,
  flow: { state: string; codeVerifier: string; nonce: string },
): URL {
  const url = oauthClient(config, redirectUri).createAuthorizationURLWithPKCE(config.authorizeUrl, flow.state, CodeChallengeMethod.S256, flow.codeVerifier, config.scopes)
  if (config.kind === 'oidc') url.searchParams.set('nonce', flow.nonce)
  if (config.responseMode) url.searchParams.set('response_mode', config.responseMode)
  return url
}

const jwksCache = new Map<string, JWTVerifyGetKey>()
const jwksFor = (url: string) => {
  let set = jwksCache.get(url)
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: PROVIDER_TIMEOUT_MS, cooldownDuration: 30_000 })
    jwksCache.set(url, set)
  }
  return set
}

/**
 * Verifies an id_token with jose: the signature against the provider's JWKS (or `keys`, in tests), the issuer, the
 * audience (our client id), the expiry and the `nonce` of this flow. Anything else is refused.
 */
export async function verifyIdToken(
  config: SocialProviderConfig,
  idToken: string,
  nonce: string,
  keys: JWTVerifyGetKey = jwksFor(config.jwksUrl!),
): Promise<SocialIdentity> {
  const name = PROVIDER_NAMES[config.provider]
  let payload: unknown
  try {
    ;({ payload } = await jwtVerify(idToken, keys, { issuer: config.issuer, audience: config.clientId, clockTolerance: 30 }))
  } catch (error) {
    if (error instanceof joseErrors.JWKSTimeout || (error instanceof TypeError && /fetch/i.test(error.message)) || error instanceof joseErrors.JOSEError && error.code === 'ERR_JWKS_INVALID') {
      throw new SocialLoginError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} could not be reached to check the sign-in; try again in a moment.`)
    }
    throw new SocialLoginError('SOCIAL_ID_TOKEN_INVALID', `${name} sent an identity that could not be verified; the sign-in was refused.`)
  }
  const claims = IdTokenClaimsSchema.safeParse(payload)
  if (!claims.success || claims.data.nonce !== nonce) {
    throw new SocialLoginError('SOCIAL_ID_TOKEN_INVALID', `${name} sent an identity that does not belong to this sign-in; it was refused.`)
  }
  const c = claims.data
  return {
    subject: c.sub,
    email: c.email ?? null,
    emailVerified: Boolean(c.email) && (c.email_verified === true || c.email_verified === 'true'),
    username: c.preferred_username ?? c.name ?? c.email ?? null,
  }
}

/** The user of a plain-OAuth provider, read from its user endpoint with the access token. */
export async function fetchUser(config: SocialProviderConfig, accessToken: string, fetcher: typeof fetch = fetch): Promise<SocialIdentity> {
  const name = PROVIDER_NAMES[config.provider]
  let response: Response
  try {
    response = await fetcher(config.userinfoUrl!, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'portico-frame' },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    })
  } catch {
    throw new SocialLoginError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} could not be reached; try again in a moment.`)
  }
  if (response.status >= 500) throw new SocialLoginError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} is not answering right now; try again in a moment.`)
  const body: unknown = await response.json().catch(() => undefined)
  const parser = USER_PARSERS[config.provider as keyof typeof USER_PARSERS]
  const parsed = response.ok && parser ? parser.safeParse(body) : undefined
  if (!parsed?.success) throw new SocialLoginError('SOCIAL_USER_INVALID', `${name} did not say who signed in; try again.`)
  return parsed.data
}

/**
 * Exchanges the authorization code (with this flow's PKCE verifier) and reads who signed in: the verified id_token
 * for OpenID Connect providers, the user endpoint for the others. Provider failures become {@link SocialLoginError}s.
 */
export async function exchangeCode(
  config: SocialProviderConfig,
  redirectUri: string,
  code: string,
  flow: { codeVerifier: string; nonce: string },
): Promise<SocialIdentity> {
  const name = PROVIDER_NAMES[config.provider]
  let tokens: OAuth2Tokens
  try {
    tokens = await oauthClient(config, redirectUri).validateAuthorizationCode(config.tokenUrl, code, flow.codeVerifier)
  } catch (error) {
    if (error instanceof OAuth2RequestError) {
      throw new SocialLoginError('SOCIAL_CODE_REJECTED', `${name} refused the sign-in (${error.code}); start again.`)
    }
    if (error instanceof ArcticFetchError) throw new SocialLoginError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} could not be reached; try again in a moment.`)
    throw new SocialLoginError('SOCIAL_PROVIDER_UNAVAILABLE', `${name} is not answering right now; try again in a moment.`)
  }
  if (config.kind === 'oidc') {
    if (!tokens.data || typeof (tokens.data as { id_token?: unknown }).id_token !== 'string') {
      throw new SocialLoginError('SOCIAL_ID_TOKEN_INVALID', `${name} sent no identity token; the sign-in was refused.`)
    }
    return verifyIdToken(config, tokens.idToken(), flow.nonce)
  }
  return fetchUser(config, tokens.accessToken())
}
