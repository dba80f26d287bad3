import { type JsonRpcRequest, JsonRpcResponseSchema } from '@portico/contracts/api'
import { splitJsonArray } from './rawJson.js'

/** How calls are forwarded: per-upstream timeout and the largest answer read. */
export interface ForwardSettings {
  timeoutMs: number
  maxAnswerBytes: number
  fetch?: typeof fetch
}

/** Every upstream of a chain failed; `failures` says how, one line per upstream (for the log, not the client). */
export class UpstreamsFailedError extends Error {
  constructor(readonly failures: string[]) {
    super(`no upstream answered: ${failures.join('; ')}`)
    this.name = 'UpstreamsFailedError'
  }
}

/** An upstream that did not give a usable answer: the next one is tried. */
class UpstreamFailure extends Error {}

/** Reads at most `max` bytes of a response body as text; longer answers are a failure of that upstream. */
async function readLimited(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > max) throw new UpstreamFailure(`answer of ${declared} bytes is over the ${max}-byte limit`)
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      await reader.cancel()
      throw new UpstreamFailure(`answer over the ${max}-byte limit`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The id key of a parsed call or answer: ids compare by their JSON form, so 1 and "1" stay apart. */
const keyOf = (id: unknown) => JSON.stringify(id)

/**
 * Validates an upstream's answer to `calls` and returns each call's answer as raw JSON text, in the order of
 * `calls`. A body that is not JSON-RPC, or that leaves a call unanswered, is a failure of that upstream.
 */
function answersOf(text: string, calls: readonly JsonRpcRequest[], batch: boolean): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new UpstreamFailure('answer is not JSON')
  }
  const items = batch ? (Array.isArray(parsed) ? parsed : null) : [parsed]
  const raws = batch ? splitJsonArray(text) : [text.trim()]
  if (!items || !raws) throw new UpstreamFailure('answer to a batch is not an array')
  const byId = new Map<string, string>()
  items.forEach((item, i) => {
    const answer = JsonRpcResponseSchema.safeParse(item)
    if (!answer.success) throw new UpstreamFailure('answer is not a JSON-RPC 2.0 response')
    byId.set(keyOf(answer.data.id), raws[i]!)
  })
  return calls.map((call) => {
    const raw = byId.get(keyOf(call.id))
    if (raw === undefined) throw new UpstreamFailure(`no answer to call ${keyOf(call.id)}`)
    return raw
  })
}

/**
 * Forwards calls (their raw text, as the client sent them) to the first upstream that answers, then the next on a
 * connection error, a timeout, HTTP 429 or 5xx, or an answer that is not JSON-RPC. A JSON-RPC error answer is an
 * answer: the next upstream would give the same one. Returns each call's answer as raw JSON text, in order.
 *
 * @example
 * const [answer] = await forwardCalls(['http://127.0.0.1:8545'], [{ call, raw }], false, { timeoutMs: 5000, maxAnswerBytes: 1 << 24 })
 */
export async function forwardCalls(
  urls: readonly string[],
  calls: readonly { call: JsonRpcRequest; raw: string }[],
  batch: boolean,
  settings: ForwardSettings,
): Promise<string[]> {
  const doFetch = settings.fetch ?? fetch
  const body = batch ? `[${calls.map((c) => c.raw).join(',')}]` : calls[0]!.raw
  const failures: string[] = []
  for (const url of urls) {
    try {
      let response: Response
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(settings.timeoutMs),
          redirect: 'error',
        })
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        throw new UpstreamFailure(timedOut ? `no answer within ${settings.timeoutMs} ms` : `connection failed (${error instanceof Error ? (error.cause as Error | undefined)?.message ?? error.message : String(error)})`)
      }
      if (response.status >= 500 || response.status === 429) {
        await response.body?.cancel().catch(() => {})
        throw new UpstreamFailure(`HTTP ${response.status}`)
      }
      const text = await readLimited(response, settings.maxAnswerBytes).catch((error: unknown) => {
        throw error instanceof UpstreamFailure ? error : new UpstreamFailure(`answer cut off (${error instanceof Error ? error.message : String(error)})`)
      })
      return answersOf(text, calls.map((c) => c.call), batch)
    } catch (error) {
      if (!(error instanceof UpstreamFailure)) throw error
      failures.push(`${new URL(url).host}: ${error.message}`)
    }
  }
  throw new UpstreamsFailedError(failures)
}
