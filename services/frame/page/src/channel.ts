import {
  FRAME_APP_EVENT_PREFIX,
  FRAME_EVENT_PREFIX,
  FrameAppEventSchema,
  FrameEventSchema,
  type FrameAppEvent,
  type FrameEvent,
  type FrameRequestName,
} from '@portico/contracts/frame'

/** Names of every request the app may send, read from the schema so a new event cannot be forgotten here. */
const REQUEST_NAMES: ReadonlySet<string> = new Set(
  FrameAppEventSchema.options.map((o) => o.shape.type.value.slice(FRAME_APP_EVENT_PREFIX.length)),
)

/** The window-shaped things the channel needs; a test passes fakes. */
export interface ChannelWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ChannelTarget {
  postMessage(message: unknown, targetOrigin: string): void
}

export interface ChannelOptions {
  /** The frame's own window, where messages arrive. */
  win: ChannelWindow
  /** The parent window: the only accepted sender and the only receiver. */
  parent: ChannelTarget
  /** The parent's verified origin: required of senders, and the explicit targetOrigin of every post. */
  parentOrigin: string
  onRequest(event: FrameAppEvent): void
  log?: Pick<Console, 'warn' | 'error'>
}

export interface FrameChannel {
  /** Posts a frame event after checking it against the protocol schema (an invalid one is never sent). */
  send(event: FrameEvent): void
  /** Replies `<NAME>_ERROR` to request `id`. */
  sendError(id: string, name: FrameRequestName, message: string): void
  close(): void
}

/** The id and request name of a message that failed validation, when both can be read. */
function readableRequest(data: unknown): { id: string; name: FrameRequestName } | null {
  if (!data || typeof data !== 'object') return null
  const { id, type } = data as { id?: unknown; type?: unknown }
  if (typeof id !== 'string' || !id || typeof type !== 'string' || !type.startsWith(FRAME_APP_EVENT_PREFIX)) return null
  const name = type.slice(FRAME_APP_EVENT_PREFIX.length)
  return REQUEST_NAMES.has(name) ? { id, name: name as FrameRequestName } : null
}

/**
 * The frame's end of the postMessage channel. Only messages from the parent window *and* its verified origin are
 * read (another frame of the page, or a popup, can post to us too); each is parsed with the protocol schema. A
 * malformed request whose id and name are readable gets an `_ERROR` reply, so the app does not wait for a timeout;
 * anything else is dropped.
 */
export function openChannel(options: ChannelOptions): FrameChannel {
  const { win, parent, parentOrigin, onRequest, log = console } = options

  const post = (event: FrameEvent) => {
    const checked = FrameEventSchema.safeParse(event)
    if (!checked.success) {
      log.error(`portico frame: refusing to send an invalid ${event.type}`, checked.error.issues)
      return
    }
    parent.postMessage(checked.data, parentOrigin)
  }

  const sendError = (id: string, name: FrameRequestName, message: string) =>
    post({ id, type: `${FRAME_EVENT_PREFIX}${name}_ERROR`, payload: { message } } as FrameEvent)

  const listener = (event: MessageEvent) => {
    if (event.source !== (parent as unknown) || event.origin !== parentOrigin) return
    const parsed = FrameAppEventSchema.safeParse(event.data)
    if (parsed.success) return onRequest(parsed.data)
    const request = readableRequest(event.data)
    if (!request) return
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : ''
    log.warn(`portico frame: invalid ${request.name}${where}`)
    sendError(request.id, request.name, `Invalid ${request.name} request${where}: ${issue?.message ?? 'invalid'}.`)
  }
  win.addEventListener('message', listener)

  return {
    send: post,
    sendError,
    close: () => win.removeEventListener('message', listener),
  }
}
