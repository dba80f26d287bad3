import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import type { Logger } from './config.js'

/** Stable codes of every error the frame server answers with. */
export const FRAME_ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_EMAIL',
  'INVALID_OTP',
  'COOLDOWN',
  'EMAIL_RATE_LIMITED',
  'IP_RATE_LIMITED',
  'CODE_NOT_FOUND',
  'CODE_INCORRECT',
  'CODE_ENDED',
  'CODE_EXPIRED',
  'INVALID_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'SESSION_REVOKED',
  'DEVICE_ID_REQUIRED',
  'MAIL_FAILED',
  'DEVICE_NOT_APPROVED',
  'NO_WALLET',
  'WALLET_EXISTS',
  'RECOVER_RATE_LIMITED',
  'SHARE_UNREADABLE',
  'EMAIL_TAKEN',
  'EMAIL_UNCHANGED',
  'UPDATE_NOT_FOUND',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
  'SOCIAL_NOT_CONFIGURED',
  'ORIGIN_NOT_ALLOWED',
  'ORIGINS_UNAVAILABLE',
  'SOCIAL_RESULT_INVALID',
  'SOCIAL_BINDING_MISMATCH',
  'SOCIAL_RESULT_USED',
  'SOCIAL_RESULT_EXPIRED',
  'SOCIAL_PROVIDER_ERROR',
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_CODE_REJECTED',
  'SOCIAL_ID_TOKEN_INVALID',
  'SOCIAL_USER_INVALID',
  'FARCASTER_NOT_CONFIGURED',
  'FARCASTER_CHANNEL_INVALID',
  'FARCASTER_CHANNEL_EXPIRED',
  'FARCASTER_CHANNEL_USED',
  'FARCASTER_CHANNEL_PENDING',
  'FARCASTER_MESSAGE_INVALID',
  'FARCASTER_SIGNATURE_INVALID',
  'FARCASTER_CUSTODY_MISMATCH',
  'FARCASTER_REGISTRY_UNAVAILABLE',
] as const

export type FrameErrorCode = (typeof FRAME_ERROR_CODES)[number]

/** Body of every error response. */
export const FrameErrorSchema = z
  .object({
    status: z.literal('FAILED'),
    code: z.enum(FRAME_ERROR_CODES),
    message: z.string(),
    /** 429 only: seconds until the request can succeed (also in the Retry-After header). */
    retryAfter: z.number().int().positive().optional(),
    /** CODE_INCORRECT only: wrong guesses left before the code ends. */
    remainingAttempts: z.number().int().nonnegative().optional(),
  })
  .meta({ id: 'FrameError' })

export type FrameError = z.infer<typeof FrameErrorSchema>

/** An error a handler or service throws to answer with `status` and a {@link FrameError} body. */
export class FrameProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: FrameErrorCode,
    message: string,
    readonly extra: Pick<FrameError, 'retryAfter' | 'remainingAttempts'> = {},
  ) {
    super(message)
    this.name = 'FrameProblem'
  }

  body(): FrameError {
    return { status: 'FAILED', code: this.code, message: this.message, ...this.extra }
  }
}

/** Answers `problem`, with Retry-After on 429. */
export function problemResponse(c: Context, problem: FrameProblem) {
  if (problem.extra.retryAfter !== undefined) c.header('Retry-After', String(problem.extra.retryAfter))
  return c.json(problem.body(), problem.status)
}

/** A failed body validation as a problem: a bad email or code gets its own code, the rest VALIDATION_ERROR. */
export function validationProblem(error: ZodError, target: string): FrameProblem {
  const first = error.issues[0]
  const field = first?.path.length ? first.path.join('.') : target
  if (target === 'json' && (first?.path[0] === 'email' || first?.path[0] === 'newEmail')) return new FrameProblem(400, 'INVALID_EMAIL', 'Invalid email.')
  if (target === 'json' && first?.path[0] === 'otp') return new FrameProblem(400, 'INVALID_OTP', 'The code must be 6 digits.')
  const detail = (first?.message ?? 'invalid').replace(/\.$/, '')
  return new FrameProblem(400, 'VALIDATION_ERROR', `Invalid request ${field}: ${detail}.`)
}

/** `defaultHook` of the OpenAPI app: failed validation answers 400 before the handler runs. */
export function validationHook(result: { success: boolean; error?: ZodError; target: string }, c: Context) {
  if (!result.success && result.error) return problemResponse(c, validationProblem(result.error, result.target))
  return undefined
}

/** `onError` of the app: known problems keep their status; Hono's body errors are 4xx; the rest is logged, 500. */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof FrameProblem) return problemResponse(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      const status = error.status
      const message =
        status === 415
          ? 'The body must be sent as Content-Type: application/json.'
          : status === 413
            ? 'The request body is too large.'
            : 'The request body is not valid JSON.'
      return problemResponse(c, new FrameProblem(status as ContentfulStatusCode, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR', message))
    }
    logger.error(`${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`)
    return problemResponse(c, new FrameProblem(500, 'INTERNAL_ERROR', 'Internal server error.'))
  }
}
