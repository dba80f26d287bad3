import type { Logger } from './config.js'

/** What the frame knows about a project's allowed parent origins. */
export type OriginsLookup =
  | { kind: 'known'; allowedOrigins: string[] }
  /** The api answered 404: no such project. */
  | { kind: 'unknown' }
  /** Neither PORTICO_FRAME_ALLOWED_ORIGINS nor a reachable PORTICO_API_URL: nothing can be allowed. */
  | { kind: 'unavailable' }

/** Project ids the frame asks about: what the api's ids look like (bounded, no path characters). */
const PROJECT_ID = /^[A-Za-z0-9._-]{1,128}$/
/** Entries kept at most; ids come from the query string, so a scan of random ids must not grow the cache forever. */
const MAX_ENTRIES = 10_000
/** A failed api call is retried after this long (shorter than a real answer's cache). */
const FAILURE_CACHE_MS = 1_000
const API_TIMEOUT_MS = 3_000

/** Browser origins in their canonical form (scheme://host[:port], lowercase, no trailing slash), as the api keeps them. */
export function normalizeOrigin(origin: string): string {
  const text = origin.trim()
  if (text === '*') return text
  try {
    const url = new URL(text)
    return url.origin === 'null' ? text.toLowerCase() : url.origin.toLowerCase()
  } catch {
    return text.toLowerCase().replace(/\/+$/, '')
  }
}

/** True when `origin` is on `allowedOrigins` (a `*` entry allows any origin). */
export function originAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  const wanted = normalizeOrigin(origin)
  return allowedOrigins.some((o) => o === '*' || normalizeOrigin(o) === wanted)
}

/**
 * A CSP `frame-ancestors` source list for `allowedOrigins`: `*` and well-formed scheme://host[:port] entries (host
 * wildcards such as `https://*.example.com` kept), anything else dropped so that no entry can inject a directive;
 * `'none'` when nothing is left.
 */
export function frameAncestors(allowedOrigins: readonly string[]): string {
  const sources = allowedOrigins.filter((o) => o === '*' || /^[a-z][a-z0-9+.-]*:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/.test(o))
  return sources.length > 0 ? [...new Set(sources)].join(' ') : "'none'"
}

/**
 * The allowed parent origins of a project: a fixed list for every project (PORTICO_FRAME_ALLOWED_ORIGINS), or the
 * api's `GET /v1/projects/{id}/origins`, cached `ttlMs` (positive and negative answers alike, like the api's own
 * ProjectService, so a change shows up within seconds) with concurrent lookups of one id sharing a request.
 */
export class AllowedOrigins {
  private cache = new Map<string, { lookup: OriginsLookup; expires: number }>()
  private inflight = new Map<string, Promise<OriginsLookup>>()

  constructor(
    private readonly source: { fixed?: string[]; apiUrl?: string },
    private readonly ttlMs: number,
    private readonly logger: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The origins of `projectId`. Malformed ids are unknown without asking. */
  async lookup(projectId: string): Promise<OriginsLookup> {
    if (this.source.fixed) return { kind: 'known', allowedOrigins: this.source.fixed }
    if (!this.source.apiUrl) return { kind: 'unavailable' }
    if (!PROJECT_ID.test(projectId)) return { kind: 'unknown' }
    const hit = this.cache.get(projectId)
    if (hit && hit.expires > Date.now()) return hit.lookup
    const pending = this.inflight.get(projectId)
    if (pending) return pending
    const request = this.fetchFromApi(projectId).finally(() => this.inflight.delete(projectId))
    this.inflight.set(projectId, request)
    return request
  }

  private async fetchFromApi(projectId: string): Promise<OriginsLookup> {
    const url = `${this.source.apiUrl!.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(projectId)}/origins`
    let lookup: OriginsLookup
    let ttl = this.ttlMs
    try {
      const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(API_TIMEOUT_MS), headers: { accept: 'application/json' } })
      if (res.status === 404) lookup = { kind: 'unknown' }
      else if (!res.ok) throw new Error(`HTTP ${res.status}`)
      else {
        const body = (await res.json()) as { allowedOrigins?: unknown }
        if (!Array.isArray(body.allowedOrigins) || !body.allowedOrigins.every((o) => typeof o === 'string'))
          throw new Error('the answer has no allowedOrigins list')
        lookup = { kind: 'known', allowedOrigins: body.allowedOrigins.map(normalizeOrigin) }
      }
    } catch (error) {
      this.logger.error(`reading the allowed origins of ${projectId} from ${url} failed: ${error instanceof Error ? error.message : error}`)
      lookup = { kind: 'unavailable' }
      ttl = Math.min(this.ttlMs, FAILURE_CACHE_MS)
    }
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear()
    this.cache.set(projectId, { lookup, expires: Date.now() + ttl })
    return lookup
  }
}
