import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Logger } from '../config.js'
import { ApiProblem } from '../errors.js'
import { type Listening, httpListener } from '../httpListener.js'
import { escapeHtml, head, page, registerCheckoutPages } from './checkout.js'
import { DEFAULT_ONRAMP_PORT } from './config.js'
import type { OnrampService } from './service.js'

/** Largest form the checkout accepts: its fields are a few dozen characters. */
const MAX_FORM_BYTES = 16 * 1024

/** The sandbox card provider on its own origin: the checkout pages, served by a listener of their own. */
export interface OnrampSandbox {
  /** The pages' Hono app; `app.request()` serves them without a socket (tests). */
  app: Hono
  /** The public origin checkout links start with: the configured one, else localhost on the listening port. */
  readonly url: string
  /** Starts serving on `port` (0 picks a free one; default 4340). */
  listen(port?: number, hostname?: string): Promise<Listening>
  close(): Promise<void>
}

/**
 * Builds the sandbox provider's site for `onramp` (its data and settlement stay in the api's service: one database,
 * one settler): the checkout pages, an index page, and HTML answers for unknown pages, oversized forms and failures,
 * every one with the checkout's strict CSP. `publicUrl` (configuration, never a request's Host) wins over the
 * listening port.
 *
 * @example
 * const sandbox = createOnrampSandbox(onramp, logger)
 * await sandbox.listen(4340)
 */
export function createOnrampSandbox(onramp: OnrampService, logger: Logger, publicUrl?: string): OnrampSandbox {
  let url = publicUrl ?? `http://localhost:${DEFAULT_ONRAMP_PORT}`
  const app = new Hono()
  const problem = (c: Context, title: string, message: string, status: 400 | 404 | 413 | 500) =>
    page(c, title, `${head('Portico Sandbox')}<div class="alert error" role="alert">${escapeHtml(message)}</div>`, status)

  app.use('*', async (c, next) => {
    // Postgres text cannot hold NUL: refused before it reaches a query
    if (/%00/.test(c.req.url)) return problem(c, 'Bad request', 'This address is not valid.', 400)
    await next()
  })
  app.use('/onramp/*', bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => problem(c, 'Form too large', `The form is larger than ${MAX_FORM_BYTES} bytes.`, 413) }))
  app.get('/', (c) =>
    page(
      c,
      'Portico Sandbox',
      `${head('Portico Sandbox')}<p class="summary">A card provider for development: its checkout pages open from the modal's Buy button. Test cards only, no real money.</p>`,
    ),
  )
  registerCheckoutPages(app, onramp)
  app.notFound((c) => problem(c, 'Not found', 'There is no such page: open the checkout from the modal again.', 404))
  app.onError((error, c) => {
    if (error instanceof ApiProblem && error.status < 500) return problem(c, 'Bad request', error.message, error.status === 404 ? 404 : 400)
    logger.error(`onramp sandbox ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`)
    return problem(c, 'Something went wrong', 'The sandbox could not handle this page. Nothing was charged; try again.', 500)
  })

  const http = httpListener(app.fetch)
  return {
    app,
    get url() {
      return url
    },
    async listen(port = DEFAULT_ONRAMP_PORT, hostname = '127.0.0.1') {
      const listening = await http.listen(port, hostname)
      if (publicUrl === undefined) url = `http://localhost:${listening.port}`
      return listening
    },
    close: () => http.close(),
  }
}
