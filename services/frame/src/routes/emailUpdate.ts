import { type OpenAPIHono, createRoute } from '@hono/zod-openapi'
import type { Logger } from '../config.js'
import type { EmailUpdates, IssuedUpdateCode } from '../emailUpdates.js'
import { FrameProblem } from '../errors.js'
import type { Mailer } from '../mail/mailer.js'
import {
  EmailUpdateOtpBodySchema,
  EmailUpdatePrimaryResponseSchema,
  EmailUpdateSecondaryResponseSchema,
  EmailUpdateStartBodySchema,
  EmailUpdateStartResponseSchema,
} from '../schemas.js'
import type { Sessions } from '../sessions.js'
import { bearerToken, clientIp, errorContent, jsonBody, jsonOk } from './http.js'

const tags = ['Email update']
const security = [{ bearer: [] }]
const unauthorized = errorContent('INVALID_TOKEN or SESSION_REVOKED')
const codeErrors = errorContent('INVALID_OTP, CODE_INCORRECT (remainingAttempts), CODE_ENDED, CODE_EXPIRED, UPDATE_NOT_FOUND')

/** The email-change routes (SPEC §4): a code to the current address, then a code to the new one. */
export function registerEmailUpdateRoutes(
  app: OpenAPIHono,
  deps: { sessions: Sessions; updates: EmailUpdates; mailer: Mailer; logger: Logger; trustProxy: boolean; resendAfter: number },
) {
  const { sessions, updates, mailer, logger, trustProxy, resendAfter } = deps

  /** Mails `issued`, or ends the change and answers 502 MAIL_FAILED. */
  const send = async (issued: IssuedUpdateCode) => {
    try {
      await mailer.sendUpdateCode(issued)
    } catch (error) {
      await updates.end(issued.id)
      logger.error(`sending an email-change code to ${issued.to} failed: ${error instanceof Error ? error.message : error}`)
      throw new FrameProblem(502, 'MAIL_FAILED', 'The code could not be sent by email; start the email change again later.')
    }
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/email/update/start',
      tags,
      security,
      summary: 'Start changing the email: mails a code to the current address',
      request: { body: jsonBody(EmailUpdateStartBodySchema) },
      responses: {
        ...jsonOk(EmailUpdateStartResponseSchema, 'Code sent to the current address'),
        400: errorContent('INVALID_EMAIL, VALIDATION_ERROR, or EMAIL_UNCHANGED'),
        401: unauthorized,
        409: errorContent('EMAIL_TAKEN: the new email belongs to another account'),
        429: errorContent('COOLDOWN, EMAIL_RATE_LIMITED or IP_RATE_LIMITED; retryAfter in seconds'),
        502: errorContent('MAIL_FAILED'),
      },
    }),
    async (c) => {
      const { newEmail } = c.req.valid('json')
      const { userId, email } = await sessions.authenticate(bearerToken(c))
      // a social account whose provider verified no email has no address to confirm the change from
      if (email === null) throw new FrameProblem(400, 'VALIDATION_ERROR', 'This account has no email to change.')
      const issued = await updates.start(userId, email, newEmail, clientIp(c, trustProxy))
      await send(issued)
      return c.json({ action: 'VERIFY_PRIMARY_OTP' as const, expiresAt: issued.expiresAt.toISOString(), resendAfter }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/email/update/verify-primary',
      tags,
      security,
      summary: 'Check the code sent to the current address; mails a code to the new address',
      request: { body: jsonBody(EmailUpdateOtpBodySchema) },
      responses: {
        ...jsonOk(EmailUpdatePrimaryResponseSchema, 'Code sent to the new address'),
        400: codeErrors,
        401: unauthorized,
        409: errorContent('EMAIL_TAKEN'),
        429: errorContent('IP_RATE_LIMITED, or the new address is in its cooldown (COOLDOWN; the first code stays usable)'),
        502: errorContent('MAIL_FAILED'),
      },
    }),
    async (c) => {
      const { otp } = c.req.valid('json')
      const { userId } = await sessions.authenticate(bearerToken(c))
      const issued = await updates.verifyPrimary(userId, otp, clientIp(c, trustProxy))
      await send(issued)
      return c.json({ action: 'VERIFY_SECONDARY_OTP' as const, expiresAt: issued.expiresAt.toISOString(), resendAfter }, 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/email/update/verify-secondary',
      tags,
      security,
      summary: "Check the code sent to the new address; the user's email changes",
      request: { body: jsonBody(EmailUpdateOtpBodySchema) },
      responses: {
        ...jsonOk(EmailUpdateSecondaryResponseSchema, 'The new email of the user'),
        400: codeErrors,
        401: unauthorized,
        409: errorContent('EMAIL_TAKEN'),
        429: errorContent('IP_RATE_LIMITED'),
      },
    }),
    async (c) => {
      const { otp } = c.req.valid('json')
      const { userId } = await sessions.authenticate(bearerToken(c))
      return c.json(await updates.verifySecondary(userId, otp, clientIp(c, trustProxy)), 200)
    },
  )
}
