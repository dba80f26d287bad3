/** The command-line wallet as a newcomer uses it: paste a URI, it connects, approves and logs the requests. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import UniversalProvider from '@walletconnect/universal-provider'
import { toHex, verifyMessage, type Hex } from 'viem'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createRelay, type Relay } from '../../../services/relay/src/index.js'
import { ANVIL_ACCOUNTS, startAnvil, type Anvil } from '../../anvil/index.js'
import { MemoryStorage } from './wallet.js'

let relay: Relay
let chain: Anvil
let cli: ChildProcessWithoutNullStreams | undefined
let dapp: UniversalProvider | undefined

beforeAll(async () => {
  ;[relay, chain] = await Promise.all([createRelay({ port: 0 }), startAnvil({ chainId: 31337 })])
})
afterAll(async () => {
  cli?.kill('SIGKILL')
  if (dapp) {
    dapp.client.core.heartbeat.stop()
    await dapp.client.core.relayer.transportClose().catch(() => {})
  }
  await Promise.all([relay?.close(), chain?.stop()])
})

it('pairs with a pasted URI, approves, signs and logs the request', async () => {
  const script = fileURLToPath(new URL('./cli.ts', import.meta.url))
  cli = spawn(process.execPath, ['--import', 'tsx', script, '--relay', relay.url, '--rpc', `31337=${chain.url}`], {
    env: { ...process.env, PORTICO_RPC_31338: chain.url },
  })
  let out = ''
  cli.stdout.on('data', (d) => (out += String(d)))
  cli.stderr.on('data', (d) => (out += String(d)))
  await vi.waitFor(() => expect(out).toContain('Paste a wc: link'), { timeout: 30_000 })

  dapp = await UniversalProvider.init({
    projectId: 'cli-test',
    relayUrl: relay.url,
    metadata: { name: 'CLI test dapp', description: '', url: 'http://localhost:4300', icons: [] },
    logger: 'silent',
    telemetryEnabled: false,
    storage: new MemoryStorage() as never,
    customStoragePrefix: 'cli-test-dapp',
  })
  dapp.once('display_uri', (uri: string) => cli!.stdin.write(`${uri}\n`))
  await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } } })
  await vi.waitFor(() => expect(out).toContain('connection request from CLI test dapp (http://localhost:4300) → approve'))

  const from = ANVIL_ACCOUNTS[0].address
  const signature = await dapp.request<Hex>({ method: 'personal_sign', params: [toHex('hello from the dapp'), from] }, 'eip155:31337')
  expect(await verifyMessage({ address: from, message: 'hello from the dapp', signature })).toBe(true)
  await vi.waitFor(() => expect(out).toContain('eip155:31337 personal_sign "hello from the dapp" → 0x'))

  cli.stdin.write('mode reject\n')
  await vi.waitFor(() => expect(out).toContain('mode: reject'))
  await expect(dapp.request({ method: 'personal_sign', params: [toHex('no'), from] }, 'eip155:31337')).rejects.toMatchObject({ code: 5000 })
  await vi.waitFor(() => expect(out).toContain('→ rejected (5000'))

  cli.stdin.write('quit\n')
  await new Promise((resolve) => cli!.once('exit', resolve))
}, 60_000)
