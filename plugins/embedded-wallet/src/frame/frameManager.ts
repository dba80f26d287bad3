import {
  FrameRpcRequestSchema,
  type FrameRequestName,
  type FrameRequestPayload,
  type FrameRpcRequest,
  type FrameSuccessPayload,
  type FrameSyncDappData,
} from '@portico/contracts/frame'
import type { ThemeSync } from '@portico/contracts/schemas'
import { FRAME_MESSAGES, READY_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../constants.js'

/** How long a loaded frame may stay silent before the app asks whether its origin is allowed at all. */
const LOADED_SILENCE_MS = 2_000
import { EmbeddedWalletError } from '../errors.js'
import { createFrameChannel, type FrameChannel, type FrameReplyError, type RequestOptions } from './channel.js'
import { frameLocation, type FrameLocation } from './frameUrl.js'
import { hideFrame, placeOver } from './overlay.js'

/** SPEC §2: the frame's element id, and its window name. */
export const FRAME_ELEMENT_ID = 'w3m-iframe'
export const FRAME_NAME = 'w3m-secure-iframe'

export type FrameManagerDeps = {
  /** The kernel's `endpoints.frame`. */
  base: string | undefined
  projectId: string | undefined
  /** The chain the frame starts on (its URL's `chainId`). */
  chainId: () => string | number
  enableLogger: boolean
  /** SYNC_DAPP_DATA, sent once the frame is READY. */
  dappData: () => FrameSyncDappData
  /** SYNC_THEME, sent once READY and again on every {@link FrameManager.syncTheme}. */
  theme: () => ThemeSync
  t: (key: string, params?: Record<string, string | number>) => string
  /** `GET <frame>/v1/origin-check` → `allowed`; undefined when it cannot tell (the frame server is down too). */
  originCheck: (url: string) => Promise<boolean | undefined>
  /** SPEC §8 alert "Invalid App Configuration" (embedded wallet domain must be allowed). */
  onOriginNotAllowed: () => void
  /** The frame answered "Session expired" (SPEC §8 alert, then disconnect). */
  onSessionExpired: () => void
  onSessionUpdate?: (token: string) => void
  /** Asked once READY (GET_SMART_ACCOUNT_ENABLED_NETWORKS, after SYNC_DAPP_DATA): the chains with a smart account. */
  onSmartAccountNetworks?: (chainIds: number[]) => void
  log: { warn: (...a: unknown[]) => void; debug: (...a: unknown[]) => void; error: (...a: unknown[]) => void }
  /** Defaults: the page's document and window. */
  document?: Document
  readyTimeoutMs?: number
  requestTimeoutMs?: number
  newId?: () => string
}

/**
 * The login frame as the app sees it: one `<iframe id="w3m-iframe">` created on first need (or eagerly when a
 * login is stored), a READY handshake with a 20 s limit, dapp data and theme synced, then requests over the
 * checked channel. It shows itself only over a slot the ApproveTransaction view lends it.
 */
export function createFrameManager(deps: FrameManagerDeps) {
  let iframe: HTMLIFrameElement | undefined
  let channel: FrameChannel | undefined
  let location: FrameLocation | undefined
  let readiness: Promise<void> | undefined
  let isReady = false
  let release: (() => void) | undefined
  let destroyed = false
  const readyListeners = new Set<() => void>()

  const doc = () => deps.document ?? globalThis.document
  const t = deps.t

  function teardown() {
    release?.()
    release = undefined
    channel?.close()
    channel = undefined
    iframe?.remove()
    iframe = undefined
    readiness = undefined
    isReady = false
  }

  /** A sync that failed is logged; one cut short by teardown is not news. */
  const syncFailed = (name: string) => (error: unknown) =>
    (error as { code?: unknown })?.code === 'REQUEST_ABORTED' ? deps.log.debug(`${name}:`, error) : deps.log.warn(`${name}:`, error)

  function syncAfterReady() {
    // not awaited by anyone: the frame handles messages in order, so later requests see the synced data
    for (const [name, payload] of [
      ['SYNC_DAPP_DATA', deps.dappData()],
      ['SYNC_THEME', deps.theme()],
    ] as const) {
      channel?.request(name, payload as never).catch(syncFailed(name))
    }
    const onNetworks = deps.onSmartAccountNetworks
    if (onNetworks) {
      channel
        ?.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)
        .then(({ smartAccountEnabledNetworks }) => onNetworks(smartAccountEnabledNetworks), syncFailed('GET_SMART_ACCOUNT_ENABLED_NETWORKS'))
    }
  }

  /** Whether READY timed out because the project does not allow this origin, or because the frame is unreachable. */
  async function notReadyError(): Promise<EmbeddedWalletError> {
    const appOrigin = doc().defaultView?.location.origin ?? ''
    const allowed = await deps.originCheck(location!.originCheckUrl(appOrigin)).catch(() => undefined)
    if (allowed === false) {
      deps.onOriginNotAllowed()
      return new EmbeddedWalletError(t('embeddedWallet.alert.domainNotAllowed.message'), 'FRAME_ORIGIN_NOT_ALLOWED')
    }
    return new EmbeddedWalletError(t('embeddedWallet.unreachable'), 'FRAME_UNREACHABLE')
  }

  function mount(): Promise<void> {
    if (readiness) return readiness
    if (destroyed) return Promise.reject(new EmbeddedWalletError('iframe is not set', 'FRAME_UNREACHABLE'))
    location = frameLocation(deps.base, { projectId: deps.projectId ?? '', chainId: deps.chainId(), enableLogger: deps.enableLogger })
    if (!location) return Promise.reject(new EmbeddedWalletError(t('embeddedWallet.endpointMissing'), 'FRAME_ENDPOINT_MISSING'))
    const d = doc()
    const el = d.createElement('iframe')
    el.id = FRAME_ELEMENT_ID
    el.name = FRAME_NAME
    el.title = t('embeddedWallet.frame.title')
    el.src = location.src
    el.setAttribute('allow', 'clipboard-write')
    el.setAttribute('referrerpolicy', 'origin')
    Object.assign(el.style, { position: 'fixed', zIndex: '999999', border: '0', colorScheme: 'normal', background: 'transparent' })
    hideFrame(el)
    // the modal's focus trap pulls focus back from anything outside the dialog; the frame is part of the dialog
    // while it shows an approval (see README: a kernel option for this would be cleaner)
    el.addEventListener('focusin', (event) => event.stopPropagation())
    el.addEventListener('focus', (event) => event.stopPropagation())
    iframe = el

    let resolveReady!: () => void
    const ready = new Promise<void>((resolve) => (resolveReady = resolve))
    channel = createFrameChannel({
      host: d.defaultView!,
      target: () => el.contentWindow,
      origin: location.origin,
      timeoutMs: deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
      log: deps.log,
      ...(deps.newId ? { newId: deps.newId } : {}),
      onEvent(event) {
        if (event.type === '@w3m-frame/READY') {
          if (isReady) return
          isReady = true
          resolveReady()
        } else deps.onSessionUpdate?.(event.payload.token)
      },
      onError(error: FrameReplyError) {
        if (error.message === FRAME_MESSAGES.sessionExpired) deps.onSessionExpired()
      },
    })
    d.body.appendChild(el)

    const job = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        notReadyError().then(reject, reject)
      }, deps.readyTimeoutMs ?? READY_TIMEOUT_MS)
      // A parent the project does not allow gets the browser's frame-ancestors refusal, which still fires `load`:
      // a frame loaded but silent for a moment is asked about at once, so the visitor is not kept waiting 20 s.
      let loadTimer: ReturnType<typeof setTimeout> | undefined
      el.addEventListener('load', () => {
        if (isReady || loadTimer) return
        loadTimer = setTimeout(() => {
          if (isReady) return
          const appOrigin = doc().defaultView?.location.origin ?? ''
          void deps
            .originCheck(location!.originCheckUrl(appOrigin))
            .catch(() => undefined)
            .then((allowed) => {
              if (allowed !== false || isReady) return
              clearTimeout(timer)
              deps.onOriginNotAllowed()
              reject(new EmbeddedWalletError(t('embeddedWallet.alert.domainNotAllowed.message'), 'FRAME_ORIGIN_NOT_ALLOWED'))
            })
        }, LOADED_SILENCE_MS)
      })
      ready.then(() => {
        clearTimeout(timer)
        clearTimeout(loadTimer)
        syncAfterReady()
        for (const l of [...readyListeners]) l()
        resolve()
      })
    })
    readiness = job
    // a frame that never said READY is removed, so the next attempt starts afresh
    job.catch(() => {
      if (readiness === job) teardown()
    })
    return job
  }

  return {
    /** Creates the frame now (eager start when a login is stored); settles when it is READY. */
    mount,
    /** Resolves once the frame is READY (creating it first if needed). */
    ready: mount,
    isReady: () => isReady,
    isMounted: () => iframe !== undefined,
    /** Called each time the frame becomes READY. */
    onReady(listener: () => void) {
      readyListeners.add(listener)
      return () => void readyListeners.delete(listener)
    },
    /** One request: waits for READY, then the reply (30 s limit unless `timeout: false`). */
    async request<N extends FrameRequestName>(name: N, payload: FrameRequestPayload<N>, options?: RequestOptions): Promise<FrameSuccessPayload<N>> {
      await mount()
      return channel!.request(name, payload, options)
    },
    /** A message that needs no reply (RPC_ABORT); dropped when the frame is not READY (nothing waits in it then). */
    send(name: FrameRequestName) {
      if (isReady) channel?.send(name)
    },
    /** Sends the current theme again (the host changed it). */
    syncTheme() {
      if (isReady) channel?.request('SYNC_THEME', deps.theme()).catch(syncFailed('SYNC_THEME'))
    },
    /** Shows the frame over `slot` until the returned function is called; one slot at a time. */
    showOver(slot: HTMLElement): () => void {
      if (!iframe) return () => {}
      release?.()
      const own = placeOver(iframe, slot)
      release = own
      return () => {
        own()
        if (release === own) release = undefined
      }
    },
    /** Moves keyboard focus into the frame (its approval UI takes it from there). */
    focus() {
      iframe?.focus()
      iframe?.contentWindow?.focus()
    },
    /** The iframe element, if created (tests, and the view's accessibility wiring). */
    element: () => iframe,
    destroy() {
      destroyed = true
      readyListeners.clear()
      teardown()
    },
  }
}

export type FrameManager = ReturnType<typeof createFrameManager>

/**
 * An RPC_REQUEST payload as the protocol accepts it (typed params for signing methods), or the first problem: the
 * provider checks before it opens the modal for a request the frame would refuse anyway.
 */
export function checkRpcRequest(payload: unknown): { ok: true; value: FrameRpcRequest } | { ok: false; message: string } {
  const checked = FrameRpcRequestSchema.safeParse(payload)
  return checked.success ? { ok: true, value: checked.data } : { ok: false, message: checked.error.issues[0]?.message ?? 'Invalid params.' }
}
