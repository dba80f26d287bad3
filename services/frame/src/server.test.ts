import { runMigrations } from '@portico/service-api/db'
import { testBackends } from '@portico/service-api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameMigrations } from './db/migrations.js'
import { FRAME_ERROR_CODES } from './errors.js'
import { TestClock, type TestFrame, openSharedDatabase, startTestFrame } from './testing/harness.js'

const LIMITS = { sendsPerIpPerHour: 3, sendsPerEmailPerHour: 3, verifiesPerIpPerHour: 30 }
let counter = 0
/** A fresh email and client IP per test, so the limits of one test never touch another. */
const fresh = () => {
  counter += 1
  return { email: `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`, ip: `10.0.${Math.floor(counter / 250)}.${counter % 250}` }
}

describe.each(testBackends())('frame server [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    const clock = new TestClock()
    let a: TestFrame // replica A (trusts X-Forwarded-For so each test can use its own client IP)
    let b: TestFrame // replica B, same database
    let direct: TestFrame // a replica that does not trust X-Forwarded-For
    let closeDatabase: () => Promise<void> = async () => {}

    beforeAll(async () => {
      // Replicas: one PGlite instance shared in-process, or separate PostgreSQL pools on one database.
      const { db, close } = await openSharedDatabase(backend)
      closeDatabase = close
      const common = { ...db, now: clock.now, limits: LIMITS }
      a = await startTestFrame({ ...common, trustProxy: true })
      b = await startTestFrame({ ...common, trustProxy: true })
      direct = await startTestFrame({ ...common, trustProxy: false })
    })
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close(), direct?.close()])
      await closeDatabase()
    })

    const start = (t: TestFrame, email: string, ip: string) => t.post('/v1/email/start', { email }, { 'x-forwarded-for': ip })
    const verify = (t: TestFrame, email: string, otp: string, ip: string) =>
      t.post('/v1/email/verify', { email, otp }, { 'x-forwarded-for': ip })
    /** The code of the newest mail to `email` in `t`'s sink, read from the inbox JSON. */
    const codeFor = async (t: TestFrame, email: string) => {
      const mail = (await t.inbox()).find((m) => m.to.includes(email))
      expect(mail, `no mail to ${email}`).toBeDefined()
      return mail!.code!
    }
    const signIn = async () => {
      const { email, ip } = fresh()
      expect((await start(a, email, ip)).status).toBe(200)
      const res = await verify(a, email, await codeFor(a, email), ip)
      expect(res.status).toBe(200)
      return { email, ip, ...res.body }
    }

    it('behavior: the code travels over SMTP to the sink and is listed in the inbox JSON, newest first', async () => {
      const first = fresh()
      const second = fresh()
      const res = await start(a, first.email, first.ip)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ status: 'CODE_SENT', resendAfter: 30 })
      expect(new Date(res.body.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(9 * 60_000)
      expect((await start(a, second.email.toUpperCase(), second.ip)).status).toBe(200)
      const inbox = await a.inbox()
      expect(inbox[0].to).toEqual([second.email]) // normalised to lowercase
      expect(inbox[1].to).toEqual([first.email])
      for (const mail of inbox.slice(0, 2)) {
        expect(mail.code).toMatch(/^\d{6}$/)
        expect(mail.text).toContain(mail.code)
        expect(mail.subject).toContain('Portico login code')
        expect(mail.from).toBe('login@portico.localhost')
      }
      const page = await a.get('/inbox')
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
      expect(page.body).toContain(inbox[0].code)
    })

    it('behavior: the right code opens a session; the same email later gets the same user id', async () => {
      const { email, ip, userId, session } = await signIn()
      expect(userId).toMatch(/^[0-9a-f]{32}$/)
      expect(session.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(session.accessToken).not.toBe(session.refreshToken)
      const me = await a.get('/v1/session', { authorization: `Bearer ${session.accessToken}` })
      expect(me.status).toBe(200)
      expect(me.body).toMatchObject({ userId, email })
      // The code works once.
      clock.advance(31_000)
      expect((await start(a, email, ip)).status).toBe(200)
      const again = await verify(a, email, await codeFor(a, email), ip)
      expect(again.body.userId).toBe(userId)
      expect(again.body.session.accessToken).not.toBe(session.accessToken)
    })

    it('error: a used code is refused the second time', async () => {
      const { email, ip } = fresh()
      await start(a, email, ip)
      const code = await codeFor(a, email)
      expect((await verify(a, email, code, ip)).status).toBe(200)
      const reused = await verify(a, email, code, ip)
      expect(reused.status).toBe(400)
      expect(reused.body.code).toBe('CODE_NOT_FOUND')
    })

    it('error: five wrong codes end the code, and the right code is refused afterwards', async () => {
      const { email, ip } = fresh()
      await start(a, email, ip)
      const code = await codeFor(a, email)
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
      for (const left of [4, 3, 2, 1]) {
        const res = await verify(a, email, wrong, ip)
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({ code: 'CODE_INCORRECT', remainingAttempts: left })
      }
      const fifth = await verify(a, email, wrong, ip)
      expect(fifth.status).toBe(400)
      expect(fifth.body.code).toBe('CODE_ENDED')
      const right = await verify(b, email, code, ip)
      expect(right.status).toBe(400)
      expect(right.body.code).toBe('CODE_ENDED')
    })

    it('error: a code is refused once its 10 minutes are over', async () => {
      const early = fresh()
      await start(a, early.email, early.ip)
      clock.advance(10 * 60_000 - 1_000)
      expect((await verify(a, early.email, await codeFor(a, early.email), early.ip)).status).toBe(200)

      const late = fresh()
      await start(a, late.email, late.ip)
      clock.advance(10 * 60_000 + 1_000)
      const res = await verify(a, late.email, await codeFor(a, late.email), late.ip)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('CODE_EXPIRED')
      expect((await verify(a, late.email, await codeFor(a, late.email), late.ip)).body.code).toBe('CODE_EXPIRED')
    })

    it('error: a resend within 30 s gets 429 with retryAfter; after the cooldown a new code replaces the old one', async () => {
      const { email, ip } = fresh()
      await start(a, email, ip)
      const oldCode = await codeFor(a, email)
      clock.advance(10_000)
      const early = await start(a, email, ip)
      expect(early.status).toBe(429)
      expect(early.body).toMatchObject({ code: 'COOLDOWN', retryAfter: 20 })
      expect(early.headers.get('retry-after')).toBe('20')
      expect(early.body.message).toBe('Please try again after 20 seconds.')
      clock.advance(20_000)
      expect((await start(a, email, ip)).status).toBe(200)
      const newCode = await codeFor(a, email)
      if (newCode !== oldCode) expect((await verify(a, email, oldCode, ip)).body.code).toBe('CODE_INCORRECT')
      expect((await verify(a, email, newCode, ip)).status).toBe(200)
    })

    it('error: an email gets at most 3 codes per hour (test limit)', async () => {
      const { email, ip } = fresh()
      for (let i = 0; i < 3; i++) {
        expect((await start(a, email, `${ip}${i}`)).status).toBe(200)
        clock.advance(31_000)
      }
      const res = await start(a, email, `${ip}9`)
      expect(res.status).toBe(429)
      expect(res.body.code).toBe('EMAIL_RATE_LIMITED')
      expect(res.body.retryAfter).toBeGreaterThan(3000)
    })

    it('error: one IP can request 3 codes per hour (test limit), counted across replicas; other IPs are unaffected', async () => {
      const { ip } = fresh()
      expect((await start(a, fresh().email, ip)).status).toBe(200)
      expect((await start(b, fresh().email, ip)).status).toBe(200)
      expect((await start(a, fresh().email, ip)).status).toBe(200)
      const limited = await start(b, fresh().email, ip)
      expect(limited.status).toBe(429)
      expect(limited.body.code).toBe('IP_RATE_LIMITED')
      expect(limited.body.retryAfter).toBeGreaterThan(0)
      expect(limited.body.retryAfter).toBeLessThanOrEqual(3600)
      expect((await start(a, fresh().email, fresh().ip)).status).toBe(200)
    })

    it('behavior: without PORTICO_TRUST_PROXY the X-Forwarded-For header is ignored and the socket address counts', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) statuses.push((await start(direct, fresh().email, fresh().ip)).status)
      expect(statuses).toEqual([200, 200, 200, 429])
    })

    it('behavior: two replicas on one database share the cooldown and cannot both accept one code', async () => {
      const { email, ip } = fresh()
      expect((await start(a, email, ip)).status).toBe(200)
      const onB = await start(b, email, ip)
      expect(onB.status).toBe(429)
      expect(onB.body.code).toBe('COOLDOWN')
      const code = await codeFor(a, email)
      expect((await b.inbox()).some((m) => m.to.includes(email))).toBe(false)
      const results = await Promise.all([verify(a, email, code, ip), verify(b, email, code, ip), verify(a, email, code, ip), verify(b, email, code, ip)])
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
      for (const r of results.filter((r) => r.status === 400)) expect(r.body.code).toBe('CODE_NOT_FOUND')
    })

    it('behavior: two replicas racing to start a code for one email send exactly one', async () => {
      const { email, ip } = fresh()
      const results = await Promise.all([start(a, email, ip), start(b, email, ip), start(a, email, ip), start(b, email, ip)])
      expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429])
    })

    it('behavior: refresh rotates the tokens; the old refresh token no longer works', async () => {
      const { session, userId } = await signIn()
      const rotated = await b.post('/v1/session/refresh', { refreshToken: session.refreshToken })
      expect(rotated.status).toBe(200)
      expect(rotated.body.session.refreshToken).not.toBe(session.refreshToken)
      expect(rotated.body.session.accessToken).not.toBe(session.accessToken)
      const me = await a.get('/v1/session', { authorization: `Bearer ${rotated.body.session.accessToken}` })
      expect(me.body.userId).toBe(userId)
      const next = await a.post('/v1/session/refresh', { refreshToken: rotated.body.session.refreshToken })
      expect(next.status).toBe(200)
    })

    it('error: reusing a rotated refresh token revokes the whole session', async () => {
      const { session } = await signIn()
      const rotated = (await a.post('/v1/session/refresh', { refreshToken: session.refreshToken })).body.session
      const reuse = await b.post('/v1/session/refresh', { refreshToken: session.refreshToken })
      expect(reuse.status).toBe(401)
      expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED')
      const current = await a.post('/v1/session/refresh', { refreshToken: rotated.refreshToken })
      expect(current.status).toBe(401)
      expect(current.body.code).toBe('SESSION_REVOKED')
      const me = await a.get('/v1/session', { authorization: `Bearer ${rotated.accessToken}` })
      expect(me.status).toBe(401)
      expect(me.body.code).toBe('SESSION_REVOKED')
    })

    it('error: unknown and expired tokens get 401 INVALID_TOKEN', async () => {
      const { session } = await signIn()
      expect((await a.post('/v1/session/refresh', { refreshToken: 'x'.repeat(43) })).body.code).toBe('INVALID_TOKEN')
      expect((await a.get('/v1/session')).status).toBe(401)
      clock.advance(15 * 60_000 + 1_000)
      const stale = await a.get('/v1/session', { authorization: `Bearer ${session.accessToken}` })
      expect(stale.status).toBe(401)
      expect(stale.body.code).toBe('INVALID_TOKEN')
      // The refresh token outlives the access token.
      expect((await a.post('/v1/session/refresh', { refreshToken: session.refreshToken })).status).toBe(200)
    })

    it('behavior: sign-out revokes the session on every replica; repeating it is harmless', async () => {
      const { session } = await signIn()
      const auth = { authorization: `Bearer ${session.accessToken}` }
      const out = await a.post('/v1/session/signout', {}, auth)
      expect(out.status).toBe(200)
      expect(out.body).toEqual({ status: 'SIGNED_OUT' })
      const me = await b.get('/v1/session', auth)
      expect(me.status).toBe(401)
      expect(me.body.code).toBe('SESSION_REVOKED')
      const refresh = await b.post('/v1/session/refresh', { refreshToken: session.refreshToken })
      expect(refresh.status).toBe(401)
      expect(refresh.body.code).toBe('SESSION_REVOKED')
      const again = await b.post('/v1/session/signout', {}, auth)
      expect(again.status).toBe(200)
      expect(again.body).toEqual({ status: 'SIGNED_OUT' })
      // Another session of the same user is untouched.
      const other = await signIn()
      expect((await a.get('/v1/session', { authorization: `Bearer ${other.session.accessToken}` })).status).toBe(200)
    })

    it('error: sign-out with an unknown, missing or refresh token is 401 INVALID_TOKEN', async () => {
      const { session } = await signIn()
      for (const headers of [{ authorization: `Bearer ${'x'.repeat(43)}` }, {}, { authorization: 'Basic abc' }, { authorization: `Bearer ${session.refreshToken}` }]) {
        const res = await a.post('/v1/session/signout', {}, headers)
        expect(res.status).toBe(401)
        expect(res.body.code).toBe('INVALID_TOKEN')
      }
      // The session is still open: a refresh token cannot sign out.
      expect((await a.get('/v1/session', { authorization: `Bearer ${session.accessToken}` })).status).toBe(200)
    })

    const device = () => `dev-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`.slice(0, 24)
    const startOn = (t: TestFrame, email: string, ip: string, deviceId?: string) =>
      t.post('/v1/email/start', { email, ...(deviceId ? { deviceId } : {}) }, { 'x-forwarded-for': ip })
    const verifyOn = (t: TestFrame, email: string, otp: string, ip: string, deviceId?: string) =>
      t.post('/v1/email/verify', { email, otp, ...(deviceId ? { deviceId } : {}) }, { 'x-forwarded-for': ip })
    /** The token of the newest device link mailed to `email` in `t`'s sink. */
    const linkFor = async (t: TestFrame, email: string) => {
      const mail = (await t.inbox()).find((m) => m.to.includes(email))
      expect(mail?.subject).toContain('new device')
      const match = /(http:\/\/[^\s]+\/v1\/device\/verify\?token=([A-Za-z0-9_-]+))/.exec(mail!.text)
      expect(match, 'no link in the mail').not.toBeNull()
      return { url: match![1], token: match![2] }
    }
    /** The confirm button of a device link page: POSTs the token as the page's form does. */
    const approveLink = async (t: TestFrame, token: string) => {
      const res = await fetch(`${t.url}/v1/device/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      })
      return { status: res.status, body: await res.text(), headers: res.headers }
    }
    /** A user signed in once from `known` (which that first login approves). */
    const deviceUser = async () => {
      const { email, ip } = fresh()
      const known = device()
      expect((await startOn(a, email, `${ip}1`, known)).body.status).toBe('CODE_SENT')
      expect((await verifyOn(a, email, await codeFor(a, email), ip, known)).status).toBe(200)
      clock.advance(31_000)
      return { email, ip, known }
    }

    it('behavior: a first login approves its device; the next start from that device gets a code', async () => {
      const { email, ip, known } = await deviceUser()
      const res = await startOn(b, email, `${ip}2`, known)
      expect(res.status).toBe(200)
      expect(res.body.status).toBe('CODE_SENT')
      expect((await verifyOn(b, email, await codeFor(b, email), ip, known)).status).toBe(200)
    })

    it('behavior: right after a login on one device, another device gets its link and, once approved, its code at once', async () => {
      const { email, ip } = fresh()
      const known = device()
      expect((await startOn(a, email, `${ip}1`, known)).body.status).toBe('CODE_SENT')
      expect((await verifyOn(a, email, await codeFor(a, email), ip, known)).status).toBe(200)
      clock.advance(2_000)
      const other = device()
      expect((await startOn(b, email, `${ip}2`, other)).body.status).toBe('VERIFY_DEVICE')
      const { token } = await linkFor(b, email)
      expect((await approveLink(a, token)).status).toBe(200)
      clock.advance(2_000)
      const code = await startOn(b, email, `${ip}3`, other)
      expect(code.body.status).toBe('CODE_SENT')
      // that exemption is used once: asking again within 30 s meets the cooldown
      expect((await startOn(a, email, `${ip}4`, other)).body.code).toBe('COOLDOWN')
      expect((await verifyOn(a, email, await codeFor(b, email), ip, other)).status).toBe(200)
    })

    it('behavior: a new device gets VERIFY_DEVICE and a link mail; the link approves it; then the code comes', async () => {
      const { email, ip } = await deviceUser()
      const other = device()
      const res = await startOn(a, email, `${ip}2`, other)
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ status: 'VERIFY_DEVICE', resendAfter: 30 })
      const mails = (await a.inbox()).filter((m) => m.to.includes(email))
      expect(mails).toHaveLength(2) // the first login's code, then the link: no code for the new device
      expect(mails[0].code).toBeNull()
      const { url, token } = await linkFor(a, email)
      expect(url.startsWith(a.url)).toBe(true)
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      // Asking again for the same link within 30 s meets the cooldown.
      expect((await startOn(a, email, `${ip}3`, other)).body.code).toBe('COOLDOWN')
      // Opening the link (GET, what a mail scanner also does) shows a confirm page and approves nothing.
      const page = await b.get(`/v1/device/verify?token=${token}`) // any replica
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)
      expect(page.body).toContain('Approve this device')
      expect(page.body).toContain('<form method="post" action="/v1/device/verify">')
      expect(page.body).toContain(`name="token" value="${token}"`)
      expect(page.headers.get('content-security-policy')).toContain("form-action 'self'")
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect((await a.get(`/v1/device/verify?token=${token}`)).status).toBe(200) // still unused
      expect((await a.post('/v1/device/status', { email, deviceId: other })).body).toEqual({ approved: false })
      // The button (POST) approves.
      const approved = await approveLink(a, token)
      expect(approved.status).toBe(200)
      expect(approved.headers.get('content-type')).toMatch(/text\/html/)
      expect(approved.body).toContain('Device approved, go back to the app')
      expect(approved.body).not.toContain('<form')
      expect((await b.post('/v1/device/status', { email, deviceId: other })).body).toEqual({ approved: true })
      // the code that follows the approval comes at once: the cooldown is per kind of mail, not per step of a flow
      const again = await startOn(b, email, `${ip}4`, other)
      expect(again.body.status).toBe('CODE_SENT')
      const signedIn = await verifyOn(b, email, await codeFor(b, email), ip, other)
      expect(signedIn.status).toBe(200)
    })

    it('error: a device link works once, expires after 10 minutes, and bad tokens get an HTML page, never 5xx', async () => {
      const { email, ip } = await deviceUser()
      const first = device()
      expect((await startOn(a, email, `${ip}2`, first)).body.status).toBe('VERIFY_DEVICE')
      const { token } = await linkFor(a, email)
      expect((await approveLink(a, token)).status).toBe(200)
      const reused = await approveLink(b, token)
      expect(reused.status).toBe(400)
      expect(reused.headers.get('content-type')).toMatch(/text\/html/)
      expect(reused.body).toContain('This link was already used')
      const reopened = await b.get(`/v1/device/verify?token=${token}`)
      expect(reopened.status).toBe(400)
      expect(reopened.body).toContain('This link was already used')
      expect(reopened.body).not.toContain('<form')

      clock.advance(31_000)
      const second = device()
      expect((await startOn(a, email, `${ip}3`, second)).body.status).toBe('VERIFY_DEVICE')
      const late = await linkFor(a, email)
      clock.advance(10 * 60_000 + 1_000)
      const expired = await a.get(`/v1/device/verify?token=${late.token}`)
      expect(expired.status).toBe(400)
      expect(expired.body).toContain('This link has expired')
      expect((await approveLink(a, late.token)).body).toContain('This link has expired')
      // Still not approved: the user has two devices (the first login's and `first`), not `second`.
      const devices = await a.server.db.query(
        'select d.device_hash from frame_devices d join frame_users u on u.id = d.user_id where u.email = $1',
        [email],
      )
      expect(devices).toHaveLength(2)

      for (const query of ['', '?token=', `?token=${'x'.repeat(43)}`, '?token=%00%ff', `?token=${'a'.repeat(5000)}`, '?token=a&token=b']) {
        const res = await a.get(`/v1/device/verify${query}`)
        expect(res.status, query).toBe(400)
        expect(res.body).toContain('This link is not valid')
      }
      for (const body of ['', 'token=', `token=${'x'.repeat(43)}`, 'token=%00%ff', `token=${'a'.repeat(5000)}`, 'nothing=1']) {
        const res = await fetch(`${a.url}/v1/device/verify`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body })
        expect(res.status, body).toBe(400)
        expect(await res.text()).toContain('This link is not valid')
      }
      const json = await a.post('/v1/device/verify', { token: 'x'.repeat(43) })
      expect(json.status).toBe(415)
    })

    it('error: a user with approved devices must send a deviceId; a code started by one device approves no other', async () => {
      const { email, ip, known } = await deviceUser()
      const bare = await startOn(a, email, `${ip}2`)
      expect(bare.status).toBe(400)
      expect(bare.body.code).toBe('DEVICE_ID_REQUIRED')
      expect((await startOn(a, email, `${ip}3`, known)).body.status).toBe('CODE_SENT')
      const intruder = device()
      expect((await verifyOn(a, email, await codeFor(a, email), ip, intruder)).status).toBe(200)
      clock.advance(31_000)
      expect((await startOn(a, email, `${ip}4`, intruder)).body.status).toBe('VERIFY_DEVICE')
    })

    it('behavior: device link tokens and device ids are stored only as HMACs', async () => {
      const { email, ip, known } = await deviceUser()
      expect((await startOn(a, email, `${ip}2`, device())).body.status).toBe('VERIFY_DEVICE')
      const { token } = await linkFor(a, email)
      const db = a.server.db
      const dump = JSON.stringify(await db.query('select * from frame_device_links')) + JSON.stringify(await db.query('select * from frame_devices'))
      expect(dump).not.toContain(token)
      expect(dump).not.toContain(known)
      for (const row of await db.query<{ token_hash: string; device_hash: string }>('select token_hash, device_hash from frame_device_links'))
        expect([row.token_hash, row.device_hash]).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)])
    })

    it('behavior: cleanup deletes only what no rule reads any more; replicas can run it at once', async () => {
      const db = a.server.db
      const { email, ip, session } = await signIn()
      const gone = await signIn()
      expect((await a.post('/v1/session/signout', {}, { authorization: `Bearer ${gone.session.accessToken}` })).status).toBe(200)
      const rows = async () => ({
        codes: (await db.query('select 1 from frame_email_codes where email = $1', [email])).length,
        sends: (await db.query('select 1 from frame_email_sends where email = $1', [email])).length,
        counters: (await db.query('select 1 from frame_ip_counters where ip = $1', [ip])).length,
        tokens: (await db.query(
          'select 1 from frame_tokens t join frame_sessions s on s.id = t.session_id join frame_users u on u.id = s.user_id where u.email = $1',
          [email],
        )).length,
        goneSessions: (await db.query('select 1 from frame_sessions s join frame_users u on u.id = s.user_id where u.email = $1', [gone.email])).length,
      })
      const before = await rows()
      expect(before).toEqual({ codes: 1, sends: 1, counters: 2, tokens: 2, goneSessions: 1 })
      const t0 = clock.now().getTime()
      expect((await a.server.cleanup()).skipped).toBe(false)
      expect(await rows()).toEqual(before)

      // Two hours on: codes, send log and counters go; sessions stay.
      const later = await Promise.all([a.server.cleanup(new Date(t0 + 2 * 3_600_000)), b.server.cleanup(new Date(t0 + 2 * 3_600_000))])
      expect(later.filter((r) => !r.skipped).length).toBeGreaterThanOrEqual(1)
      expect(await rows()).toEqual({ codes: 0, sends: 0, counters: 0, tokens: 2, goneSessions: 1 })
      expect((await a.get('/v1/session', { authorization: `Bearer ${session.accessToken}` })).status).toBe(200)

      // Past the retention (7 days): the signed-out session and the expired access token go; the refresh token stays.
      await a.server.cleanup(new Date(t0 + 8 * 24 * 3_600_000))
      expect(await rows()).toMatchObject({ tokens: 1, goneSessions: 0 })
      // Past the refresh token's 30 days plus retention: the session goes too.
      const last = await a.server.cleanup(new Date(t0 + 38 * 24 * 3_600_000))
      expect(last.sessions).toBeGreaterThanOrEqual(1)
      expect(await rows()).toMatchObject({ tokens: 0 })
      expect((await a.post('/v1/session/refresh', { refreshToken: session.refreshToken })).body.code).toBe('INVALID_TOKEN')
    })

    it('behavior: the cleanup timer runs cleanup periodically and stops with close', async () => {
      const lines: string[] = []
      const logger = { info: (m: string) => lines.push(m), warn: () => {}, error: (m: string) => lines.push(m) }
      const t = await startTestFrame({ database: a.server.db, now: clock.now, logger })
      expect(() => t.server.startCleanupTimer(0)).toThrow('cleanup interval must be positive')
      const oldCounter = (ip: string) =>
        t.server.db.query("insert into frame_ip_counters (ip, action, window_start, count) values ($1, 'start', $2, 1)", [ip, new Date(Date.UTC(2000, 0, 1))])
      const counterLeft = async (ip: string) => (await t.server.db.query('select 1 from frame_ip_counters where ip = $1', [ip])).length
      await oldCounter('timer-before')
      t.server.startCleanupTimer(20)
      await expect.poll(() => counterLeft('timer-before'), { timeout: 5_000 }).toBe(0)
      expect(lines.some((l) => l.startsWith('cleanup: deleted'))).toBe(true)
      await t.close()
      await new Promise((r) => setTimeout(r, 50)) // a run already under way may still finish
      await oldCounter('timer-after')
      await new Promise((r) => setTimeout(r, 150))
      expect(await counterLeft('timer-after')).toBe(1) // the timer stopped with close
      expect(lines.some((l) => l.startsWith('cleanup failed'))).toBe(false)
      await t.server.db.query("delete from frame_ip_counters where ip = 'timer-after'")
    })

    it('behavior: the database holds no plain code or token, only HMACs', async () => {
      const { email, ip } = fresh()
      await start(a, email, ip)
      const code = await codeFor(a, email)
      const { session } = (await verify(a, email, code, ip)).body
      const rotated = (await a.post('/v1/session/refresh', { refreshToken: session.refreshToken })).body.session
      const db = a.server.db
      const tables = (
        await db.query<{ table_name: string }>(
          "select table_name from information_schema.tables where table_schema = 'public' and table_name like 'frame\\_%' order by 1",
        )
      ).map((r) => r.table_name)
      expect(tables).toEqual([
        'frame_device_links',
        'frame_devices',
        'frame_email_codes',
        'frame_email_sends',
        'frame_email_updates',
        'frame_farcaster_channels',
        'frame_ip_counters',
        'frame_sessions',
        'frame_social_accounts',
        'frame_social_flows',
        'frame_tokens',
        'frame_user_counters',
        'frame_users',
        'frame_wallets',
      ])
      let dump = ''
      for (const table of tables) dump += JSON.stringify(await db.query(`select * from ${table}`))
      for (const secret of [session.accessToken, session.refreshToken, rotated.accessToken, rotated.refreshToken]) expect(dump).not.toContain(secret)
      // The code as a value of its own (a hex hash may hold the same six digits by chance, which is no leak).
      expect(dump).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`))
      const [row] = await db.query<{ code_hash: string }>('select code_hash from frame_email_codes where email = $1', [email])
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
      const hashes = await db.query<{ hash: string }>('select hash from frame_tokens')
      for (const { hash } of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/)
    })

    it('error: bad bodies get 400 with a stable code and a one-sentence message, never 5xx', async () => {
      const cases: Array<[string, unknown, string, Record<string, string>?]> = [
        ['/v1/email/start', { email: 'not-an-email' }, 'INVALID_EMAIL'],
        ['/v1/email/start', { email: '' }, 'INVALID_EMAIL'],
        ['/v1/email/start', { email: 42 }, 'INVALID_EMAIL'],
        ['/v1/email/start', {}, 'INVALID_EMAIL'],
        ['/v1/email/start', { email: `${'a'.repeat(250)}@example.test` }, 'INVALID_EMAIL'],
        ['/v1/email/start', { email: 'a@example.test', extra: 1 }, 'VALIDATION_ERROR'],
        ['/v1/email/start', [], 'VALIDATION_ERROR'],
        ['/v1/email/start', { email: 'a@example.test', deviceId: 'short' }, 'VALIDATION_ERROR'],
        ['/v1/email/start', { email: 'a@example.test', deviceId: 'has spaces in it, 16+ chars' }, 'VALIDATION_ERROR'],
        ['/v1/email/start', { email: 'a@example.test', deviceId: 'x'.repeat(129) }, 'VALIDATION_ERROR'],
        ['/v1/email/verify', { email: 'a@example.test', otp: '123456', deviceId: 7 }, 'VALIDATION_ERROR'],
        ['/v1/email/start', 'null', 'VALIDATION_ERROR'],
        ['/v1/email/start', '{"email":', 'VALIDATION_ERROR'],
        ['/v1/email/start', { email: 'a@example.test' }, 'VALIDATION_ERROR', { 'content-type': 'text/plain' }],
        ['/v1/email/verify', { email: 'a@example.test', otp: '12345' }, 'INVALID_OTP'],
        ['/v1/email/verify', { email: 'a@example.test', otp: 123456 }, 'INVALID_OTP'],
        ['/v1/email/verify', { email: 'a@example.test', otp: '12345a' }, 'INVALID_OTP'],
        ['/v1/email/verify', { email: 'nope', otp: '123456' }, 'INVALID_EMAIL'],
        ['/v1/email/verify', { otp: '123456' }, 'INVALID_EMAIL'],
        ['/v1/session/refresh', {}, 'VALIDATION_ERROR'],
        ['/v1/session/refresh', { refreshToken: 7 }, 'VALIDATION_ERROR'],
        ['/v1/session/refresh', { refreshToken: 'x'.repeat(500) }, 'VALIDATION_ERROR'],
        ['/v1/session/refresh', { refreshToken: 'a\u0000b' }, 'INVALID_TOKEN'],
      ]
      for (const [path, body, code, headers] of cases) {
        const res = await a.post(path, body, headers)
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500)
        expect(res.body.code, `${path} ${JSON.stringify(body)}`).toBe(code)
        expect(FRAME_ERROR_CODES).toContain(res.body.code)
        expect(res.body.message).toMatch(/^[^\n]+\.$/)
      }
      const invalidEmail = await a.post('/v1/email/start', { email: 'x' })
      expect(invalidEmail.status).toBe(400)
      expect(invalidEmail.body.message).toBe('Invalid email.')
      const huge = await a.post('/v1/email/start', { email: 'a@example.test', pad: 'x'.repeat(100_000) })
      expect(huge.status).toBe(413)
      expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE')
      expect((await a.get('/v1/nothing')).body.code).toBe('NOT_FOUND')
    })

    it('behavior: the OpenAPI document lists every route; health reports the database', async () => {
      const doc = await a.get('/openapi.json')
      expect(doc.status).toBe(200)
      expect(doc.body.openapi).toBe('3.1.0')
      expect(Object.keys(doc.body.paths).sort()).toEqual([
        '/health',
        '/sdk',
        '/sdk/assets/{file}',
        '/v1/device/status',
        '/v1/device/verify',
        '/v1/email/start',
        '/v1/email/update/start',
        '/v1/email/update/verify-primary',
        '/v1/email/update/verify-secondary',
        '/v1/email/verify',
        '/v1/farcaster/channel',
        '/v1/farcaster/channel/authenticate',
        '/v1/farcaster/channel/status',
        '/v1/farcaster/finish',
        '/v1/origin-check',
        '/v1/session',
        '/v1/session/refresh',
        '/v1/session/signout',
        '/v1/social/callback/{provider}',
        '/v1/social/finish',
        '/v1/social/providers',
        '/v1/social/start',
        '/v1/wallet',
        '/v1/wallet/recover',
      ])
      expect(Object.keys(doc.body.paths['/v1/device/verify'])).toEqual(expect.arrayContaining(['get', 'post']))
      expect(Object.keys(doc.body.paths['/v1/wallet'])).toEqual(expect.arrayContaining(['get', 'post']))
      for (const schema of ['CreateWalletBody', 'WalletResponse', 'RecoverWalletResponse', 'DeviceStatusBody', 'EmailUpdateStartBody', 'OriginCheckResponse'])
        expect(doc.body.components.schemas).toHaveProperty(schema)
      expect(Object.keys(doc.body.paths['/v1/email/start'].post.responses)).toEqual(expect.arrayContaining(['200', '400', '429']))
      expect(doc.body.components.schemas).toHaveProperty('FrameError')
      const health = await a.get('/health')
      expect(health.body).toEqual({ status: 'ok', database: backend.name, mail: 'sink' })
    })

    it('behavior: frame migrations are recorded once under frame- ids', async () => {
      expect(await runMigrations(a.server.db, frameMigrations)).toEqual([])
      const rows = await a.server.db.query<{ id: string }>("select id from portico_migrations where id like 'frame-%' order by id")
      expect(rows.map((r) => r.id)).toEqual(frameMigrations.map((m) => m.id))
    })
  })
})
