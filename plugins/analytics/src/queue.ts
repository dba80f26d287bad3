import type { ActionLike, HttpClient, PorticoState, SchemaLike } from '@portico/contracts/plugin'
import type { AnalyticsEvent } from '@portico/contracts/api'
import { analyticsActions, selectAnalytics, type AnalyticsOffReason, type TrackedEvent } from './slice.js'

/** What the analytics queue needs from the kernel. */
export type AnalyticsDeps = {
  http: HttpClient
  dispatch: (action: ActionLike) => unknown
  getState: () => PorticoState
  alert: (alert: { title: string; message: string }) => void
  t: (key: string) => string
  debug?: (...args: unknown[]) => void
  /** Runs `fn` when the page is idle (default: an idle callback, else a timeout). */
  schedule?: (fn: () => void) => () => void
  now?: () => number
  /** The page the modal is on (default: `window.location`). */
  location?: () => { href: string; hostname: string } | undefined
  uuid?: () => string
}

export type AnalyticsQueueOptions = {
  /** Most events kept while waiting for the modal to open or the config to arrive; the oldest go first. */
  maxQueue?: number
}

/** A one-field check needs no schema library (a remote bundles what it imports): `{ isAnalyticsEnabled: boolean }`. */
export const AnalyticsConfigSchema: SchemaLike<{ isAnalyticsEnabled: boolean }> = {
  safeParse: (value) =>
    typeof (value as { isAnalyticsEnabled?: unknown } | null)?.isAnalyticsEnabled === 'boolean'
      ? { success: true, data: { isAnalyticsEnabled: (value as { isAnalyticsEnabled: boolean }).isAnalyticsEnabled } }
      : { success: false, error: new Error('Expected { isAnalyticsEnabled: boolean }.') },
}

/** The ingest's answer: `{ status: 'stored' | 'duplicate' | 'ignored' }`. */
export const AnalyticsIngestSchema: SchemaLike<{ status: 'stored' | 'duplicate' | 'ignored' }> = {
  safeParse: (value) => {
    const status = (value as { status?: unknown } | null)?.status
    return status === 'stored' || status === 'duplicate' || status === 'ignored'
      ? { success: true, data: { status } }
      : { success: false, error: new Error('Expected { status: stored | duplicate | ignored }.') }
  },
}

/** SPEC §7: MODAL_CREATED is never sent. */
export const SKIPPED_EVENTS: readonly string[] = ['MODAL_CREATED']

const DEFAULT_MAX_QUEUE = 100

function idle(fn: () => void): () => void {
  const w = globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number; cancelIdleCallback?: (id: number) => void }
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(fn, { timeout: 1000 })
    return () => w.cancelIdleCallback!(id)
  }
  const timer = setTimeout(fn, 0)
  return () => clearTimeout(timer)
}

function randomUuid(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  // crypto.randomUUID needs a secure context; an http page still gets a version 4 id
  const bytes = new Uint8Array(16)
  if (c?.getRandomValues) c.getRandomValues(bytes)
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256)
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function pageLocation(): { href: string; hostname: string } | undefined {
  return typeof window === 'undefined' ? undefined : { href: window.location.href, hostname: window.location.hostname }
}

/** A 403 from the api: the page's origin is not on the project's allowlist. */
function isForbidden(error: unknown): boolean {
  const e = error as { name?: unknown; status?: unknown } | null
  return e?.name === 'HttpError' && e.status === 403
}

/**
 * The analytics queue: events wait here until the modal has opened (nothing is sent before), then go to
 * `POST /e` one at a time when the page is idle. The first send asks `/getAnalyticsConfig`; analytics stays off
 * when it says so, when it fails, or after a 403 (which shows the allowlist alert once).
 */
export function createAnalyticsQueue(deps: AnalyticsDeps, options: AnalyticsQueueOptions = {}) {
  const maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE
  const schedule = deps.schedule ?? idle
  const now = deps.now ?? Date.now
  const location = deps.location ?? pageLocation
  const uuid = deps.uuid ?? randomUuid
  const queue: AnalyticsEvent[] = []
  let opened = false
  let destroyed = false
  let flushing = false
  let cancel: (() => void) | undefined
  let config: Promise<boolean> | undefined
  let alerted = false

  const off = () => selectAnalytics(deps.getState()).status === 'disabled'

  function disable(reason: AnalyticsOffReason, error?: unknown) {
    queue.length = 0
    deps.dispatch(analyticsActions.disabled(reason))
    if (reason !== 'forbidden' || alerted) return
    alerted = true
    // the kernel's client alerts for a body with the ORIGIN_NOT_ALLOWED code (once); say it ourselves otherwise
    if ((error as { apiCode?: unknown })?.apiCode === 'ORIGIN_NOT_ALLOWED') return
    deps.alert({ title: deps.t('analytics.alert.title'), message: deps.t('analytics.alert.originNotAllowed') })
  }

  function isEnabled(): Promise<boolean> {
    config ??= deps.http
      .get({ endpoint: 'registry', path: 'getAnalyticsConfig', schema: AnalyticsConfigSchema })
      .then((answer) => {
        if (answer?.isAnalyticsEnabled === true) {
          deps.dispatch(analyticsActions.enabled())
          return true
        }
        disable(answer ? 'config' : 'config-failed')
        return false
      })
      .catch((error: unknown) => {
        deps.debug?.('analytics config:', error)
        disable(isForbidden(error) ? 'forbidden' : 'config-failed', error)
        return false
      })
    return config
  }

  function later() {
    if (cancel || !opened || destroyed || queue.length === 0) return
    cancel = schedule(() => {
      cancel = undefined
      void flush()
    })
  }

  async function flush() {
    if (flushing || destroyed) return
    flushing = true
    try {
      if (!(await isEnabled())) return
      while (queue.length && !destroyed) {
        const event = queue[0]!
        try {
          const answer = await deps.http.post({ endpoint: 'analytics', path: 'e', body: event, schema: AnalyticsIngestSchema })
          if (answer) deps.dispatch(analyticsActions.eventSent())
        } catch (error) {
          if (isForbidden(error)) return disable('forbidden', error)
          deps.debug?.('analytics event not sent:', error) // one lost event is not worth a retry storm
        }
        queue.shift()
      }
    } finally {
      flushing = false
      later()
    }
  }

  return {
    /** Queues an event (with the connected address, the page and the time); sent once the modal has opened. */
    track(data: TrackedEvent, address?: string) {
      if (destroyed || SKIPPED_EVENTS.includes(data.event) || off()) return
      const page = location()
      queue.push({
        eventId: uuid(),
        url: page?.href ?? '',
        domain: page?.hostname ?? '',
        timestamp: now(),
        props: { ...data, type: data.type ?? 'track', ...(address ? { address } : {}) },
      })
      if (queue.length > maxQueue) queue.shift()
      later()
    },
    /** The modal opened: from now on events may go out. */
    opened() {
      opened = true
      later()
    },
    /** Events waiting to be sent. */
    get size() {
      return queue.length
    },
    destroy() {
      destroyed = true
      cancel?.()
      queue.length = 0
    },
  }
}

export type AnalyticsQueue = ReturnType<typeof createAnalyticsQueue>
