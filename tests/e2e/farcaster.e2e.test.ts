/**
 * Sign In With Farcaster against the real stack: the frame service started by the stack, the dev IdRegistry the stack
 * deployed on its first anvil chain, and the command-line Farcaster test client. A channel opened for the demo page
 * is approved by the client's custody key and finished into a session (the same fid is the same user), a key that
 * is not the fid's custody address is refused with a clear sentence, and the approval does not replay.
 *
 * The modal's side (the ConnectingFarcaster view, QR code, back resets) is in farcaster-modal.e2e.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { keccak256, stringToHex } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { DEV_ID_REGISTRY_ADDRESS } from '../../services/frame/src/farcaster/idRegistry.ts'
import { approveChannel } from '../wallets/farcaster/client.ts'
import type {} from '../utils/stack.ts'

const stack = inject('stack')
const CHAIN_ID = 31337

async function post(path: string, body: unknown) {
  const response = await fetch(`${stack.urls.frame}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: response.status, body: (await response.json()) as Record<string, any> }
}
const channel = async () => {
  const res = await post('/v1/farcaster/channel', { projectId: 'portico-dev', siweUri: `${stack.urls.demo}/` })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as { channelToken: string; url: string; binding: string }
}
const approve = (url: string, custodyKey: `0x${string}`, signWith?: `0x${string}`) =>
  approveChannel({ url, frameUrl: stack.urls.frame, chainId: CHAIN_ID, rpcUrl: stack.urls.anvil, registry: DEV_ID_REGISTRY_ADDRESS, custodyKey, ...(signWith ? { signWith } : {}) })
const deviceId = () => `dev-${randomBytes(12).toString('base64url')}`

describe('Sign In With Farcaster through the stack', () => {
  it('behavior: the client approves the channel with its custody key; the frame opens a session for the fid, the same user next time', async () => {
    const custodyKey = keccak256(stringToHex(`portico farcaster e2e ${randomBytes(4).toString('hex')}`))
    const first = await channel()
    expect(first.url).toMatch(/^farcaster:\/\/connect\?channelToken=.+&nonce=.+&siweUri=.+&domain=/)
    const approved = await approve(first.url, custodyKey)
    expect(approved.status, JSON.stringify(approved.body)).toBe(200)
    const signedIn = await post('/v1/farcaster/finish', { channelToken: first.channelToken, binding: first.binding, deviceId: deviceId() })
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200)
    expect(signedIn.body.fid).toBe(approved.fid.toString())
    const session = await fetch(`${stack.urls.frame}/v1/session`, { headers: { authorization: `Bearer ${signedIn.body.session.accessToken}` } })
    expect(((await session.json()) as { userId: string }).userId).toBe(signedIn.body.userId)

    const second = await channel()
    expect((await approve(second.url, custodyKey)).status).toBe(200)
    const again = await post('/v1/farcaster/finish', { channelToken: second.channelToken, binding: second.binding, deviceId: deviceId() })
    expect(again.body.userId).toBe(signedIn.body.userId)
    // the approval and the finish do not replay
    expect((await approve(second.url, custodyKey)).body.code).toBe('FARCASTER_CHANNEL_USED')
    expect((await post('/v1/farcaster/finish', { channelToken: second.channelToken, binding: second.binding })).body.code).toBe('FARCASTER_CHANNEL_USED')
  })

  it('error: a key that is not the custody address of the fid is refused with a clear sentence; the channel ends saying why', async () => {
    const custodyKey = keccak256(stringToHex(`portico farcaster e2e ${randomBytes(4).toString('hex')}`))
    const open = await channel()
    const refused = await approve(open.url, custodyKey, keccak256(stringToHex('someone else')))
    expect(refused.status).toBe(400)
    const why = `The message was not signed by the custody address of Farcaster account ${refused.fid}.`
    expect(refused.body).toEqual({ status: 'FAILED', code: 'FARCASTER_CUSTODY_MISMATCH', message: why })
    // the frame polling the channel reads the refusal, so the modal can say it instead of waiting for the expiry
    const status = await fetch(`${stack.urls.frame}/v1/farcaster/channel/status?channelToken=${open.channelToken}`)
    expect(status.status).toBe(400)
    expect(await status.json()).toMatchObject({ code: 'FARCASTER_CUSTODY_MISMATCH', message: why })
  })
})
