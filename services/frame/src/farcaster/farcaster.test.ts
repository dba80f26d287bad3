import { randomBytes } from 'node:crypto'
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil, testBackends } from '@portico/service-api/testing'
import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { approveChannel, parseConnectUrl } from '../../../../tests/wallets/farcaster/client.js'
import { TestClock, type TestFrame, openSharedDatabase, startTestFrame } from '../testing/harness.js'
import { farcasterFromEnv } from './env.js'
import { deployIdRegistry, registerFid } from './idRegistry.js'
import { FARCASTER_CHANNEL_TTL_MS, FARCASTER_FINISH_GRACE_MS } from './relay.js'
import { siwfMessage } from './siwf.js'

const APP = 'http://app.portico.test'
const CHAIN_ID = 31337
const device = () => `dev-${randomBytes(12).toString('base64url')}`

describe('farcasterFromEnv', () => {
  it('rule: off without a registry; a registry needs an RPC URL; the chain id defaults to OP Mainnet', () => {
    expect(farcasterFromEnv({})).toBeUndefined()
    const registry = '0x00000000fc6c5f01fc30151999387bb99a9f489b'
    expect(() => farcasterFromEnv({ PORTICO_FARCASTER_ID_REGISTRY: registry })).toThrow('PORTICO_FARCASTER_RPC_URL')
    expect(() => farcasterFromEnv({ PORTICO_FARCASTER_ID_REGISTRY: '0x12', PORTICO_FARCASTER_RPC_URL: 'http://x' })).toThrow('PORTICO_FARCASTER_ID_REGISTRY')
    expect(farcasterFromEnv({ PORTICO_FARCASTER_ID_REGISTRY: registry, PORTICO_FARCASTER_RPC_URL: 'https://mainnet.optimism.io' })).toEqual({
      idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
      rpcUrl: 'https://mainnet.optimism.io',
      chainId: 10,
    })
    expect(() => farcasterFromEnv({ PORTICO_FARCASTER_ID_REGISTRY: registry, PORTICO_FARCASTER_RPC_URL: 'http://x', PORTICO_FARCASTER_CHAIN_ID: 'ten' })).toThrow(
      'PORTICO_FARCASTER_CHAIN_ID',
    )
  })
})

