import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { DEV_IDP_PROVIDERS, DevAccounts, SignInFormSchema, type DevAccount, type DevIdpProvider } from './accounts.js'
import { SIGN_IN_PAGE_HEADERS, renderSignInPage } from './signInPage.js'

/** Default port of the dev identity provider (ARCHITECTURE: 4321, override with PORTICO_IDP_PORT). */
export const DEFAULT_IDP_PORT = 4321
/** The client secret every stand-in accepts unless told otherwise (dev only, printed at start). */
export const DEV_IDP_CLIENT_SECRET = 'portico-dev-idp-secret'
/** The client id of the frame at the stand-in for `provider`. */
export const devClientId = (provider: DevIdpProvider) => `portico-${provider}`

export interface DevIdpOptions {
  /** Port to listen on (0 picks a free one). */
  port?: number
  host?: string
  /** Public base URL of this service (`http://localhost:4321`); the issuers are `<base>/<provider>`. Default: from the port. */
  publicUrl?: string
  /** Origins of the frame service whose `/v1/social/callback/<provider>` are the registered redirect URIs. */
  frameOrigins: readonly string[]
  clientSecret?: string
}

export interface DevIdp {
  url: string
  port: number
  /** The issuer of the stand-in for `provider`. */
  issuer(provider: DevIdpProvider): string
  accounts: DevAccounts
  /** Makes a stand-in's token and user endpoints answer 503 (a provider outage), or brings it back. */
  setDown(provider: DevIdpProvider, down: boolean): void
  close(): Promise<void>
}

/** Where each plain-OAuth provider serves its user (the real paths), answered here in the real shapes. */
const USER_PATHS: Partial<Record<DevIdpProvider, string>> = {
  github: '/user',
  x: '/2/users/me',
  discord: '/users/@me',
  facebook: '/me',
}

/** The user as each plain-OAuth provider's API shapes it. */
function userBody(account: DevAccount): unknown {
  switch (account.provider) {
    case 'github':
      return { id: account.sub, login: account.username, name: account.username, email: account.emailVerified ? account.email : null }
    case 'x':
      return { data: { id: account.sub, name: account.username, username: account.username } }
    case 'discord':
      return { id: account.sub, username: account.username, global_name: account.username, email: account.email, verified: account.emailVerified }
    case 'facebook':
      return { id: account.sub, name: account.username, email: account.email }
    default:
      return { sub: account.sub }
  }
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 16 * 1024) throw new Error('form too large')
    chunks.push(chunk as Buffer)
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
}

const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
  res.writeHead(status, headers)
  res.end(body)
}

/**
 * The local identity provider for development and tests: one `oidc-provider` issuer per social provider under
 * `/<provider>` (authorization code with PKCE, `form_post` for Apple, signed id_tokens and a JWKS per issuer), the
 * plain-OAuth providers' user endpoints in their real shapes (GitHub `/user`, X `/2/users/me`, Discord
 * `/users/@me`, Facebook `/me`) behind the issued access tokens, and a sign-in page where a person types a test user.
 * Consent is implied (the frame is a first-party client here).
 *
 * @example
 * const idp = await startDevIdp({ port: 4321, frameOrigins: ['http://localhost:4320'] })
 * idp.issuer('google') // 'http://localhost:4321/google'
 */
