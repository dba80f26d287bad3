import type { ApiServerOptions } from '../config.js'
import { silentLogger } from '../config.js'
import { type ApiServer, createApiServer } from '../server.js'
import type { TestBackend } from './backends.js'
import { createCheckedClient } from './openapi-check.js'

/** Query string with the SDK properties of the dev project, for test requests. */
export const DEV_QUERY = 'projectId=portico-dev&st=appkit&sv=html-test-1.0.0'

/** A server on a fresh database of `backend`, with a client whose every response is checked against /openapi.json. */
export async function startTestApi(backend: TestBackend, options: ApiServerOptions = {}) {
  const db = await backend.open()
  let server: ApiServer
  try {
    server = await createApiServer({ logger: silentLogger, ...options, ...db.options })
  } catch (error) {
    await db.cleanup()
    throw error
  }
  const client = await createCheckedClient(server.app)
  return {
    server,
    client,
    /** GET with the dev project's SDK properties appended. */
    get: (path: string, init: RequestInit = {}) =>
      client.request(`${path}${path.includes('?') ? '&' : '?'}${DEV_QUERY}`, init),
    async close() {
      await server.close()
      await db.cleanup()
    },
  }
}

/** What {@link startTestApi} returns. */
export type TestApi = Awaited<ReturnType<typeof startTestApi>>
