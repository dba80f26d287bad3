import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ChainState } from './chain.js'
import { handleRpc, type SignerContext } from './signer.js'
import type { FrameStore } from './store.js'

// Sending goes to a real chain: anvil from the workspace (the dev stack's binary). Its default funded account 0 is
// the "test … junk" mnemonic's first account, so the frame's derivation pays for the transactions.
const ANVIL = fileURLToPath(new URL('../../../../node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', import.meta.url))
const ENTROPY = mnemonicToEntropy('test test test test test test test test test test test junk', wordlist)
const ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe.skipIf(!existsSync(ANVIL))('handleRpc against anvil', () => {
  let anvil: ChildProcess
  let rpcUrl: string
  let ctx: SignerContext

  beforeAll(async () => {
    const port = await freePort()
    rpcUrl = `http://127.0.0.1:${port}`
    anvil = spawn(ANVIL, ['--port', String(port), '--chain-id', '31337', '--host', '127.0.0.1', '--quiet'], { stdio: 'ignore' })
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
    for (let i = 0; i < 100; i++) {
      if (await client.getChainId().then(() => true, () => false)) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const store = { chain: async () => undefined, saveChain: async () => undefined } as unknown as FrameStore
    ctx = {
      chain: new ChainState(store, { chainId: 31337, rpcUrl }),
      account: async () => ({ userId: 'u1', address: ADDRESS, owner: ADDRESS }),
      approve: async () => undefined,
      withEntropy: async (_, operation) => operation(ENTROPY.slice()),
    }
  }, 30_000)

  afterAll(() => {
    anvil?.kill()
  })

  test('behavior: eth_sendTransaction is signed in the frame and mined', async () => {
    const hash = (await handleRpc({ method: 'eth_sendTransaction', params: [{ from: ADDRESS, to: TO, value: '0x1' }] }, ctx)) as Hex
    const client = createPublicClient({ transport: http(rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({ status: 'success', from: ADDRESS.toLowerCase(), to: TO.toLowerCase() })
  })

  test('behavior: wallet_sendCalls runs the calls as sequential transactions; wallet_getCallsStatus reports them', async () => {
    const sent = (await handleRpc(
      { method: 'wallet_sendCalls', params: [{ from: ADDRESS, chainId: '0x7a69', calls: [{ to: TO, value: '0x2' }, { to: TO, value: '0x3', data: '0x' }] }] },
      ctx,
    )) as { id: string }
    expect(JSON.parse(sent.id)).toHaveLength(2)
    // 100 (pending) until every call has a receipt; anvil mines them a moment after they are sent, so poll.
    const status = await vi.waitFor(async () => {
      const answer = (await handleRpc({ method: 'wallet_getCallsStatus', params: [sent.id] }, ctx)) as { status: number; receipts: unknown[]; atomic: boolean }
      if (answer.status === 100) throw new Error('the batch is still pending')
      return answer
    }, { timeout: 10_000, interval: 50 })
    expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x7a69' })
    expect(status.receipts).toHaveLength(2)
  })
})
