/** The local Solana chain in the dev stack (`npm start`, the e2e stack): its ports, URLs and lifecycle. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSolanaRpc } from '@solana/kit'
import { afterAll, describe, expect, it } from 'vitest'
import { isPortOpen } from '../../scripts/lib/processes.ts'
import { DEFAULT_PORTS, freePorts, portsFromEnv, urlsFor } from '../../scripts/lib/ports.ts'
import { demoRuntimeConfig, startStack, stackEnv } from '../../scripts/lib/stack.ts'
import { SOLANA_DEV_ADDRESSES, SOLANA_LOCAL_CHAIN_ID, SOLANA_LOCAL_GENESIS_HASH, SOLANA_PTD } from './keys.ts'

describe('solana in the dev stack: ports', () => {
  it('uses 8899 and 8900 unless PORTICO_SOLANA_PORT / PORTICO_SOLANA_WS_PORT say otherwise', () => {
    expect(DEFAULT_PORTS).toMatchObject({ solana: 8899, solanaWs: 8900 })
    expect(portsFromEnv({ PORTICO_SOLANA_PORT: '9899', PORTICO_SOLANA_WS_PORT: '9900' })).toMatchObject({ solana: 9899, solanaWs: 9900 })
    expect(() => portsFromEnv({ PORTICO_SOLANA_WS_PORT: 'x' })).toThrow('PORTICO_SOLANA_WS_PORT=x is not a port number')
    const urls = urlsFor(DEFAULT_PORTS)
    expect(urls).toMatchObject({ solana: 'http://localhost:8899', solanaWs: 'ws://localhost:8900' })
    expect(stackEnv(DEFAULT_PORTS, urls)).toMatchObject({
      PORTICO_SOLANA_PORT: '8899',
      PORTICO_SOLANA_WS_PORT: '8900',
      PORTICO_SOLANA_RPC_URL: 'http://localhost:8899',
      PORTICO_SOLANA_WS_URL: 'ws://localhost:8900',
    })
    // the demo page reads the chain from its config (hosts/demo/src/config.ts)
    expect(demoRuntimeConfig(urls).solana).toEqual({ rpcUrl: 'http://localhost:8899', wsUrl: 'ws://localhost:8900', caipNetworkId: SOLANA_LOCAL_CHAIN_ID })
  })
})

describe('solana in the dev stack: lifecycle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portico-solana-stack-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('starts with the chains, seeded, describes itself, and stops with the stack', async () => {
    const ports = await freePorts()
    const stack = await startStack({ ports, services: false, tokens: false, bundled: false, devWallet: false, cdnDir: dir, demoDir: dir })
    try {
      expect(stack.solana?.rpcUrl).toBe(`http://127.0.0.1:${ports.solana}`)
      expect(stack.solana?.wsUrl).toBe(`ws://127.0.0.1:${ports.solanaWs}`)
      const rpc = createSolanaRpc(stack.urls.solana)
      expect(await rpc.getGenesisHash().send()).toBe(SOLANA_LOCAL_GENESIS_HASH)
      expect((await rpc.getBalance(SOLANA_DEV_ADDRESSES[0]!).send()).value).toBeGreaterThan(0n)
      const described = stack.describe()
      expect(described).toContain(stack.urls.solana)
      expect(described).toContain(SOLANA_PTD.mint)
    } finally {
      await stack.stop()
    }
    expect(await isPortOpen(ports.solana)).toBe(false)
    expect(await isPortOpen(ports.solanaWs)).toBe(false)
  })
})
