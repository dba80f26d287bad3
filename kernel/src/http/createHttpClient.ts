import { BaseError, type HttpClient, type HttpRequest } from '@portico/contracts/plugin'

export class HttpError extends BaseError {
  override name = 'HttpError'
  readonly status: number
  constructor(status: number, details?: string) {
    super(`HTTP status code: ${status}`, { code: 'HTTP_ERROR', ...(details ? { details } : {}) })
    this.status = status
  }
}

export type HttpClientOptions = {
  endpoints: Record<string, string>
  projectId: string | undefined
  sdkType: string
  sdkVersion: string
  clientId?: () => string | undefined
  fetch?: typeof fetch
  alert: (alert: { title: string; message: string }) => void
  /** Translates the alerts' i18n keys (the kernel's `t`). */
  t: (key: string) => string
  log: (level: 'warn' | 'error', ...args: unknown[]) => void
  now?: () => number
}

/** Alerts for the api's configuration errors (SPEC §8), each shown once. */
const ALERTS: Record<string, { title: string; message: string }> = {
  INVALID_PROJECT_ID: { title: 'alert.invalidConfig.title', message: 'alert.invalidProjectId.message' },
  ORIGIN_NOT_ALLOWED: { title: 'alert.invalidConfig.title', message: 'alert.originNotAllowed.message' },
}

/** The kernel's one HTTP client for plugins. Nothing is fetched until a plugin asks. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a))
  const now = options.now ?? Date.now
  const cache = new Map<string, { expires: number; value: unknown }>()
  const shownAlerts = new Set<string>()
  let supported: Promise<string[]> | undefined

  const endpoint = (name = 'api') => {
    const base = options.endpoints[name] ?? (name === 'api' ? undefined : options.endpoints.api)
    return base?.replace(/\/+$/, '')
  }

  function url<T>(req: HttpRequest<T>) {
    const base = endpoint(req.endpoint)
    if (!base) throw new BaseError(`No "${req.endpoint ?? 'api'}" endpoint is configured.`, { code: 'ENDPOINT_MISSING' })
    const u = new URL(`${base}/${req.path.replace(/^\/+/, '')}`)
    if (options.projectId) u.searchParams.set('projectId', options.projectId)
    u.searchParams.set('st', options.sdkType)
    u.searchParams.set('sv', options.sdkVersion)
    const clientId = options.clientId?.()
    if (clientId) u.searchParams.set('clientId', clientId)
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) u.searchParams.set(k, String(v))
    return u.toString()
  }

  async function failure(res: Response): Promise<never> {
    let code: string | undefined
    let message: string | undefined
    try {
      const body = (await res.json()) as { code?: unknown; message?: unknown; reasons?: { description?: unknown }[] }
      code = typeof body.code === 'string' ? body.code : undefined
      const reason = body.reasons?.[0]?.description
      message = typeof reason === 'string' ? reason : typeof body.message === 'string' ? body.message : undefined
    } catch {}
    if (code && ALERTS[code] && !shownAlerts.has(code)) {
      shownAlerts.add(code)
      options.alert({ title: options.t(ALERTS[code]!.title), message: options.t(ALERTS[code]!.message) })
    }
    const error = new HttpError(res.status, message)
    Object.assign(error, { apiCode: code, reason: message })
    throw error
  }

  async function request<T>(method: 'GET' | 'POST', req: HttpRequest<T>): Promise<T | undefined> {
    const target = url(req)
    // a forced request skips the cache but refreshes the entry the unforced one reads: the api's own `forceUpdate`
    // query parameter is not part of the key, so the next plain read gets the fresh answer, not the one before it
    const keyUrl = new URL(target)
    keyUrl.searchParams.delete('forceUpdate')
    const key = `${method} ${keyUrl} ${method === 'POST' ? JSON.stringify(req.body) : ''}`
    if (req.cacheMs && !req.forceUpdate) {
      const hit = cache.get(key)
      if (hit && hit.expires > now()) return hit.value as T
    }
    const res = await doFetch(target, {
      method,
      credentials: 'omit',
      ...(req.signal ? { signal: req.signal } : {}),
      ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body ?? {}) } : {}),
    })
    if (!res.ok) await failure(res)
    const json: unknown = await res.json().catch(() => undefined)
    let value: T | undefined = json as T
    if (req.schema) {
      const parsed = req.schema.safeParse(json)
      if (!parsed.success) {
        // a malformed response never crashes a view: it reads as nothing, and we say why
        options.log('warn', `[portico] ignored an invalid response from ${req.path}:`, parsed.error)
        return undefined
      }
      value = parsed.data
    }
    if (req.cacheMs) cache.set(key, { expires: now() + req.cacheMs, value })
    return value
  }

  return {
    endpoint,
    get: (req) => request('GET', req),
    post: (req) => request('POST', req),
    async getBlobUrl(req) {
      const controller = new AbortController()
      const timer = req.timeoutMs ? setTimeout(() => controller.abort(), req.timeoutMs) : undefined
      try {
        const res = await doFetch(url(req), { credentials: 'omit', signal: req.signal ?? controller.signal })
        if (!res.ok) return undefined
        return URL.createObjectURL(await res.blob())
      } catch {
        return undefined
      } finally {
        if (timer) clearTimeout(timer)
      }
    },
    async isNetworkSupported(caipNetworkId) {
      if (!caipNetworkId || !endpoint()) return false
      supported ??= request<{ http: string[] }>('GET', { path: 'v1/supported-chains' })
        .then((r) => (Array.isArray(r?.http) ? r.http.filter((x): x is string => typeof x === 'string') : []))
        .catch((error) => {
          supported = undefined // try again next time
          options.log('warn', '[portico] supported chains:', error)
          return []
        })
      return (await supported).includes(caipNetworkId)
    },
  }
}