export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  const accounts = new DevAccounts()
  const down = new Set<DevIdpProvider>()
  const secret = options.clientSecret ?? DEV_IDP_CLIENT_SECRET
  const host = options.host ?? '127.0.0.1'
  const server: Server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const base = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '')
  const providers = new Map<DevIdpProvider, Provider>()

  for (const name of DEV_IDP_PROVIDERS) {
    // a signing key of its own per issuer and per start: an id_token of one stand-in never verifies at another
    const { privateKey } = await generateKeyPair('RS256', { extractable: true })
    const jwk = { ...(await exportJWK(privateKey)), kid: `${name}-${Date.now().toString(36)}`, alg: 'RS256', use: 'sig' }
    const configuration: Configuration = {
      jwks: { keys: [jwk as never] },
      clients: [
        {
          client_id: devClientId(name),
          client_secret: secret,
          redirect_uris: [...new Set(options.frameOrigins.map((o) => `${o.replace(/\/+$/, '')}/v1/social/callback/${name}`))],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true, methods: ['S256'] },
      // like Google's and Apple's, the id_token itself carries the email and the name
      conformIdTokenClaims: false,
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
      scopes: ['openid', 'email', 'profile', 'name', 'read:user', 'user:email', 'users.read', 'tweet.read', 'identify', 'public_profile'],
      features: { devInteractions: { enabled: false } },
      cookies: { keys: [`portico-dev-idp-${name}-cookie-key`] },
      ttl: { AuthorizationCode: 120, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/${name}/interaction/${interaction.uid}` },
      // a first-party stand-in: the grant is implied, so the person only signs in
      async loadExistingGrant(ctx) {
        const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId)
        const grant =
          (grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined) ??
          new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
        // whatever this request asks for (each provider has its own scopes)
        grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'))
        grant.addOIDCClaims(['email', 'email_verified', 'name', 'preferred_username'])
        await grant.save()
        return grant
      },
      findAccount: (_ctx, sub) => {
        const account = accounts.find(name, sub)
        if (!account) return undefined
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.username,
            preferred_username: account.username,
          }),
        }
      },
      renderError: (ctx, out) => {
        ctx.type = 'text/plain; charset=utf-8'
        ctx.body = `${out.error}: ${out.error_description ?? ''}`
      },
    }
    const provider = new Provider(`${base}/${name}`, configuration)
    provider.on('server_error', (_ctx, error) => console.error(`[portico-idp] ${name}: ${error.message}`))
    providers.set(name, provider)
  }

  async function interaction(name: DevIdpProvider, provider: Provider, rest: string, req: IncomingMessage, res: ServerResponse) {
    const [uid, action] = rest.split('/')
    if (req.method === 'GET' && !action) {
      const details = await provider.interactionDetails(req, res)
      return send(res, 200, renderSignInPage({ provider: name, uid: details.uid, clientId: String(details.params.client_id) }), SIGN_IN_PAGE_HEADERS)
    }
    if (req.method === 'POST' && action === 'cancel') {
      return provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled the sign-in.' }, { mergeWithLastSubmission: false })
    }
    if (req.method === 'POST' && action === 'login') {
      const details = await provider.interactionDetails(req, res)
      const parsed = SignInFormSchema.safeParse(await readForm(req))
      if (!parsed.success) {
        const page = renderSignInPage({ provider: name, uid: uid!, clientId: String(details.params.client_id), error: parsed.error.issues[0]!.message })
        return send(res, 400, page, SIGN_IN_PAGE_HEADERS)
      }
      const account = accounts.signIn(name, parsed.data)
      return provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false })
    }
    return send(res, 404, JSON.stringify({ error: 'not_found' }))
  }

  async function userEndpoint(name: DevIdpProvider, provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    const found = token ? await provider.AccessToken.find(token) : undefined
    const account = found?.accountId ? accounts.find(name, found.accountId) : undefined
    if (!account) return send(res, 401, JSON.stringify({ message: 'Bad credentials' }))
    return send(res, 200, JSON.stringify(userBody(account)))
  }

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', base)
      if (url.pathname === '/' || url.pathname === '/health') {
        return send(res, 200, JSON.stringify({ status: 'ok', issuers: DEV_IDP_PROVIDERS.map((p) => `${base}/${p}`) }))
      }
      if (url.pathname === '/__dev/outage' && req.method === 'POST') {
        const form = await readForm(req)
        const name = form.provider as DevIdpProvider
        if (!DEV_IDP_PROVIDERS.includes(name)) return send(res, 400, JSON.stringify({ error: 'unknown provider' }))
        if (form.down === '1') down.add(name)
        else down.delete(name)
        return send(res, 200, JSON.stringify({ provider: name, down: down.has(name) }))
      }
      const [, first, ...restParts] = url.pathname.split('/')
      const name = first as DevIdpProvider
      const provider = providers.get(name)
      if (!provider) return send(res, 404, JSON.stringify({ error: 'not_found' }))
      const rest = `/${restParts.join('/')}`
      if (down.has(name) && (rest === '/token' || rest === USER_PATHS[name] || rest === '/jwks')) {
        return send(res, 503, 'Service Unavailable', { 'content-type': 'text/plain' })
      }
      if (rest.startsWith('/interaction/')) return interaction(name, provider, rest.slice('/interaction/'.length), req, res)
      if (USER_PATHS[name] === rest && req.method === 'GET') return userEndpoint(name, provider, req, res)
      // the issuer's own routes: oidc-provider sees the path below its mount point
      const original = req.url!
      ;(req as IncomingMessage & { originalUrl?: string }).originalUrl = original
      req.url = original.slice(name.length + 1) || '/'
      return provider.callback()(req, res)
    })().catch((error: unknown) => {
      console.error(`[portico-idp] ${req.method} ${req.url}: ${error instanceof Error ? error.message : error}`)
      if (!res.headersSent) send(res, 400, JSON.stringify({ error: 'invalid_request', error_description: error instanceof Error ? error.message : String(error) }))
      else res.end()
    })
  })

  return {
    url: base,
    port,
    issuer: (p) => `${base}/${p}`,
    accounts,
    setDown(p, isDown) {
      if (isDown) down.add(p)
      else down.delete(p)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
