import {
  FRAME_APP_EVENT_PREFIX,
  FRAME_EVENT_PREFIX,
  type FrameAppEvent,
  type FrameEvent,
  type FrameRequestName,
  type FrameRequestPayload,
  type FrameSuccessPayload,
} from '@portico/contracts/frame'
import type { FrameChannel } from './channel.js'
import { MESSAGES, messageOf } from './errors.js'

/** One handler per request: resolves with the success payload, or throws (a {@link FrameFailure} for a clear message). */
export type FrameHandlers = {
  [N in FrameRequestName]: (payload: FrameRequestPayload<N>, id: string) => Promise<FrameSuccessPayload<N>> | FrameSuccessPayload<N>
}

/**
 * Dispatches each request to its handler and answers exactly once with `<NAME>_SUCCESS` or `<NAME>_ERROR` and the
 * request's id. Requests run concurrently: a pending approval must not block GET_CHAIN_ID or RPC_ABORT.
 */
export function createRouter(handlers: FrameHandlers, channel: () => FrameChannel, log: Pick<Console, 'error'> = console) {
  return async function route(event: FrameAppEvent): Promise<void> {
    const name = event.type.slice(FRAME_APP_EVENT_PREFIX.length) as FrameRequestName
    const handler = handlers[name] as (payload: unknown, id: string) => unknown
    const payload = 'payload' in event ? event.payload : undefined
    try {
      const result = await handler(payload, event.id)
      const reply = { id: event.id, type: `${FRAME_EVENT_PREFIX}${name}_SUCCESS` } as Record<string, unknown>
      if (result !== undefined) reply.payload = result
      channel().send(reply as FrameEvent)
    } catch (error) {
      if (messageOf(error) === MESSAGES.somethingWrong) log.error(`portico frame: ${name} failed`, error)
      channel().sendError(event.id, name, messageOf(error))
    }
  }
}