describe.each(testBackends())('Sign In With Farcaster relay [$name]', (backend) => {
  describe.skipIf(backend.skip)(backend.skip ? 'skipped: set PORTICO_TEST_POSTGRES=1' : 'requests', () => {
    const clock = new TestClock()
    let anvil: AnvilInstance
    let registry: Address
    let frame: TestFrame
    let replica: TestFrame
    let off: TestFrame
    let closeDatabase: () => Promise<void> = async () => {}

    beforeAll(async () => {
      anvil = await startAnvil({ chainId: CHAIN_ID })
      registry = await deployIdRegistry({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, privateKey: ANVIL_DEV_KEYS[0] })
      const { db, close } = await openSharedDatabase(backend)
      closeDatabase = close
      const common = { ...db, now: clock.now, allowedOrigins: [APP], trustProxy: true }
      const farcaster = { idRegistry: registry, rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID }
      ;[frame, replica, off] = await Promise.all([startTestFrame({ ...common, farcaster }), startTestFrame({ ...common, farcaster }), startTestFrame(common)])
    }, 60_000)
    afterAll(async () => {
      await Promise.all([frame?.close(), replica?.close(), off?.close()])
      await closeDatabase()
      await anvil?.stop()
    })

    const create = async (on: TestFrame = frame) => {
      const res = await on.post('/v1/farcaster/channel', { projectId: 'portico-dev', siweUri: `${APP}/page` })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as { channelToken: string; url: string; nonce: string; binding: string; expiresAt: string }
    }
    const status = (channelToken: string, on: TestFrame = frame) => on.get(`/v1/farcaster/channel/status?channelToken=${encodeURIComponent(channelToken)}`)
    const approve = (url: string, custodyKey: Hex, extra: { signWith?: Hex; username?: string } = {}) =>
      approveChannel({ url, frameUrl: frame.url, chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, registry, custodyKey, ...extra })
    const finish = (channel: { channelToken: string; binding: string }, deviceId = device(), on: TestFrame = frame) =>
      on.post('/v1/farcaster/finish', { channelToken: channel.channelToken, binding: channel.binding, deviceId })

    it('behavior: create → pending → approved by the custody key → completed → finish opens a session; the same fid is the same user', async () => {
      const channel = await create()
      const connect = parseConnectUrl(channel.url)
      expect(connect).toEqual({ channelToken: channel.channelToken, nonce: channel.nonce, siweUri: `${APP}/page`, domain: 'app.portico.test' })
      expect(new Date(channel.expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(FARCASTER_CHANNEL_TTL_MS)
      expect((await status(channel.channelToken)).body).toMatchObject({ state: 'pending', nonce: channel.nonce, url: channel.url })

      const approved = await approve(channel.url, ANVIL_DEV_KEYS[7], { username: 'alice' })
      expect(approved.status, JSON.stringify(approved.body)).toBe(200)
      // another replica on the same database sees the approval
      const completed = await status(channel.channelToken, replica)
      expect(completed.body).toMatchObject({ state: 'completed', fid: approved.fid.toString(), custody: privateKeyToAccount(ANVIL_DEV_KEYS[7]).address, username: 'alice' })

      const signedIn = await finish(channel)
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
      // the channel token and the binding are stored only as HMACs
      const rows = JSON.stringify(await frame.server.db.query('select * from frame_farcaster_channels'))
      expect(rows).toContain(channel.nonce)
      for (const secret of [channel.channelToken, channel.binding]) expect(rows).not.toContain(secret)
      expect(signedIn.body).toMatchObject({ fid: approved.fid.toString(), userName: 'alice' })
      const session = await frame.get('/v1/session', { authorization: `Bearer ${signedIn.body.session.accessToken}` })
      expect(session.status).toBe(200)
      expect(session.body).toMatchObject({ userId: signedIn.body.userId, deviceApproved: true })

      const again = await create()
      expect((await approve(again.url, ANVIL_DEV_KEYS[7])).status).toBe(200)
      expect((await finish(again)).body.userId).toBe(signedIn.body.userId)
      // another fid is another user
      const other = await create()
      expect((await approve(other.url, ANVIL_DEV_KEYS[8])).status).toBe(200)
      expect((await finish(other)).body.userId).not.toBe(signedIn.body.userId)
    })

    it('error: a message signed by a key that is not the custody address of the fid is refused, and the channel ends saying why', async () => {
      const channel = await create()
      const refused = await approve(channel.url, ANVIL_DEV_KEYS[7], { signWith: ANVIL_DEV_KEYS[9] })
      expect(refused.status).toBe(400)
      const why = `The message was not signed by the custody address of Farcaster account ${refused.fid}.`
      expect(refused.body).toMatchObject({ code: 'FARCASTER_CUSTODY_MISMATCH', message: why })
      // the frame polling the channel learns it at once, not when the channel expires
      const polled = await status(channel.channelToken)
      expect(polled.status).toBe(400)
      expect(polled.body).toMatchObject({ code: 'FARCASTER_CUSTODY_MISMATCH', message: why })
      expect((await finish(channel)).body.code).toBe('FARCASTER_CHANNEL_PENDING')
      // a refused channel cannot be approved afterwards, even by the right key
      const late = await approve(channel.url, ANVIL_DEV_KEYS[7])
      expect(late.body).toMatchObject({ code: 'FARCASTER_CHANNEL_USED', message: 'This Farcaster sign-in was refused; start it again.' })
      // a message claiming the fid for another address (the signer's own) is refused too
      const second = await create()
      const connect = parseConnectUrl(second.url)
      const intruder = privateKeyToAccount(ANVIL_DEV_KEYS[9])
      const message = siwfMessage({ domain: connect.domain, uri: connect.siweUri, nonce: connect.nonce, chainId: CHAIN_ID, fid: refused.fid, custody: intruder.address, issuedAt: new Date() })
      const claimed = await frame.post('/v1/farcaster/channel/authenticate', {
        channelToken: second.channelToken,
        message,
        signature: await intruder.signMessage({ message }),
        fid: refused.fid.toString(),
      })
      expect(claimed.body.code).toBe('FARCASTER_CUSTODY_MISMATCH')
      // an fid nobody registered
      const third = await create()
      const thirdConnect = parseConnectUrl(third.url)
      const unregisteredMessage = siwfMessage({ domain: thirdConnect.domain, uri: thirdConnect.siweUri, nonce: thirdConnect.nonce, chainId: CHAIN_ID, fid: 999999n, custody: intruder.address, issuedAt: new Date() })
      const unregistered = await frame.post('/v1/farcaster/channel/authenticate', {
        channelToken: third.channelToken,
        message: unregisteredMessage,
        signature: await intruder.signMessage({ message: unregisteredMessage }),
        fid: '999999',
      })
      expect(unregistered.body).toMatchObject({ code: 'FARCASTER_CUSTODY_MISMATCH', message: 'Farcaster account 999999 is not registered.' })
    })

    it('rule: replays are refused: a channel is approved once and finished once; a message of another channel (its nonce) does not approve this one', async () => {
      const first = await create()
      const second = await create()
      const custodyKey = ANVIL_DEV_KEYS[7]
      const fid = await registerFid({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, privateKey: custodyKey }, registry)
      const account = privateKeyToAccount(custodyKey)
      const connect = parseConnectUrl(first.url)
      const message = siwfMessage({ domain: connect.domain, uri: connect.siweUri, nonce: connect.nonce, chainId: CHAIN_ID, fid, custody: account.address, issuedAt: new Date() })
      const body = { message, signature: await account.signMessage({ message }), fid: fid.toString() }
      const onSecond = await frame.post('/v1/farcaster/channel/authenticate', { ...body, channelToken: second.channelToken })
      expect(onSecond.body).toMatchObject({ code: 'FARCASTER_MESSAGE_INVALID', message: 'The Farcaster message is for another sign-in (its nonce differs).' })
      expect((await frame.post('/v1/farcaster/channel/authenticate', { ...body, channelToken: first.channelToken })).status).toBe(200)
      expect((await frame.post('/v1/farcaster/channel/authenticate', { ...body, channelToken: first.channelToken })).body.code).toBe('FARCASTER_CHANNEL_USED')
      // only the frame holding the binding finishes it, once
      expect((await finish({ channelToken: first.channelToken, binding: second.binding })).status).toBe(403)
      expect((await finish(first)).status).toBe(200)
      expect((await finish(first, device(), replica)).body.code).toBe('FARCASTER_CHANNEL_USED')
      // a message for another site or chain
      const wrongSite = siwfMessage({ domain: 'evil.test', uri: 'http://evil.test/', nonce: connect.nonce, chainId: CHAIN_ID, fid, custody: account.address, issuedAt: new Date() })
      const third = await create()
      const wrongSiteRes = await frame.post('/v1/farcaster/channel/authenticate', { channelToken: third.channelToken, message: wrongSite, signature: await account.signMessage({ message: wrongSite }), fid: fid.toString() })
      expect(wrongSiteRes.body.code).toBe('FARCASTER_MESSAGE_INVALID')
    })

    it('rule: a channel expires after its TTL: status, approval and finish say so; an approved one can be finished for a minute more', async () => {
      const channel = await create()
      const approved = await create()
      expect((await approve(approved.url, ANVIL_DEV_KEYS[7])).status).toBe(200)
      const late = await create()
      expect((await approve(late.url, ANVIL_DEV_KEYS[7])).status).toBe(200)
      clock.advance(FARCASTER_CHANNEL_TTL_MS + 1000)
      try {
        expect((await status(channel.channelToken)).body).toMatchObject({ code: 'FARCASTER_CHANNEL_EXPIRED', message: 'The Farcaster sign-in expired; start it again.' })
        expect((await approve(channel.url, ANVIL_DEV_KEYS[7])).body.code).toBe('FARCASTER_CHANNEL_EXPIRED')
        expect((await finish(channel)).body.code).toBe('FARCASTER_CHANNEL_EXPIRED')
        expect((await finish(approved)).status).toBe(200)
        clock.advance(FARCASTER_FINISH_GRACE_MS)
        expect((await finish(late)).body.code).toBe('FARCASTER_CHANNEL_EXPIRED')
      } finally {
        clock.advance(-(FARCASTER_CHANNEL_TTL_MS + 1000 + FARCASTER_FINISH_GRACE_MS))
      }
    })

    it('error: bad input is a 400 with a clear code, never a 5xx; unknown tokens, other origins and an unconfigured server are refused', async () => {
      expect((await status('x'.repeat(43))).body.code).toBe('FARCASTER_CHANNEL_INVALID')
      expect((await status('short')).body.code).toBe('VALIDATION_ERROR')
      const channel = await create()
      for (const body of [
        {},
        { channelToken: channel.channelToken, message: 'hello', signature: '0x12', fid: '1' },
        { channelToken: channel.channelToken, message: 'hello', signature: `0x${'11'.repeat(65)}`, fid: '-1' },
      ]) {
        const res = await frame.post('/v1/farcaster/channel/authenticate', body)
        expect(res.status).toBe(400)
        expect(res.body.code).toBe('VALIDATION_ERROR')
      }
      const garbage = await frame.post('/v1/farcaster/channel/authenticate', { channelToken: channel.channelToken, message: 'hello', signature: `0x${'11'.repeat(65)}`, fid: '1' })
      expect(garbage.body).toMatchObject({ code: 'FARCASTER_MESSAGE_INVALID', message: 'The Farcaster message is not a sign-in message.' })
      const notAllowed = await frame.post('/v1/farcaster/channel', { projectId: 'portico-dev', siweUri: 'http://evil.test/' })
      expect(notAllowed).toMatchObject({ status: 403, body: { code: 'ORIGIN_NOT_ALLOWED' } })
      const unconfigured = await off.post('/v1/farcaster/channel', { projectId: 'portico-dev', siweUri: `${APP}/` })
      expect(unconfigured.body).toMatchObject({ code: 'FARCASTER_NOT_CONFIGURED', message: 'Sign-in with Farcaster is not set up on this server.' })
    })
  })
})
