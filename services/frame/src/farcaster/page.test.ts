import 'fake-indexeddb/auto'
import { ANVIL_DEV_KEYS, type AnvilInstance, startAnvil } from '@portico/service-api/testing'
import type { FrameEvent } from '@portico/contracts/frame'
import { createStore } from 'idb-keyval'
import { keccak256, stringToHex, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { ApprovalQueue } from '../../page/src/approval.js'
import { AuthClient } from '../../page/src/authClient.js'
import { ChainState } from '../../page/src/chain.js'
import { createHandlers } from '../../page/src/handlers.js'
import { SmartAccounts } from '../../page/src/smartAccounts.js'
import { FrameStore } from '../../page/src/store.js'
import { WalletService } from '../../page/src/wallet.js'
import { approveChannel } from '../../../../tests/wallets/farcaster/client.js'
import { type TestFrame, startTestFrame } from '../testing/harness.js'
import { deployIdRegistry } from './idRegistry.js'

// The frame page's GET_FARCASTER_URI / CONNECT_FARCASTER against a real frame server and a real IdRegistry on anvil.
const APP = 'http://app.portico.test'
const CHAIN_ID = 31337
let dbs = 0

describe('frame page: Farcaster sign-in through the relay', () => {
  let anvil: AnvilInstance
  let registry: Address
  let frame: TestFrame

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    registry = await deployIdRegistry({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID, privateKey: ANVIL_DEV_KEYS[0] })
    frame = await startTestFrame({ allowedOrigins: [APP], farcaster: { idRegistry: registry, rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID } })
  }, 60_000)
  afterAll(async () => {
    await frame?.close()
    await anvil?.stop()
  })

  const page = (onPoll: (n: number) => Promise<void>) => {
    const store = new FrameStore(createStore(`portico-frame-farcaster-${++dbs}`, 'state'))
    const auth = new AuthClient({ store, fetch: (input, init) => fetch(`${frame.url}${String(input).replace(/^https?:\/\/[^/]+/, '')}`, init) })
    const sent: FrameEvent[] = []
    let polls = 0
    const handlers = createHandlers({
      auth,
      store,
      wallet: new WalletService(auth, store),
      chain: new ChainState(store, { chainId: 1 }),
      approvals: { abortAll: vi.fn(), request: vi.fn() } as unknown as ApprovalQueue,
      doc: undefined as unknown as Document,
      send: (event) => void sent.push(event),
      rpc: async () => undefined,
      reload: vi.fn(),
      sleep: () => onPoll(++polls),
      social: { projectId: 'portico-dev', parentOrigin: APP, origin: frame.url },
      smartAccounts: new SmartAccounts(store),
    })
    return { handlers, sent, polls: () => polls }
  }

  test('behavior: the URL to show, then the wait ends when the custody key approves: a session, a wallet, the user name; the same fid is the same wallet', async () => {
    const custodyKey = keccak256(stringToHex('portico farcaster page test custody'))
    const signIn = async () => {
      let url = ''
      const f = page(async (n) => {
        // the visitor scans on the second look
        if (n === 2) expect((await approveChannel({ url, frameUrl: frame.url, chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, registry, custodyKey, username: 'ada' })).status).toBe(200)
      })
      ;({ url } = await f.handlers.GET_FARCASTER_URI(undefined, 'u'))
      expect(url).toMatch(/^farcaster:\/\/connect\?channelToken=/)
      expect(await f.handlers.CONNECT_FARCASTER(undefined, 'c')).toEqual({ userName: 'ada' })
      expect(f.polls()).toBe(2)
      expect(f.sent).toEqual([expect.objectContaining({ type: '@w3m-frame/SESSION_UPDATE' })])
      return (await f.handlers.GET_USER(undefined, 'g')).address
    }
    const first = await signIn()
    expect(first).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await signIn()).toBe(first)
  })

  test('error: a refused approval ends the wait with the server\'s sentence; so does an expired channel', async () => {
    let url = ''
    const f = page(async (n) => {
      if (n === 1) {
        const refused = await approveChannel({ url, frameUrl: frame.url, chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, registry, custodyKey: ANVIL_DEV_KEYS[7], signWith: ANVIL_DEV_KEYS[8] })
        expect(refused.body.code).toBe('FARCASTER_CUSTODY_MISMATCH')
      }
    })
    ;({ url } = await f.handlers.GET_FARCASTER_URI(undefined, 'u'))
    await expect(f.handlers.CONNECT_FARCASTER(undefined, 'c')).rejects.toThrow(/The message was not signed by the custody address of Farcaster account \d+\./)
    expect(f.polls()).toBe(1)
    expect(f.sent).toEqual([])

    // a channel nobody approved, gone from the server's view: as if it expired
    const g = page(async (n) => {
      if (n === 2) await frame.server.db.query("update frame_farcaster_channels set expires_at = now() - interval '1 minute' where refused_reason is null")
    })
    await g.handlers.GET_FARCASTER_URI(undefined, 'u')
    await expect(g.handlers.CONNECT_FARCASTER(undefined, 'c')).rejects.toThrow('The Farcaster sign-in expired; start it again.')
    expect(g.polls()).toBe(2)
    expect(f.sent).toEqual([])
  })
})
