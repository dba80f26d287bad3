import { z } from 'zod'

/** The social providers of SPEC §1/§5 (farcaster has a flow of its own). */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS)

/** Who the provider says signed in. `emailVerified` is true only when the provider vouches for the address. */
export interface SocialIdentity {
  subject: string
  email: string | null
  emailVerified: boolean
  username: string | null
}

/** Endpoints and client of one provider, as configured. */
export interface SocialProviderConfig {
  provider: SocialProvider
  clientId: string
  clientSecret: string
  authorizeUrl: string
  tokenUrl: string
  scopes: string[]
  /** OpenID Connect: the id_token is verified against `jwksUrl` with this issuer; else the user comes from `userinfoUrl`. */
  kind: 'oidc' | 'oauth2'
  issuer?: string
  jwksUrl?: string
  userinfoUrl?: string
  /** Apple answers with a form POST when name or email are asked for. */
  responseMode?: 'form_post'
}

/** What a provider is at the real service: its endpoints, scopes, and how its user is read. */
interface ProviderDefaults {
  kind: 'oidc' | 'oauth2'
  authorizeUrl: string
  tokenUrl: string
  scopes: string[]
  issuer?: string
  jwksUrl?: string
  userinfoUrl?: string
  responseMode?: 'form_post'
  /** The path of the user endpoint below a dev override base (the real API's path). */
  userPath?: string
}

/** The real providers' endpoints; each is overridable by env (dev: the local identity provider). */
export const PROVIDER_DEFAULTS: Record<SocialProvider, ProviderDefaults> = {
  google: {
    kind: 'oidc',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
  },
  apple: {
    kind: 'oidc',
    authorizeUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    issuer: 'https://appleid.apple.com',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    scopes: ['openid', 'email', 'name'],
    responseMode: 'form_post',
  },
  github: {
    kind: 'oauth2',
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userinfoUrl: 'https://api.github.com/user',
    userPath: '/user',
    scopes: ['read:user', 'user:email'],
  },
  facebook: {
    kind: 'oauth2',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userinfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    userPath: '/me?fields=id,name,email',
    scopes: ['public_profile', 'email'],
  },
  x: {
    kind: 'oauth2',
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userinfoUrl: 'https://api.x.com/2/users/me',
    userPath: '/2/users/me',
    scopes: ['users.read', 'tweet.read'],
  },
  discord: {
    kind: 'oauth2',
    authorizeUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userinfoUrl: 'https://discord.com/api/users/@me',
    userPath: '/users/@me',
    scopes: ['identify', 'email'],
  },
}

const Id = z.union([z.string().min(1), z.number().int()]).transform(String)

/** Each plain-OAuth provider's user body (their real shapes), read into an identity. */
export const USER_PARSERS: Record<'github' | 'facebook' | 'x' | 'discord', z.ZodType<SocialIdentity>> = {
  // GitHub shows an email on /user only when the person made it public and it is a verified address of theirs
  github: z
    .object({ id: Id, login: z.string(), email: z.string().nullish() })
    .transform((u) => ({ subject: u.id, email: u.email ?? null, emailVerified: Boolean(u.email), username: u.login })),
  // Facebook does not say whether an email is verified: treated as unverified
  facebook: z
    .object({ id: Id, name: z.string().nullish(), email: z.string().nullish() })
    .transform((u) => ({ subject: u.id, email: u.email ?? null, emailVerified: false, username: u.name ?? null })),
  x: z
    .object({ data: z.object({ id: Id, username: z.string(), name: z.string().nullish() }) })
    .transform(({ data }) => ({ subject: data.id, email: null, emailVerified: false, username: data.username })),
  discord: z
    .object({ id: Id, username: z.string(), email: z.string().nullish(), verified: z.boolean().nullish() })
    .transform((u) => ({ subject: u.id, email: u.email ?? null, emailVerified: Boolean(u.email && u.verified), username: u.username })),
}

const ENV_NAME: Record<SocialProvider, string> = {
  google: 'GOOGLE',
  github: 'GITHUB',
  apple: 'APPLE',
  facebook: 'FACEBOOK',
  x: 'X',
  discord: 'DISCORD',
}

