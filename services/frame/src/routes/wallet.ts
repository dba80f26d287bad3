import { type OpenAPIHono, createRoute } from '@hono/zod-openapi'
import { FrameProblem } from '../errors.js'
import { CreateWalletBodySchema, CreateWalletResponseSchema, RecoverWalletResponseSchema, WalletResponseSchema } from '../schemas.js'
import type { Sessions } from '../sessions.js'
import type { Wallets } from '../wallets.js'
import { bearerToken, errorContent, jsonBody, jsonOk } from './http.js'

const tags = ['Wallet']
const security = [{ bearer: [] }]
const unauthorized = errorContent('INVALID_TOKEN or SESSION_REVOKED')
const unreadable = errorContent('SHARE_UNREADABLE: the stored share cannot be decrypted with this server key (a server fault)')

/**
 * The key-share routes (see README "Trust model"). The frame page creates the wallet and sends the public accounts
 * and two of the three shares; the server keeps them encrypted and gives the auth share back to any valid session,
 * the recovery share only to a session from an approved device.
 */
export function registerWalletRoutes(app: OpenAPIHono, deps: { sessions: Sessions; wallets: Wallets }) {
  const { sessions, wallets } = deps

  app.openapi(
    createRoute({
      method: 'get',
      path: '/v1/wallet',
      tags,
      security,
      summary: "The session user's wallet accounts and auth share",
      responses: {
        ...jsonOk(WalletResponseSchema, 'The accounts and the auth share (base64, as it was sent)'),
        401: unauthorized,
        404: errorContent('NO_WALLET: this user has no wallet yet (create one)'),
        500: unreadable,
      },
    }),
    async (c) => {
      const { userId } = await sessions.authenticate(bearerToken(c))
      return c.json(await wallets.get(userId), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/wallet',
      tags,
      security,
      summary: 'Store a new wallet: public accounts, auth share and recovery share (encrypted at rest)',
      description: 'One wallet per user; the first create wins, on any replica. A second create changes nothing and answers 409.',
      request: { body: jsonBody(CreateWalletBodySchema) },
      responses: {
        201: { description: 'Stored', content: { 'application/json': { schema: CreateWalletResponseSchema } } },
        400: errorContent('Invalid body (VALIDATION_ERROR)'),
        401: unauthorized,
        409: errorContent('WALLET_EXISTS: this user already has a wallet'),
      },
    }),
    async (c) => {
      const { accounts, authShare, recoveryShare } = c.req.valid('json')
      const { userId } = await sessions.authenticate(bearerToken(c))
      return c.json({ accounts: await wallets.create(userId, accounts, authShare, recoveryShare) }, 201)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/v1/wallet/recover',
      tags,
      security,
      summary: 'Release the recovery share (a new device rebuilds the key with it), to a session from an approved device',
      responses: {
        ...jsonOk(RecoverWalletResponseSchema, 'The accounts, the auth share and the recovery share'),
        401: unauthorized,
        403: errorContent('DEVICE_NOT_APPROVED: the session was not opened from an approved device (send deviceId with start and verify)'),
        404: errorContent('NO_WALLET'),
        429: errorContent('RECOVER_RATE_LIMITED: too many recoveries for this user this hour; retryAfter in seconds'),
        500: unreadable,
      },
    }),
    async (c) => {
      const { userId, deviceApproved } = await sessions.authenticate(bearerToken(c))
      if (!deviceApproved)
        throw new FrameProblem(403, 'DEVICE_NOT_APPROVED', 'The recovery share is released only to a session opened from an approved device.')
      return c.json(await wallets.recover(userId), 200)
    },
  )
}
