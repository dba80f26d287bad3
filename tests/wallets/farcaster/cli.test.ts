/** The command-line Farcaster client as a newcomer uses it: paste the URL the QR code shows, it approves the sign-in. */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestFrame, type TestFrame } from '../../../services/frame/src/testing/harness.js'
import { DEV_ID_REGISTRY_ADDRESS, deployDevIdRegistry } from '../../../services/frame/src/farcaster/idRegistry.js'
import { startAnvil, type Anvil } from '../../anvil/index.js'

const run = promisify(execFile)
const APP = 'http://app.portico.test'
let chain: Anvil
let frame: TestFrame

beforeAll(async () => {
  chain = await startAnvil({ chainId: 31337 })
  // the dev stack's deploy: a fixed address, and a second call finds it there
  expect(await deployDevIdRegistry({ rpcUrl: chain.url, chainId: 31337 })).toBe(DEV_ID_REGISTRY_ADDRESS)
  expect(await deployDevIdRegistry({ rpcUrl: chain.url, chainId: 31337 })).toBe(DEV_ID_REGISTRY_ADDRESS)
  frame = await startTestFrame({ allowedOrigins: [APP], farcaster: { idRegistry: DEV_ID_REGISTRY_ADDRESS, rpcUrl: chain.url, chainId: 31337 } })
}, 60_000)
afterAll(async () => {
  await frame?.close()
  await chain?.stop()
})

const cli = async (...args: string[]) => {
  const script = fileURLToPath(new URL('./cli.ts', import.meta.url))
  const env = { ...process.env, PORTICO_FRAME_URL: frame.url, PORTICO_FARCASTER_RPC_URL: chain.url, PORTICO_FARCASTER_CHAIN_ID: '31337' }
  delete env.PORTICO_FARCASTER_ID_REGISTRY
  return run(process.execPath, ['--import', 'tsx', script, ...args], { env }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  )
}
const channel = async () => (await frame.post('/v1/farcaster/channel', { projectId: 'p', siweUri: `${APP}/` })).body as { channelToken: string; url: string }

it('behavior: approves the pasted URL with its own custody key (registered on the dev IdRegistry); the channel completes', async () => {
  const { url, channelToken } = await channel()
  const approved = await cli(url, '--username', 'newcomer')
  expect(approved.out).toMatch(/^approved: fid 1 \(custody 0x[0-9a-fA-F]{40}\) signed in/)
  expect(approved.code).toBe(0)
  const status = await frame.get(`/v1/farcaster/channel/status?channelToken=${channelToken}`)
  expect(status.body).toMatchObject({ state: 'completed', fid: '1', username: 'newcomer' })
}, 60_000)

it('error: --sign-with another key is refused with the frame\'s sentence and exit code 1; a bad URL says what is wrong', async () => {
  const { url } = await channel()
  const refused = await cli(url, '--sign-with', `0x${'22'.repeat(32)}`)
  expect(refused.code).toBe(1)
  expect(refused.out).toContain('refused (400 FARCASTER_CUSTODY_MISMATCH): The message was not signed by the custody address of Farcaster account 1.')
  const bad = await cli('farcaster://connect?nonce=1')
  expect(bad.code).toBe(1)
  expect(bad.out).toContain('The Farcaster connect URL has no channelToken.')
}, 60_000)
