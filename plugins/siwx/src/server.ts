import {
  ApiErrorSchema,
  SessionRevokeResponseSchema,
  SiwxNonceResponseSchema,
  SiwxSessionEntrySchema,
  SiwxSessionsResponseSchema,
} from '@portico/contracts/api'
import type { ChainNamespace, KeyValueStorage } from '@portico/contracts/plugin'
import { SessionSchema, type Session } from '@portico/contracts/schemas'
import { covers, sameAddress, type SiwxConfig, type SiwxEnvironment } from './config.js'
import { SessionRefusedError, SiwxError } from './errors.js'
import { STORAGE_KEYS } from './storage.js'

export type ServerSiwxParameters = Pick<SiwxConfig, 'required' | 'statement' | 'expiresInMs' | 'signOutOnDisconnect'> & {
  /** Base URL of the Portico api (services/api), e.g. `https://api.example.com`. */
  apiUrl: string
  /** The project whose allowed origins the api checks the message's domain against. */
  projectId: string
  /** Namespaces the api verifies; default eip155 and solana. */
  namespaces?: readonly ChainNamespace[]
  /** Sent as `st` and `sv` (SPEC §7). */
  sdkType?: string
  sdkVersion?: string
  fetch?: typeof fetch
}

/** A zod schema, as far as this file uses one. */
type Schema<T> = { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown } }

/** What the plugin keeps per session: the api's session id (pci) beside the signed session. */
type StoredSession = { pci: string; session: Session }

/**
 * Sign-in verified by the Portico api (services/api): nonces come from the server (single use, expiring), every
 * signed session is checked there (domain against the project's origins, uri, times, nonce, signature through the
 * chain's RPC, so contract accounts sign in too) before it counts, sessions are listed there so a revoke anywhere
 * ends them, and signing out revokes them. The signed session stays on this device too (its signature is what
 * proves, to the api, that this client may revoke it); one the api no longer lists is dropped.
 *
 * @example
 * createKernel({ ..., plugins: [siwx()], siwx: serverSiwx({ apiUrl: 'https://api.example.com', projectId: 'my-project' }) })
 */
