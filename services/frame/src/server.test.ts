import { type Database, openPglite, runMigrations } from '@portico/service-api/db'
import { testBackends } from '@portico/service-api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { frameMigrations } from './db/migrations.js'
import { FRAME_ERROR_CODES } from './errors.js'
import { TestClock, type TestFrame, startTestFrame } from './testing/harness.js'

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
    let sharedPglite: Database | null = null
    let cleanup: () => Promise<void> = async () => {}

    beforeAll(async () => {
      const opened = await backend.open()
      cleanup = opened.cleanup
      // Replicas: one PGlite instance shared in-process, or separate PostgreSQL pools on one database.
      let db: { database?: Database; databaseUrl?: string }
      if (backend.name === 'pglite') {
        sharedPglite = await openPglite()
        db = { database: sharedPglite }
      } else {
        db = { databaseUrl: opened.options.databaseUrl }
      }
      const common = { ...db, now: clock.now, limits: LIMITS }
      a = await startTestFrame({ ...common, trustProxy: true })
      b = await startTestFrame({ ...common, trustProxy: true })
      direct = await startTestFrame({ ...common, trustProxy: false })
    })
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close(), direct?.close()])
      await sharedPglite?.close()
      await cleanup()
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
      expect(tables).toEqual(['frame_email_codes', 'frame_email_sends', 'frame_ip_counters', 'frame_sessions', 'frame_tokens', 'frame_users'])
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
      expect(Object.keys(doc.body.paths).sort()).toEqual(['/health', '/v1/email/start', '/v1/email/verify', '/v1/session', '/v1/session/refresh'])
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
