import {
  FRAME_APP_EVENT_PREFIX,
  FRAME_EVENT_PREFIX,
  FrameAppEventSchema,
  FrameEventSchema,
  type FrameEvent,
  type FrameRequestName,
  type FrameRequestPayload,
  type FrameSuccessPayload,
} from '@portico/contracts/frame'
import { FRAME_MESSAGES } from '../constants.js'
import { EmbeddedWalletError } from '../errors.js'

/** How one request ends when nothing answers: RPC requests read "Request was aborted", others "Something went wrong". */
export const abortMessage = (name: FrameRequestName) => (name === 'RPC_REQUEST' ? FRAME_MESSAGES.aborted : 'Something went wrong')

/** A frame reply of `_ERROR` kind; `message` is the frame's text or "An error occurred" (SPEC §8). */
export class FrameReplyError extends EmbeddedWalletError {
  override name = 'FrameReplyError'
  /** The request that failed. */
  readonly request: FrameRequestName
  constructor(request: FrameRequestName, message: string | undefined) {
    super(message?.trim() ? message : 'An error occurred', 'FRAME_ERROR')
    this.request = request
  }
}

export type RequestOptions = {
  /** Abort after the SPEC §9 timeout (default). `false` for requests that wait on the visitor. */
  timeout?: boolean
  /** Aborts the wait here (the frame is not told; RPC_ABORT is the protocol's only cancel). */
  signal?: AbortSignal
}

type Pending = { name: FrameRequestName; resolve: (v: unknown) => void; reject: (e: unknown) => void; cleanup: () => void }

export type FrameChannelDeps = {
  /** The page's window, whose `message` events carry the frame's replies. */
  host: Window
  /** The frame's window right now (the iframe's `contentWindow`), or null before it exists. */
  target: () => Window | null
  /** The only origin the frame's messages may come from, and the only one the app posts to. */
  origin: string
  timeoutMs: number
  /** Unsolicited events: READY and SESSION_UPDATE. */
  onEvent: (event: Extract<FrameEvent, { type: '@w3m-frame/READY' | '@w3m-frame/SESSION_UPDATE' }>) => void
  /** Every `_ERROR` reply, before its request rejects (to map fixed messages such as "Session expired"). */
  onError?: (error: FrameReplyError) => void
  log: { warn: (...a: unknown[]) => void; debug: (...a: unknown[]) => void }
  newId?: () => string
}

const REPLY = new RegExp(`^${FRAME_EVENT_PREFIX.replace(/[/@-]/g, '\\$&')}(.+)_(SUCCESS|ERROR)$`)

/**
 * The postMessage channel to the login frame: requests carry a `crypto.randomUUID()` id and go to the frame's
 * origin only; a message counts only when it comes from the frame's window and origin, and only once zod accepts
 * it; replies settle their request by id and name. Every outgoing message is checked against the protocol too, so a
 * bad payload (an invalid email) fails here, not in the frame.
 */