const url = (name: string, value: string) => {
  try {
    if (!/^https?:$/.test(new URL(value).protocol)) throw new Error('not http')
    return value
  } catch {
    throw new Error(`${name}: expected an http(s) URL, got ${value}.`)
  }
}

/**
 * The configured providers from the environment. Per provider `P` (GOOGLE, GITHUB, APPLE, FACEBOOK, X, DISCORD):
 * `PORTICO_SOCIAL_P_CLIENT_ID` and `PORTICO_SOCIAL_P_CLIENT_SECRET` switch it on; `PORTICO_SOCIAL_P_ISSUER`,
 * `_AUTHORIZE_URL`, `_TOKEN_URL`, `_USERINFO_URL`, `_JWKS_URL` and `_SCOPES` (space list) override the real
 * endpoints. `PORTICO_SOCIAL_DEV_IDP=<url>` points every provider that has no client id at the local identity provider
 * (`<url>/<provider>`, client `portico-<provider>`, secret `PORTICO_SOCIAL_DEV_IDP_SECRET` or the dev one).
 *
 * @example
 * socialProvidersFromEnv({ PORTICO_SOCIAL_DEV_IDP: 'http://localhost:4321' }).map((p) => p.provider) // all six
 */
export function socialProvidersFromEnv(env: NodeJS.ProcessEnv = process.env): SocialProviderConfig[] {
  const out: SocialProviderConfig[] = []
  const devIdp = env.PORTICO_SOCIAL_DEV_IDP ? url('PORTICO_SOCIAL_DEV_IDP', env.PORTICO_SOCIAL_DEV_IDP).replace(/\/+$/, '') : undefined
  if (devIdp && env.NODE_ENV === 'production') throw new Error('PORTICO_SOCIAL_DEV_IDP must not be set in production.')
  for (const provider of SOCIAL_PROVIDERS) {
    const prefix = `PORTICO_SOCIAL_${ENV_NAME[provider]}_`
    const read = (key: string) => env[`${prefix}${key}`] || undefined
    const clientId = read('CLIENT_ID')
    if (!clientId && devIdp) {
      out.push(devIdpProvider(provider, devIdp, env.PORTICO_SOCIAL_DEV_IDP_SECRET || 'portico-dev-idp-secret'))
      continue
    }
    if (!clientId) continue
    const clientSecret = read('CLIENT_SECRET')
    if (!clientSecret) throw new Error(`${prefix}CLIENT_SECRET must be set with ${prefix}CLIENT_ID.`)
    const d = PROVIDER_DEFAULTS[provider]
    const pick = (key: string, fallback: string | undefined) => {
      const value = read(key)
      return value ? url(`${prefix}${key}`, value) : fallback
    }
    out.push({
      provider,
      clientId,
      clientSecret,
      kind: d.kind,
      authorizeUrl: pick('AUTHORIZE_URL', d.authorizeUrl)!,
      tokenUrl: pick('TOKEN_URL', d.tokenUrl)!,
      issuer: read('ISSUER') ?? d.issuer,
      jwksUrl: pick('JWKS_URL', d.jwksUrl),
      userinfoUrl: pick('USERINFO_URL', d.userinfoUrl),
      scopes: read('SCOPES')?.split(/\s+/).filter(Boolean) ?? d.scopes,
      ...(d.responseMode ? { responseMode: d.responseMode } : {}),
    })
  }
  return out
}

/**
 * A provider served by the local identity provider at `base` (services/frame/src/devIdp): its issuer
 * `<base>/<provider>` with oidc-provider's routes, and for the plain-OAuth ones the real API's user path below it.
 */
export function devIdpProvider(provider: SocialProvider, base: string, clientSecret: string): SocialProviderConfig {
  const d = PROVIDER_DEFAULTS[provider]
  const issuer = `${base}/${provider}`
  return {
    provider,
    clientId: `portico-${provider}`,
    clientSecret,
    kind: d.kind,
    authorizeUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    scopes: d.scopes,
    ...(d.kind === 'oidc' ? { issuer, jwksUrl: `${issuer}/jwks` } : { userinfoUrl: `${issuer}${d.userPath}` }),
    ...(d.responseMode ? { responseMode: d.responseMode } : {}),
  }
}
