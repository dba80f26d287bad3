import { randomBytes } from 'node:crypto'
import { freePort, testBackends } from '@portico/service-api/testing'
import { SignJWT, createRemoteJWKSet, generateKeyPair } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_IDP_PROVIDERS, type DevIdpProvider } from '../devIdp/accounts.js'
import { type DevIdp, startDevIdp } from '../devIdp/server.js'
import { TestClock, type TestFrame, openSharedDatabase, startTestFrame } from '../testing/harness.js'
import { verifyIdToken } from './identity.js'
import { devIdpProvider, type SocialProviderConfig } from './providers.js'
import { type SignInAs, deliverReturn, signInAtDevIdp } from './testing/idpDriver.js'

const APP = 'http://app.portico.test'
const SECRET = 'portico-dev-idp-secret'
const device = () => `dev-${randomBytes(12).toString('base64url')}`
let n = 0
const user = (label = 'u') => `${label}${++n}-${randomBytes(3).toString('hex')}`

describe.each(testBackends())('social sign-in through the dev identity provider [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    const clock = new TestClock()
    let idp: DevIdp
    let frame: TestFrame
    /** A second replica whose google client checks id_tokens against apple's keys: every google token is "signed by the wrong key". */
    let wrongKeys: TestFrame
    let closeDatabase: () => Promise<void> = async () => {}

    beforeAll(async () => {
      const { db, close } = await openSharedDatabase(backend)
      closeDatabase = close
      const idpPort = await freePort()
      const base = `http://127.0.0.1:${idpPort}`
      const providers = DEV_IDP_PROVIDERS.map((p) => devIdpProvider(p, base, SECRET))
      const common = { ...db, now: clock.now, allowedOrigins: [APP], trustProxy: true }
      frame = await startTestFrame({ ...common, socialProviders: providers })
      const google = providers.find((p) => p.provider === 'google')!
      wrongKeys = await startTestFrame({ ...common, socialProviders: [{ ...google, jwksUrl: `${base}/apple/jwks` }] })
      idp = await startDevIdp({ port: idpPort, publicUrl: base, frameOrigins: [frame.url, wrongKeys.url] })
    })
    afterAll(async () => {
      await Promise.all([frame?.close(), wrongKeys?.close(), idp?.close()])
      await closeDatabase()
    })

    const start = async (provider: DevIdpProvider, on: TestFrame = frame) => {
      const res = await on.post('/v1/social/start', { provider, projectId: 'portico-dev', returnUrl: `${APP}/page?x=1` })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { uri: string; binding: string }
    }
    /** Start → sign in at the provider → callback → the hand-off page's result uri. */
    const throughProvider = async (provider: DevIdpProvider, as: SignInAs, on: TestFrame = frame) => {
      const started = await start(provider, on)
      const ret = await signInAtDevIdp(started.uri, `${on.url}/v1/social/callback/`, as)
      const handed = await deliverReturn(ret)
      expect(handed.status).toBe(200)
      expect(handed.returnUrl).toBe(`${APP}/page?x=1`)
      return { ...started, ret, resultUri: handed.resultUri! }
    }
    const resultOf = (resultUri: string) => new URL(resultUri).searchParams.get('result')!
    const finish = (resultUri: string, binding: string, deviceId = device(), on: TestFrame = frame) =>
      on.post('/v1/social/finish', { result: resultOf(resultUri), binding, deviceId })
    const signIn = async (provider: DevIdpProvider, as: SignInAs, deviceId = device()) => {
      const flow = await throughProvider(provider, as)
      const res = await finish(flow.resultUri, flow.binding, deviceId)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { userId: string; email: string | null; provider: string; userName: string | null; session: { accessToken: string } }
    }

    it.each(DEV_IDP_PROVIDERS)('behavior: %s signs in, opens a session, and the same account is the same user next time', async (provider) => {
      const name = user(provider)
      const first = await signIn(provider, { username: name })
      expect(first.provider).toBe(provider)
      // Apple gives no user name: its email stands in
      expect(first.userName).toBe(provider === 'apple' ? `${name}@apple.portico.test` : name)
      const session = await frame.get('/v1/session', { authorization: `Bearer ${first.session.accessToken}` })
      expect(session.status).toBe(200)
      expect(session.body.userId).toBe(first.userId)
      // a social sign-in approves the device it finished on (recovering the wallet there needs it)
      expect(session.body.deviceApproved).toBe(true)
      const again = await signIn(provider, { username: name })
      expect(again.userId).toBe(first.userId)
      // the same name at another provider is another account
      const other = await signIn(provider === 'google' ? 'github' : 'google', { username: name })
      expect(other.userId).not.toBe(first.userId)
    })

    it('behavior: apple returns by form_post and is read from a verified id_token', async () => {
      const flow = await throughProvider('apple', { username: user('apple') })
      expect(flow.ret.method).toBe('POST')
      expect((await finish(flow.resultUri, flow.binding)).status).toBe(200)
    })

    it('rule: a verified provider email joins the email user of that address (one wallet); an unverified one is a separate user with no email', async () => {
      const email = `${user('mail')}@example.test`
      // the email login of that address first
      const started = await frame.post('/v1/email/start', { email }, { 'x-forwarded-for': '10.77.0.1' })
      expect(started.status).toBe(200)
      const code = (await frame.inbox()).find((m) => m.to.includes(email))!.code!
      const verified = await frame.post('/v1/email/verify', { email, otp: code }, { 'x-forwarded-for': '10.77.0.1' })
      expect(verified.status).toBe(200)
      const emailUser = verified.body.userId as string

      const unverified = await signIn('discord', { username: user('d'), email, emailVerified: false })
      expect(unverified.userId).not.toBe(emailUser)
      expect(unverified.email).toBeNull()
      const vouched = await signIn('google', { username: user('g'), email, emailVerified: true })
      expect(vouched.userId).toBe(emailUser)
      expect(vouched.email).toBe(email)
      // a verified email nobody has yet becomes that email's user: a later email login gets the same wallet
      const fresh = `${user('new')}@example.test`
      const deviceId = device()
      const social = await signIn('discord', { username: user('d'), email: fresh, emailVerified: true }, deviceId)
      expect(social.email).toBe(fresh)
      // from the device the social sign-in approved: a code, no device link
      expect((await frame.post('/v1/email/start', { email: fresh, deviceId }, { 'x-forwarded-for': '10.77.0.2' })).body.status).toBe('CODE_SENT')
      const code2 = (await frame.inbox()).find((m) => m.to.includes(fresh))!.code!
      const viaEmail = await frame.post('/v1/email/verify', { email: fresh, otp: code2, deviceId }, { 'x-forwarded-for': '10.77.0.2' })
      expect(viaEmail.body.userId).toBe(social.userId)
    })

    it('error: an unknown state is refused and posts nothing', async () => {
      const started = await start('google')
      const ret = await signInAtDevIdp(started.uri, `${frame.url}/v1/social/callback/`, { username: user() })
      const forged = await deliverReturn({ ...ret, params: { ...ret.params, state: randomBytes(32).toString('base64url') } })
      expect(forged.status).toBe(400)
      expect(forged.html).toContain('data-result="unknown"')
      expect(forged.resultUri).toBeUndefined()
      // a state of another provider's flow is unknown here too
      const wrongPath = await deliverReturn({ ...ret, url: ret.url.replace(/google$/, 'github') })
      expect(wrongPath.status).toBe(400)
    })

    it('error: a code presented with another flow\'s state fails PKCE at the provider and is refused', async () => {
      const a = await start('github')
      const b = await start('github')
      const retA = await signInAtDevIdp(a.uri, `${frame.url}/v1/social/callback/`, { username: user() })
      const stateB = new URL(b.uri).searchParams.get('state')!
      // flow b's verifier does not match the challenge code a was issued for
      const crossed = await deliverReturn({ ...retA, params: { ...retA.params, state: stateB } })
      expect(crossed.status).toBe(200)
      const res = await finish(crossed.resultUri!, b.binding)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('SOCIAL_CODE_REJECTED')
      expect(res.body.message).toMatch(/GitHub refused the sign-in \(invalid_grant\)/)
    })

    it('error: a replayed callback is refused, and a result is redeemed once, only with its binding', async () => {
      const started = await start('x')
      const ret = await signInAtDevIdp(started.uri, `${frame.url}/v1/social/callback/`, { username: user() })
      const first = await deliverReturn(ret)
      expect(first.status).toBe(200)
      const replay = await deliverReturn(ret)
      expect(replay.status).toBe(400)
      expect(replay.html).toContain('data-result="used"')

      const stolen = await finish(first.resultUri!, randomBytes(32).toString('base64url'))
      expect(stolen.status).toBe(403)
      expect(stolen.body.code).toBe('SOCIAL_BINDING_MISMATCH')
      expect((await finish(first.resultUri!, started.binding)).status).toBe(200)
      const again = await finish(first.resultUri!, started.binding)
      expect(again.status).toBe(400)
      expect(again.body.code).toBe('SOCIAL_RESULT_USED')
      expect((await finish(`${frame.url}/v1/social/result?result=nope`, started.binding)).body.code).toBe('SOCIAL_RESULT_INVALID')
    })

    it('error: an id_token signed by a key that is not the provider\'s is refused', async () => {
      const flow = await throughProvider('google', { username: user() }, wrongKeys)
      const res = await finish(flow.resultUri, flow.binding, device(), wrongKeys)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'SOCIAL_ID_TOKEN_INVALID', message: 'Google sent an identity that could not be verified; the sign-in was refused.' })
    })

    it('error: verifyIdToken refuses a forged token (wrong key), a wrong audience and a wrong nonce', async () => {
      const config: SocialProviderConfig = devIdpProvider('google', idp.url, SECRET)
      const keys = createRemoteJWKSet(new URL(config.jwksUrl!))
      const { privateKey } = await generateKeyPair('RS256')
      const claims = { sub: 'someone', nonce: 'n1', email: 'a@b.test', email_verified: true }
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'google-forged' })
        .setIssuer(config.issuer!)
        .setAudience(config.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey)
      await expect(verifyIdToken(config, forged, 'n1', keys)).rejects.toMatchObject({ code: 'SOCIAL_ID_TOKEN_INVALID' })
      // the same key that signs, but the token is for another client, or another flow
      const sign = (aud: string, nonce: string) =>
        new SignJWT({ ...claims, nonce }).setProtectedHeader({ alg: 'RS256' }).setIssuer(config.issuer!).setAudience(aud).setIssuedAt().setExpirationTime('5m').sign(privateKey)
      await expect(verifyIdToken(config, await sign('someone-else', 'n1'), 'n1', async () => privateKey)).rejects.toMatchObject({ code: 'SOCIAL_ID_TOKEN_INVALID' })
      const { publicKey: pub, privateKey: priv } = await generateKeyPair('RS256')
      const good = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).setIssuer(config.issuer!).setAudience(config.clientId).setIssuedAt().setExpirationTime('5m').sign(priv)
      await expect(verifyIdToken(config, good, 'other-nonce', async () => pub)).rejects.toMatchObject({ code: 'SOCIAL_ID_TOKEN_INVALID' })
      expect((await verifyIdToken(config, good, 'n1', async () => pub)).subject).toBe('someone')
    })

    it('error: the person cancels at the provider: a clear provider error, and nothing is signed in', async () => {
      const flow = await throughProvider('facebook', { username: 'x', cancel: true })
      const res = await finish(flow.resultUri, flow.binding)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'SOCIAL_PROVIDER_ERROR', message: 'The sign-in with Facebook was cancelled.' })
    })

    it('error: a provider that is down answers 502 with a sentence; it works again once it is back', async () => {
      const name = user('down')
      idp.setDown('discord', true)
      try {
        const flow = await throughProvider('discord', { username: name })
        const res = await finish(flow.resultUri, flow.binding)
        expect(res.status).toBe(502)
        expect(res.body).toMatchObject({ code: 'SOCIAL_PROVIDER_UNAVAILABLE', message: 'Discord is not answering right now; try again in a moment.' })
      } finally {
        idp.setDown('discord', false)
      }
      expect((await signIn('discord', { username: name })).userName).toBe(name)
    })

    it('error: bad input is a 4xx with a sentence, never a 5xx', async () => {
      const notAllowed = await frame.post('/v1/social/start', { provider: 'google', projectId: 'portico-dev', returnUrl: 'https://evil.test/' })
      expect(notAllowed.status).toBe(403)
      expect(notAllowed.body.code).toBe('ORIGIN_NOT_ALLOWED')
      const badProvider = await frame.post('/v1/social/start', { provider: 'myspace', projectId: 'portico-dev', returnUrl: `${APP}/` })
      expect(badProvider.status).toBe(400)
      expect((await wrongKeys.post('/v1/social/start', { provider: 'github', projectId: 'p', returnUrl: `${APP}/` })).body.code).toBe('SOCIAL_NOT_CONFIGURED')
      expect((await frame.post('/v1/social/finish', { result: '' , binding: 'b' })).status).toBe(400)
      expect((await frame.get('/v1/social/callback/google')).status).toBe(400)
      expect((await frame.get('/v1/social/callback/nope?state=x&code=y')).status).toBe(400)
      expect((await frame.get('/v1/social/providers')).body.providers).toEqual([...DEV_IDP_PROVIDERS])
    })

    it('behavior: cleanup deletes sign-ins an hour past their expiry, and nothing younger', async () => {
      await throughProvider('x', { username: user() })
      const count = async () => (await frame.server.db.query<{ n: number }>('select count(*)::int as n from frame_social_flows'))[0]!.n
      const before = await count()
      expect(before).toBeGreaterThan(0)
      await frame.server.cleanup(new Date(clock.now().getTime() + 30 * 60_000))
      expect(await count()).toBe(before)
      const result = await frame.server.cleanup(new Date(clock.now().getTime() + 2 * 3_600_000))
      expect(result.socialFlows).toBe(before)
      expect(await count()).toBe(0)
    })

    it('error: a result redeemed after the flow expired is refused', async () => {
      const flow = await throughProvider('google', { username: user() })
      clock.advance(11 * 60_000)
      try {
        const res = await finish(flow.resultUri, flow.binding)
        expect(res.body.code).toBe('SOCIAL_RESULT_EXPIRED')
      } finally {
        clock.advance(-11 * 60_000)
      }
    })
  })
})