export function createFrameChannel(deps: FrameChannelDeps) {
  const pending = new Map<string, Pending>()
  const newId = deps.newId ?? (() => crypto.randomUUID())

  function onMessage(event: MessageEvent) {
    const target = deps.target()
    if (!target || event.source !== target || event.origin !== deps.origin) return
    const parsed = FrameEventSchema.safeParse(event.data)
    if (!parsed.success) {
      // a reply we cannot read still ends its request, rather than leaving it to time out
      const raw = event.data as { id?: unknown; type?: unknown } | null
      const match = typeof raw?.type === 'string' ? REPLY.exec(raw.type) : null
      const p = typeof raw?.id === 'string' ? pending.get(raw.id) : undefined
      deps.log.warn('dropped an invalid message from the login frame:', raw?.type)
      if (p && match?.[1] === p.name) settle(raw!.id as string, (x) => x.reject(new EmbeddedWalletError('The login frame sent an invalid reply.', 'FRAME_INVALID_REPLY')))
      return
    }
    const data = parsed.data
    if (data.type === '@w3m-frame/READY' || data.type === '@w3m-frame/SESSION_UPDATE') return deps.onEvent(data)
    const match = REPLY.exec(data.type)
    const p = data.id ? pending.get(data.id) : undefined
    if (!match || !p || match[1] !== p.name) return deps.log.debug('no request waits for', data.type)
    if (match[2] === 'SUCCESS') settle(data.id!, (x) => x.resolve('payload' in data ? data.payload : undefined))
    else {
      const error = new FrameReplyError(p.name, (data as { payload: { message?: string } }).payload.message)
      deps.onError?.(error)
      settle(data.id!, (x) => x.reject(error))
    }
  }

  function settle(id: string, fn: (p: Pending) => void) {
    const p = pending.get(id)
    if (!p) return
    pending.delete(id)
    p.cleanup()
    fn(p)
  }

  deps.host.addEventListener('message', onMessage)

  /** Posts a validated event to the frame; throws FRAME_INVALID_REQUEST when the protocol refuses it. */
  function post(id: string, name: FrameRequestName, payload: unknown) {
    const event = { id, type: `${FRAME_APP_EVENT_PREFIX}${name}`, ...(payload === undefined ? {} : { payload }) }
    const checked = FrameAppEventSchema.safeParse(event)
    if (!checked.success) {
      const issue = checked.error.issues[0]
      throw new EmbeddedWalletError(issue?.message ?? 'Invalid request.', 'FRAME_INVALID_REQUEST', { cause: checked.error, details: name })
    }
    const target = deps.target()
    if (!target) throw new EmbeddedWalletError('iframe is not set', 'FRAME_UNREACHABLE')
    target.postMessage(checked.data, deps.origin)
  }

  return {
    /** Sends `name` and resolves with its success payload; rejects with the frame's error, a timeout or an abort. */
    request<N extends FrameRequestName>(name: N, payload: FrameRequestPayload<N>, options: RequestOptions = {}): Promise<FrameSuccessPayload<N>> {
      return new Promise((resolve, reject) => {
        const id = newId()
        let timer: ReturnType<typeof setTimeout> | undefined
        const onAbort = () => settle(id, (x) => x.reject(new EmbeddedWalletError(abortMessage(name), 'REQUEST_ABORTED')))
        const cleanup = () => {
          if (timer !== undefined) clearTimeout(timer)
          options.signal?.removeEventListener('abort', onAbort)
        }
        if (options.signal?.aborted) return reject(new EmbeddedWalletError(abortMessage(name), 'REQUEST_ABORTED'))
        pending.set(id, { name, resolve: resolve as (v: unknown) => void, reject, cleanup })
        if (options.timeout !== false) {
          timer = setTimeout(() => settle(id, (x) => x.reject(new EmbeddedWalletError(abortMessage(name), 'REQUEST_TIMEOUT'))), deps.timeoutMs)
        }
        options.signal?.addEventListener('abort', onAbort, { once: true })
        try {
          post(id, name, payload)
        } catch (error) {
          settle(id, (x) => x.reject(error))
        }
      })
    },
    /** Fire and forget (RPC_ABORT): no reply is awaited. */
    send(name: FrameRequestName, payload?: unknown) {
      try {
        post(newId(), name, payload)
      } catch (error) {
        deps.log.warn(`could not send ${name}:`, error)
      }
    },
    /** Rejects every waiting request (the frame went away). */
    rejectAll(error: (name: FrameRequestName) => unknown) {
      for (const id of [...pending.keys()]) settle(id, (x) => x.reject(error(x.name)))
    },
    pendingCount: () => pending.size,
    close() {
      deps.host.removeEventListener('message', onMessage)
      this.rejectAll((name) => new EmbeddedWalletError(abortMessage(name), 'REQUEST_ABORTED'))
    },
  }
}

export type FrameChannel = ReturnType<typeof createFrameChannel>
