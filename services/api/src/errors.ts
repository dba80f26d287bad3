import {
  type ApiError,
  type ApiErrorCode,
  INVALID_PROJECT_ID_MESSAGE,
  ORIGIN_NOT_ALLOWED_MESSAGE,
} from '@portico/contracts/api'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import type { Logger } from './config.js'

/** An error a handler throws to answer with a given status and {@link ApiError} body. */
export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly reasons: ApiError['reasons'] = [],
  ) {
    super(message)
    this.name = 'ApiProblem'
  }

  /** The JSON body of this error. */
  body(): ApiError {
    return { status: 'FAILED', code: this.code, message: this.message, reasons: this.reasons }
  }
}

/** Unknown project id: 401 with the provider's "invalid key" wording. */
export const invalidProjectId = (projectId: string) =>
  new ApiProblem(401, 'INVALID_PROJECT_ID', `${INVALID_PROJECT_ID_MESSAGE}: project id ${JSON.stringify(projectId)} is not registered`, [
    { name: 'projectId', description: 'Invalid project id' },
  ])

/** Origin not on the project's allowlist: 403 with the provider's "origin not allowed" wording. */
export const originNotAllowed = (origin: string, projectId: string) =>
  new ApiProblem(403, 'ORIGIN_NOT_ALLOWED', `${ORIGIN_NOT_ALLOWED_MESSAGE}: ${origin} is not on the allowlist of project ${projectId}`, [
    { name: 'origin', description: `${origin} is not on the allowlist` },
  ])

/** Turns zod issues into a 400 body. A missing or malformed projectId gets the project code the modal maps. */
export function validationProblem(error: ZodError, target: string): ApiProblem {
  const reasons = error.issues.map((issue) => ({
    name: issue.path.length > 0 ? issue.path.join('.') : target,
    description: issue.message,
  }))
  const summary = reasons.map((r) => `${r.name}: ${r.description}`).join('; ')
  const projectIssue = target === 'query' && error.issues.some((i) => i.path[0] === 'projectId')
  return projectIssue
    ? new ApiProblem(400, 'INVALID_PROJECT_ID', `${INVALID_PROJECT_ID_MESSAGE}: ${summary}`, reasons)
    : new ApiProblem(400, 'VALIDATION_ERROR', `Invalid ${target}: ${summary}`, reasons)
}

/** The `defaultHook` of the OpenAPI app: failed validation answers 400 instead of reaching the handler. */
export function validationHook(result: { success: boolean; error?: ZodError; target: string }, c: Context) {
  if (!result.success && result.error) {
    const problem = validationProblem(result.error, result.target)
    return c.json(problem.body(), problem.status)
  }
  return undefined
}

/** PostgreSQL SQLSTATE class 22 (data exception): the input could not be stored, so it is a client error. */
const isDataException = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)

/**
 * The app's `onError`: known problems keep their status; anything unexpected is logged and answered 500. A storage
 * engine's message never reaches the client (it names tables, encodings, internals): a data exception the
 * validation did not catch is a generic 400, anything else a generic 500, and the real text goes to the log.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof ApiProblem) return c.json(error.body(), error.status)
    if (isDataException(error)) {
      logger.warn(`${c.req.method} ${c.req.path}: database refused the input: ${error.message}`)
      const message = 'Invalid input: a value could not be stored'
      const body: ApiError = { status: 'FAILED', code: 'VALIDATION_ERROR', message, reasons: [{ name: 'input', description: 'value not storable' }] }
      return c.json(body, 400)
    }
    if (error instanceof HTTPException) {
      // Hono raises these for malformed JSON bodies and for the body size limit.
      const status = error.status
      const code: ApiErrorCode = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR'
      const message =
        status === 415
          ? 'Unsupported Media Type: send the body as Content-Type: application/json'
          : error.message || (status === 413 ? 'Request body too large' : 'Bad request')
      const body: ApiError = { status: 'FAILED', code, message, reasons: [{ name: 'body', description: message }] }
      return c.json(body, status as ContentfulStatusCode)
    }
    logger.error(`${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`)
    const body: ApiError = { status: 'FAILED', code: 'INTERNAL_ERROR', message: 'Internal server error', reasons: [] }
    return c.json(body, 500)
  }
}