export function serverSiwx(parameters: ServerSiwxParameters) {
  return (environment: Pick<SiwxEnvironment, 'storage'>): SiwxConfig => {
    const { storage } = environment
    const base = parameters.apiUrl.replace(/\/+$/, '')
    const doFetch = parameters.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))

    async function call<T>(method: 'GET' | 'POST', path: string, schema: Schema<T>, body?: unknown, query: Record<string, string> = {}): Promise<T> {
      const url = new URL(`${base}${path}`)
      for (const [k, v] of Object.entries({ projectId: parameters.projectId, st: parameters.sdkType ?? 'portico', sv: parameters.sdkVersion ?? 'siwx-0.1.0', ...query }))
        url.searchParams.set(k, v)
      let res: Response
      try {
        res = await doFetch(url.toString(), {
          method,
          ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        })
      } catch (error) {
        throw new SiwxError('The sign-in server could not be reached.', 'SIWX_UNAVAILABLE', error)
      }
      const json: unknown = await res.json().catch(() => undefined)
      if (!res.ok) {
        const problem = ApiErrorSchema.safeParse(json)
        const reason = problem.success ? problem.data.message : `HTTP status code: ${res.status}`
        if (problem.success && problem.data.code === 'SESSION_REFUSED') throw new SessionRefusedError(reason)
        throw Object.assign(new SiwxError(reason, 'SIWX_UNAVAILABLE'), { status: res.status })
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success) throw new SiwxError('The sign-in server answered something unexpected.', 'SIWX_UNAVAILABLE', parsed.error)
      return parsed.data
    }

    const matches = (s: StoredSession, chainId: string, accountAddress: string) =>
      s.session.data.chainId === chainId && sameAddress(chainId, s.session.data.accountAddress, accountAddress)

    async function revokeAll(list: readonly StoredSession[]) {
      let failure: unknown
      for (const { pci, session } of list) {
        await call('POST', `/v1/sessions/${encodeURIComponent(session.data.accountAddress)}/revoke`, SessionRevokeResponseSchema, { pci, signature: session.signature }).catch(
          (error: unknown) => {
            // already gone there (404) is what a revoke wants
            if ((error as { status?: number }).status !== 404) failure ??= error
          },
        )
      }
      if (failure) throw failure
    }

    return {
      ...pick(parameters),
      namespaces: parameters.namespaces ?? ['eip155', 'solana'],
      async getNonce(target) {
        const { nonce } = await call('POST', '/v1/sessions/nonces', SiwxNonceResponseSchema, { chainId: target.chainId, accountAddress: target.accountAddress })
        return nonce
      },
      // one-click sign-in: the api binds the nonce to the chain, and to the account of the first session made with it
      async getPairingNonce(target) {
        const { nonce } = await call('POST', '/v1/sessions/nonces', SiwxNonceResponseSchema, { chainId: target.chainId })
        return nonce
      },
      async addSession(session) {
        const created = await call('POST', '/v1/sessions', SiwxSessionEntrySchema, { message: session.message, signature: session.signature })
        const kept = (await read(storage)).filter((s) => !matches(s, session.data.chainId, session.data.accountAddress))
        await storage.setItem(STORAGE_KEYS.authToken, [...kept, { pci: created.pci, session }])
      },
      async getSessions(chainId, accountAddress) {
        const all = await read(storage)
        const mine = all.filter((s) => matches(s, chainId, accountAddress) && covers(s.session, chainId, accountAddress))
        if (mine.length === 0) return []
        const { pcis } = await call('GET', `/v1/sessions/${encodeURIComponent(accountAddress)}`, SiwxSessionsResponseSchema, undefined, { chainId })
        const live = new Set(pcis.filter((p) => p.revokedAt === undefined).map((p) => p.pci))
        const dead = mine.filter((s) => !live.has(s.pci))
        // revoked or expired on the server (from another device, by the app): forget it here too
        if (dead.length) await storage.setItem(STORAGE_KEYS.authToken, all.filter((s) => !dead.includes(s)))
        return mine.filter((s) => live.has(s.pci)).map((s) => s.session)
      },
      async revokeSession(chainId, accountAddress) {
        const all = await read(storage)
        const ending = all.filter((s) => matches(s, chainId, accountAddress))
        if (ending.length === 0) return
        // forgotten here whatever the server says: this device signs out either way
        await storage.setItem(STORAGE_KEYS.authToken, all.filter((s) => !ending.includes(s)))
        await revokeAll(ending)
      },
      async setSessions(list) {
        const all = await read(storage)
        const keep = all.filter((s) => list.some((l) => l.signature === s.session.signature))
        await storage.setItem(STORAGE_KEYS.authToken, keep)
        await revokeAll(all.filter((s) => !keep.includes(s)))
      },
    }
  }
}

async function read(storage: KeyValueStorage): Promise<StoredSession[]> {
  const stored = await storage.getItem<unknown[]>(STORAGE_KEYS.authToken)
  if (!Array.isArray(stored)) return []
  // a corrupt entry (or one another verifier kept) is dropped, never trusted
  return stored.flatMap((s) => {
    const entry = s as { pci?: unknown; session?: unknown }
    const session = SessionSchema.safeParse(entry?.session)
    return typeof entry?.pci === 'string' && session.success ? [{ pci: entry.pci, session: session.data }] : []
  })
}

const pick = (p: ServerSiwxParameters): Partial<SiwxConfig> =>
  Object.fromEntries(Object.entries({ required: p.required, statement: p.statement, expiresInMs: p.expiresInMs, signOutOnDisconnect: p.signOutOnDisconnect }).filter(([, v]) => v !== undefined))
