import { randomBytes } from 'node:crypto'
import { testBackends } from '@portico/service-api/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FrameServerOptions } from './config.js'
import { FRAME_ERROR_CODES } from './errors.js'
import { TestClock, type TestFrame, openSharedDatabase, startTestFrame } from './testing/harness.js'

const LIMITS = { sendsPerIpPerHour: 50, sendsPerEmailPerHour: 5, verifiesPerIpPerHour: 200, recoversPerUserPerHour: 3, deviceStatusPerIpPerHour: 5 }
const SHARE_KEY = randomBytes(32).toString('base64')
let counter = 0
const fresh = () => {
  counter += 1
  return { email: `w${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`, ip: `10.9.${Math.floor(counter / 250)}.${counter % 250}` }
}
const device = () => `dev-${randomBytes(12).toString('base64url')}`
const share = () => randomBytes(17).toString('base64')
const accounts = () => [
  { namespace: 'eip155', address: `0x${randomBytes(20).toString('hex')}`, publicKey: `0x02${randomBytes(32).toString('hex')}`, path: "m/44'/60'/0'/0/0" },
  { namespace: 'solana', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', publicKey: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', path: "m/44'/501'/0'/0'" },
]

describe.each(testBackends())('frame wallet and email update [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    const clock = new TestClock()
    let a: TestFrame
    let b: TestFrame
    let common: FrameServerOptions
    let closeDatabase: () => Promise<void> = async () => {}

    beforeAll(async () => {
      const { db, close } = await openSharedDatabase(backend)
      closeDatabase = close
      common = { ...db, now: clock.now, limits: LIMITS, trustProxy: true, shareKey: SHARE_KEY }
      a = await startTestFrame(common)
      b = await startTestFrame(common)
    })
    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()])
      await closeDatabase()
    })

    const codeFor = async (t: TestFrame, email: string) => {
      const mail = (await t.inbox()).find((m) => m.to.includes(email))
      expect(mail, `no mail to ${email}`).toBeDefined()
      return mail!.code!
    }
    /** Signs in a fresh user from `deviceId` (the first login approves it); `verifyDevice` overrides the device sent with the code. */
    const signIn = async (options: { deviceId?: string | null; verifyDevice?: string | null; email?: string } = {}) => {
      const { email: freshEmail, ip } = fresh()
      const email = options.email ?? freshEmail
      const deviceId = options.deviceId === null ? undefined : (options.deviceId ?? device())
      const verifyDevice = options.verifyDevice === null ? undefined : (options.verifyDevice ?? deviceId)
      const started = await a.post('/v1/email/start', { email, ...(deviceId ? { deviceId } : {}) }, { 'x-forwarded-for': ip })
      expect(started.body.status).toBe('CODE_SENT')
      const res = await a.post(
        '/v1/email/verify',
        { email, otp: await codeFor(a, email), ...(verifyDevice ? { deviceId: verifyDevice } : {}) },
        { 'x-forwarded-for': ip },
      )
      expect(res.status).toBe(200)
      const auth = { authorization: `Bearer ${res.body.session.accessToken}`, 'x-forwarded-for': ip }
      return { email, ip, deviceId, auth, userId: res.body.userId as string, refreshToken: res.body.session.refreshToken as string }
    }
    const createWallet = async (t: TestFrame, auth: Record<string, string>) => {
      const body = { accounts: accounts(), authShare: share(), recoveryShare: share() }
      return { body, res: await t.post('/v1/wallet', body, auth) }
    }

    describe('wallet', () => {
      it('behavior: create stores the wallet; GET answers the accounts and the auth share (never the recovery share)', async () => {
        const { auth } = await signIn()
        const none = await a.get('/v1/wallet', auth)
        expect(none.status).toBe(404)
        expect(none.body.code).toBe('NO_WALLET')
        const { body, res } = await createWallet(a, auth)
        expect(res.status).toBe(201)
        expect(res.body).toEqual({ accounts: body.accounts })
        const got = await b.get('/v1/wallet', auth) // any replica
        expect(got.status).toBe(200)
        expect(got.body).toEqual({ accounts: body.accounts, authShare: body.authShare })
        expect(JSON.stringify(got.body)).not.toContain(body.recoveryShare)
        const me = await a.get('/v1/session', auth)
        expect(me.body.deviceApproved).toBe(true)
      })

      it('error: a second create is 409 WALLET_EXISTS and changes nothing; racing creates on two replicas store one', async () => {
        const { auth } = await signIn()
        const first = await createWallet(a, auth)
        expect(first.res.status).toBe(201)
        const second = await createWallet(b, auth)
        expect(second.res.status).toBe(409)
        expect(second.res.body.code).toBe('WALLET_EXISTS')
        expect((await a.get('/v1/wallet', auth)).body.authShare).toBe(first.body.authShare)

        const racer = await signIn()
        const results = await Promise.all([a, b, a, b].map((t) => createWallet(t, racer.auth)))
        expect(results.map((r) => r.res.status).sort()).toEqual([201, 409, 409, 409])
        const winner = results.find((r) => r.res.status === 201)!
        expect((await b.get('/v1/wallet', racer.auth)).body.authShare).toBe(winner.body.authShare)
      })

      it('behavior: recover releases both shares to an approved device, limited per user per hour across replicas', async () => {
        const { auth, refreshToken } = await signIn()
        expect((await a.post('/v1/wallet/recover', {}, auth)).body.code).toBe('NO_WALLET')
        const { body } = await createWallet(a, auth)
        const recovered = await b.post('/v1/wallet/recover', {}, auth)
        expect(recovered.status).toBe(200)
        expect(recovered.body).toEqual(body)
        expect((await a.post('/v1/wallet/recover', {}, auth)).status).toBe(200) // third of 3 (NO_WALLET counted too)
        const limited = await b.post('/v1/wallet/recover', {}, auth)
        expect(limited.status).toBe(429)
        expect(limited.body.code).toBe('RECOVER_RATE_LIMITED')
        expect(limited.body.retryAfter).toBeGreaterThan(0)
        expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfter))
        // The auth share is not limited.
        expect((await a.get('/v1/wallet', auth)).status).toBe(200)
        clock.advance(60 * 60_000)
        // An hour on (the access token has expired: refresh it; the session keeps its device).
        const { session } = (await a.post('/v1/session/refresh', { refreshToken })).body
        expect((await a.post('/v1/wallet/recover', {}, { authorization: `Bearer ${session.accessToken}` })).status).toBe(200)
      })

      it('error: recover needs a session from an approved device (no deviceId, or a code started by another device)', async () => {
        const owner = await signIn()
        await createWallet(a, owner.auth)
        clock.advance(31_000)
        // The code is started by the approved device, but checked with another device id: that device is not approved.
        const intruder = device()
        const ip = fresh().ip
        await a.post('/v1/email/start', { email: owner.email, deviceId: owner.deviceId }, { 'x-forwarded-for': ip })
        const res = await a.post('/v1/email/verify', { email: owner.email, otp: await codeFor(a, owner.email), deviceId: intruder }, { 'x-forwarded-for': ip })
        const auth = { authorization: `Bearer ${res.body.session.accessToken}` }
        expect((await a.get('/v1/session', auth)).body.deviceApproved).toBe(false)
        expect((await a.get('/v1/wallet', auth)).status).toBe(200) // the auth share goes to any valid session
        const refused = await a.post('/v1/wallet/recover', {}, auth)
        expect(refused.status).toBe(403)
        expect(refused.body.code).toBe('DEVICE_NOT_APPROVED')

        const bare = await signIn({ deviceId: null })
        await createWallet(a, bare.auth)
        expect((await a.post('/v1/wallet/recover', {}, bare.auth)).body.code).toBe('DEVICE_NOT_APPROVED')
      })

      it('behavior: a dump of every frame_ table holds no share, in any encoding', async () => {
        const { auth, userId } = await signIn()
        const { body } = await createWallet(a, auth)
        const db = a.server.db
        const tables = (
          await db.query<{ table_name: string }>(
            "select table_name from information_schema.tables where table_schema = 'public' and table_name like 'frame\\_%' order by 1",
          )
        ).map((r) => r.table_name)
        expect(tables).toContain('frame_wallets')
        let dump = ''
        for (const table of tables) dump += JSON.stringify(await db.query(`select * from ${table}`))
        for (const plain of [body.authShare, body.recoveryShare]) {
          const bytes = Buffer.from(plain, 'base64')
          for (const form of [plain, bytes.toString('hex'), bytes.toString('base64url'), plain.replace(/=+$/, '')]) expect(dump).not.toContain(form)
        }
        const [row] = await db.query<{ auth_share: string; recovery_share: string; accounts: string }>(
          'select auth_share, recovery_share, accounts from frame_wallets where user_id = $1',
          [userId],
        )
        expect(row.auth_share).toMatch(/^v1\./)
        expect(row.recovery_share).toMatch(/^v1\./)
        expect(JSON.parse(row.accounts)).toEqual(body.accounts) // public data, stored as is
      })

      it('error: a server with another share key cannot read the shares; a share moved to another user does not decrypt', async () => {
        const { auth, userId } = await signIn()
        await createWallet(a, auth)
        const other = await startTestFrame({ ...common, shareKey: randomBytes(32).toString('hex') })
        try {
          const res = await other.get('/v1/wallet', auth)
          expect(res.status).toBe(500)
          expect(res.body.code).toBe('SHARE_UNREADABLE')
          expect(res.body.message).toContain('another PORTICO_FRAME_SHARE_KEY')
          expect((await other.post('/v1/wallet/recover', {}, auth)).body.code).toBe('SHARE_UNREADABLE')
        } finally {
          await other.close()
        }
        // Copy this user's ciphertexts onto another user's wallet: the user id is associated data, so they fail.
        const victim = await signIn()
        await createWallet(a, victim.auth)
        await a.server.db.query(
          `update frame_wallets set auth_share = (select auth_share from frame_wallets where user_id = $1),
             recovery_share = (select recovery_share from frame_wallets where user_id = $1) where user_id = $2`,
          [userId, victim.userId],
        )
        expect((await a.get('/v1/wallet', victim.auth)).body.code).toBe('SHARE_UNREADABLE')
      })

      it('error: bad bodies and missing tokens get 4xx with a stable code, never 5xx', async () => {
        const { auth } = await signIn()
        const good = { accounts: accounts(), authShare: share(), recoveryShare: share() }
        const cases: unknown[] = [
          {},
          [],
          { ...good, accounts: [] },
          { ...good, accounts: [good.accounts[0], good.accounts[0]] },
          { ...good, accounts: [{ ...good.accounts[0], address: '0x12' }] },
          { ...good, accounts: [{ ...good.accounts[0], namespace: 'bip122' }] },
          { ...good, accounts: [{ ...good.accounts[0], path: '../../etc' }] },
          { ...good, accounts: [{ ...good.accounts[1], address: '0OIl' + 'a'.repeat(40) }] },
          { ...good, accounts: [{ ...good.accounts[0], extra: 1 }] },
          { ...good, authShare: 'not base64!' },
          { ...good, authShare: 'A'.repeat(2000) },
          { ...good, authShare: 7 },
          { ...good, recoveryShare: good.authShare },
          { ...good, extra: true },
          'null',
          '{"accounts":',
        ]
        for (const body of cases) {
          const res = await a.post('/v1/wallet', body, auth)
          expect(res.status, JSON.stringify(body)).toBe(400)
          expect(FRAME_ERROR_CODES).toContain(res.body.code)
          expect(res.body.message).toMatch(/^[^\n]+\.$/)
        }
        expect((await a.get('/v1/wallet', auth)).status).toBe(404) // nothing was stored
        for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
          expect((await a.get('/v1/wallet', headers)).status).toBe(401)
          expect((await a.post('/v1/wallet', good, headers)).status).toBe(401)
          expect((await a.post('/v1/wallet/recover', {}, headers)).status).toBe(401)
        }
        expect((await a.post('/v1/wallet', { ...good, pad: 'x'.repeat(20_000) }, auth)).status).toBe(413)
      })
    })

    describe('device status', () => {
      it('behavior: approved only for an approved device of that email; unknown emails look the same; limited per IP', async () => {
        const { email, deviceId } = await signIn()
        const ip = fresh().ip
        const status = (body: unknown) => a.post('/v1/device/status', body, { 'x-forwarded-for': ip })
        expect((await status({ email, deviceId })).body).toEqual({ approved: true })
        expect((await status({ email: email.toUpperCase(), deviceId })).body).toEqual({ approved: true })
        expect((await status({ email, deviceId: device() })).body).toEqual({ approved: false })
        expect((await status({ email: fresh().email, deviceId })).body).toEqual({ approved: false })
        const before = (await a.inbox()).length
        expect((await status({ email, deviceId })).status).toBe(200)
        const limited = await status({ email, deviceId })
        expect(limited.status).toBe(429)
        expect(limited.body.code).toBe('IP_RATE_LIMITED')
        expect((await a.inbox()).length).toBe(before) // no mail is ever sent
        for (const body of [{ email }, { email, deviceId: 'short' }, { email: 'nope', deviceId }, { email, deviceId, x: 1 }]) {
          const res = await a.post('/v1/device/status', body, { 'x-forwarded-for': fresh().ip })
          expect(res.status).toBe(400)
          expect(['INVALID_EMAIL', 'VALIDATION_ERROR']).toContain(res.body.code)
        }
      })
    })

    describe('email update', () => {
      const update = (t: TestFrame, step: string, body: unknown, auth: Record<string, string>) => t.post(`/v1/email/update/${step}`, body, auth)

      it('behavior: a code to the current address, then one to the new address, then the email changes (same user)', async () => {
        const user = await signIn()
        const newEmail = fresh().email
        const started = await update(a, 'start', { newEmail: newEmail.toUpperCase() }, user.auth)
        expect(started.status).toBe(200)
        expect(started.body).toMatchObject({ action: 'VERIFY_PRIMARY_OTP', resendAfter: 30 })
        const firstMail = (await a.inbox()).find((m) => m.to.includes(user.email))!
        expect(firstMail.subject).toContain('email change code')
        expect(firstMail.text).toContain(newEmail)
        const primary = firstMail.code!
        expect((await update(b, 'verify-secondary', { otp: primary }, user.auth)).body.code).toBe('UPDATE_NOT_FOUND')
        const wrong = String((Number(primary) + 1) % 1_000_000).padStart(6, '0')
        expect((await update(b, 'verify-primary', { otp: wrong }, user.auth)).body).toMatchObject({ code: 'CODE_INCORRECT', remainingAttempts: 4 })
        const second = await update(b, 'verify-primary', { otp: primary }, user.auth)
        expect(second.status).toBe(200)
        expect(second.body).toMatchObject({ action: 'VERIFY_SECONDARY_OTP' })
        const secondMail = (await b.inbox()).find((m) => m.to.includes(newEmail))!
        expect(secondMail.subject).toContain('email confirmation code')
        expect((await update(a, 'verify-primary', { otp: primary }, user.auth)).body.code).toBe('UPDATE_NOT_FOUND')
        const done = await update(a, 'verify-secondary', { otp: secondMail.code }, user.auth)
        expect(done.status).toBe(200)
        expect(done.body).toEqual({ email: newEmail })
        expect((await a.get('/v1/session', user.auth)).body.email).toBe(newEmail)
        expect((await update(a, 'verify-secondary', { otp: secondMail.code }, user.auth)).body.code).toBe('UPDATE_NOT_FOUND')
        // The new address logs in to the same user (and its approved device).
        clock.advance(31_000)
        const again = await signIn({ email: newEmail, deviceId: user.deviceId })
        expect(again.userId).toBe(user.userId)
        // Codes are stored only as HMACs.
        const dump = JSON.stringify(await a.server.db.query('select * from frame_email_updates where user_id = $1', [user.userId]))
        for (const code of [primary, secondMail.code!]) expect(dump).not.toMatch(new RegExp(`(?<![0-9a-f])${code}(?![0-9a-f])`))
      })

      it('error: taken, unchanged, cooldown, ended and expired codes, and bad bodies', async () => {
        const user = await signIn()
        const other = await signIn()
        const taken = await update(a, 'start', { newEmail: other.email }, user.auth)
        expect(taken.status).toBe(409)
        expect(taken.body.code).toBe('EMAIL_TAKEN')
        expect((await update(a, 'start', { newEmail: user.email.toUpperCase() }, user.auth)).body.code).toBe('EMAIL_UNCHANGED')
        // The login code went to this address a moment ago: a change code may follow at once (the cooldown is per
        // kind of mail), but a second change code within 30 s meets the cooldown.
        expect((await update(a, 'start', { newEmail: fresh().email }, user.auth)).status).toBe(200)
        const early = await update(a, 'start', { newEmail: fresh().email }, user.auth)
        expect(early.status).toBe(429)
        expect(early.body.code).toBe('COOLDOWN')
        clock.advance(31_000)
        expect((await update(a, 'start', { newEmail: fresh().email }, user.auth)).status).toBe(200)
        const code = await codeFor(a, user.email)
        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
        for (let i = 0; i < 4; i++) expect((await update(a, 'verify-primary', { otp: wrong }, user.auth)).body.code).toBe('CODE_INCORRECT')
        expect((await update(a, 'verify-primary', { otp: wrong }, user.auth)).body.code).toBe('CODE_ENDED')
        expect((await update(a, 'verify-primary', { otp: code }, user.auth)).body.code).toBe('CODE_ENDED')

        clock.advance(31_000)
        expect((await update(b, 'start', { newEmail: fresh().email }, user.auth)).status).toBe(200)
        const late = await codeFor(b, user.email)
        clock.advance(10 * 60_000 + 1_000)
        expect((await update(a, 'verify-primary', { otp: late }, user.auth)).body.code).toBe('CODE_EXPIRED')

        for (const [step, body, expected] of [
          ['start', {}, 'INVALID_EMAIL'],
          ['start', { newEmail: 'nope' }, 'INVALID_EMAIL'],
          ['start', { newEmail: 'a@example.test', x: 1 }, 'VALIDATION_ERROR'],
          ['verify-primary', { otp: '12345' }, 'INVALID_OTP'],
          ['verify-secondary', { otp: 123456 }, 'INVALID_OTP'],
          ['verify-secondary', {}, 'INVALID_OTP'],
        ] as const) {
          const res = await update(a, step, body, user.auth)
          expect(res.status, `${step} ${JSON.stringify(body)}`).toBe(400)
          expect(res.body.code).toBe(expected)
        }
        expect((await update(a, 'start', { newEmail: 'a@example.test' }, {})).status).toBe(401)
        expect((await update(a, 'verify-primary', { otp: '123456' }, {})).status).toBe(401)
      })
    })
  })
})
