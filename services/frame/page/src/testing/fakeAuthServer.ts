/**
 * An in-memory stand-in for the frame's auth server (services/frame), as a `fetch`: just enough of the endpoints in
 * frame-design.md for the page's flows to run in unit tests. Not the server's rules (limits, hashing, expiry).
 */
export interface FakeAuthServer {
  fetch: typeof fetch
  /** Paths requested, in order (`POST /v1/wallet`). */
  log: string[]
  /** Marks `deviceId` approved (the emailed link was opened). */
  approveDevice(deviceId: string): void
  /** Answers every request with a network error while true. */
  down: boolean
  /** Drops every session (the access and refresh tokens stop working). */
  revokeAll(): void
  wallets: Map<string, { accounts: unknown[]; authShare: string; recoveryShare: string }>
  codes: Map<string, string>
}

export function fakeAuthServer(options: { knownDevicesOnly?: boolean } = {}): FakeAuthServer {
  let n = 0
  const users = new Map<string, string>() // email -> userId
  const emails = new Map<string, string>() // userId -> email
  const approved = new Set<string>()
  const access = new Map<string, string>() // token -> userId
  const refresh = new Map<string, string>()
  const codes = new Map<string, string>()
  const wallets = new Map<string, { accounts: unknown[]; authShare: string; recoveryShare: string }>()
  const server: FakeAuthServer = {
    log: [],
    down: false,
    codes,
    wallets,
    approveDevice: (id) => void approved.add(id),
    revokeAll: () => {
      access.clear()
      refresh.clear()
    },
    fetch: async (input, init) => {
      if (server.down) throw new TypeError('Failed to fetch')
      const url = new URL(String(input), 'https://frame.test')
      const method = init?.method ?? 'GET'
      server.log.push(`${method} ${url.pathname}`)
      const body = init?.body ? JSON.parse(String(init.body)) : {}
      const json = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } })
      const problem = (status: number, code: string, message: string) => json(status, { status: 'FAILED', code, message })
      const token = /^Bearer (.+)$/.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1]
      const userId = token ? access.get(token) : undefined
      const issue = (uid: string) => {
        const a = `at-${++n}`
        const r = `rt-${n}`
        access.set(a, uid)
        refresh.set(r, uid)
        const later = new Date(Date.now() + 3_600_000).toISOString()
        return { accessToken: a, accessTokenExpiresAt: later, refreshToken: r, refreshTokenExpiresAt: later }
      }
      switch (`${method} ${url.pathname}`) {
        case 'POST /v1/email/start': {
          const known = users.has(body.email)
          if (known && options.knownDevicesOnly && !approved.has(body.deviceId)) return json(200, { status: 'VERIFY_DEVICE', expiresAt: '', resendAfter: 30 })
          codes.set(body.email, '123456')
          return json(200, { status: 'CODE_SENT', expiresAt: '', resendAfter: 30 })
        }
        case 'POST /v1/device/status':
          return json(200, { approved: approved.has(body.deviceId) })
        case 'POST /v1/email/verify': {
          if (codes.get(body.email) !== body.otp) return problem(400, 'CODE_INCORRECT', 'The code is incorrect.')
          codes.delete(body.email)
          if (!users.has(body.email)) {
            const id = `user-${users.size + 1}`
            users.set(body.email, id)
            emails.set(id, body.email)
          }
          approved.add(body.deviceId)
          const uid = users.get(body.email)!
          return json(200, { userId: uid, email: emails.get(uid), session: issue(uid) })
        }
        case 'POST /v1/session/refresh': {
          const uid = refresh.get(body.refreshToken)
          if (!uid) return problem(401, 'INVALID_TOKEN', 'The token is invalid or expired; sign in again.')
          refresh.delete(body.refreshToken)
          return json(200, { session: issue(uid) })
        }
      }
      if (!userId) return problem(401, 'INVALID_TOKEN', 'The token is invalid or expired; sign in again.')
      switch (`${method} ${url.pathname}`) {
        case 'GET /v1/session':
          return json(200, { userId, email: emails.get(userId), expiresAt: new Date().toISOString() })
        case 'POST /v1/session/signout':
          access.delete(token!)
          return json(200, { status: 'SIGNED_OUT' })
        case 'GET /v1/wallet': {
          const w = wallets.get(userId)
          return w ? json(200, { accounts: w.accounts, authShare: w.authShare }) : problem(404, 'NO_WALLET', 'No wallet.')
        }
        case 'POST /v1/wallet':
          if (wallets.has(userId)) return problem(409, 'WALLET_EXISTS', 'The user has a wallet.')
          wallets.set(userId, body)
          return json(201, { accounts: body.accounts })
        case 'POST /v1/wallet/recover': {
          const w = wallets.get(userId)
          return w ? json(200, w) : problem(404, 'NO_WALLET', 'No wallet.')
        }
        case 'POST /v1/email/update/start':
          codes.set(`primary:${userId}`, '111111')
          codes.set(`new:${userId}`, body.newEmail)
          return json(200, { action: 'VERIFY_PRIMARY_OTP', resendAfter: 30 })
        case 'POST /v1/email/update/verify-primary':
          if (codes.get(`primary:${userId}`) !== body.otp) return problem(400, 'CODE_INCORRECT', 'The code is incorrect.')
          return json(200, { action: 'VERIFY_SECONDARY_OTP' })
        case 'POST /v1/email/update/verify-secondary': {
          if (body.otp !== '222222') return problem(400, 'CODE_INCORRECT', 'The code is incorrect.')
          const email = codes.get(`new:${userId}`)!
          users.delete(emails.get(userId)!)
          users.set(email, userId)
          emails.set(userId, email)
          return json(200, { email })
        }
      }
      return problem(404, 'NOT_FOUND', 'No route.')
    },
  }
  return server
}
