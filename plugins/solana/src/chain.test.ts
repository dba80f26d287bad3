// @vitest-environment node
// Integration on the real local chain (LiteSVM behind the JSON-RPC): the adapter conformance suite with the Dev
// Wallet's Solana wallet, balances, transfers read back, and failures. Node: WebCrypto refuses jsdom's byte arrays.
import { describeChainAdapter } from '@portico/tests/conformance'
import { LAMPORTS_PER_SOL, SOLANA_DEV_KEYS, SOLANA_DEV_SOL, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD, startSolanaChain, type SolanaChain } from '@portico/tests/solana'
import { createSolanaDevWallet, type SolanaDevWallet } from '@portico/tests/wallets/solana'
import { defineConnector, type CaipNetworkLike, type Connector } from '@portico/contracts/plugin'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  createSolanaRpc,
  type Address,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSolanaAdapter, type SolanaAdapter } from './adapter/index.js'
import { createLazySolanaAdapter } from './adapter/lazy.js'
import { solanaDevnet } from './networks.js'

const keys = SOLANA_DEV_KEYS
const connectorOf = (wallet: unknown, id = 'solana.portico-dev-wallet'): Connector =>
  defineConnector({ id, name: 'Portico Dev Wallet', type: 'ANNOUNCED', chains: ['solana'], info: { rdns: id }, getProvider: async () => wallet })

/** The wallet and adapter on one chain; "devnet" is the same local chain under devnet's id, so switching is real. */
const onLocalChain = (create: typeof createSolanaAdapter | typeof createLazySolanaAdapter, seeds: [string, string]) => async () => {
  const chain = await startSolanaChain({ slotMs: 0 })
  const wallet = await createSolanaDevWallet({ seeds, rpcUrls: { 'solana:localnet': chain.rpcUrl, 'solana:devnet': chain.rpcUrl } })
  const adapter = create({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: chain.rpcUrl, wsUrl: chain.wsUrl }, rpcUrls: { [solanaDevnet.caipNetworkId]: [chain.rpcUrl] } })
  return {
    adapter,
    connector: connectorOf(wallet),
    network: adapter.networks.find((n) => n.caipNetworkId === SOLANA_LOCAL_CHAIN_ID)!,
    otherNetwork: adapter.networks.find((n) => n.caipNetworkId === solanaDevnet.caipNetworkId)!,
    address: wallet.addresses[0]!,
    setRejecting: (rejecting: boolean) => wallet.setMode(rejecting ? 'reject' : 'approve'),
    revokesOnDisconnect: true,
    transaction: { to: keys[7]!.address, value: 1_000n },
    async teardown() {
      adapter.destroy()
      await chain.close()
    },
  }
}

describeChainAdapter('solana + Portico Dev Wallet (Wallet Standard) on the local chain', onLocalChain(createSolanaAdapter, [keys[4]!.seed, keys[5]!.seed]))
describeChainAdapter('solana (lazy, as the plugin registers it) + Portico Dev Wallet on the local chain', onLocalChain(createLazySolanaAdapter, [keys[5]!.seed, keys[4]!.seed]))

describe('solana adapter on the local chain', () => {
  let chain: SolanaChain
  let wallet: SolanaDevWallet
  let adapter: SolanaAdapter
  let connector: Connector
  let network: CaipNetworkLike
  const [alice, bob, carol] = [keys[0]!, keys[1]!, keys[6]!]

  beforeAll(async () => {
    chain = await startSolanaChain({ slotMs: 0 })
    wallet = await createSolanaDevWallet({ rpcUrls: { 'solana:localnet': chain.rpcUrl } })
    adapter = createSolanaAdapter({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: chain.rpcUrl } })
    connector = connectorOf(wallet)
    network = adapter.networks.at(-1)!
    await adapter.connect({ connector, network })
  }, 60_000)
  afterAll(async () => {
    adapter?.destroy()
    await chain?.close()
  })

  it('behavior: SOL and PTD balances of a funded dev key (getBalance, getTokenAccountsByOwner jsonParsed)', async () => {
    expect(await adapter.getBalance({ address: alice.address, network })).toEqual({ balance: String(SOLANA_DEV_SOL), symbol: 'SOL' })
    expect(await adapter.getTokenBalances({ address: alice.address, network })).toEqual([
      { mint: SOLANA_PTD.mint, amount: SOLANA_PTD.grant * 1_000_000n, decimals: 6, balance: String(SOLANA_PTD.grant) },
    ])
    expect(await adapter.getTokenBalances({ address: carol.address, network })).toEqual([]) // past the PTD holders
  })

  it('behavior: sendTransaction moves SOL; waitForTransaction settles once confirmed; the receiver\'s balance is read back', async () => {
    const before = await adapter.getBalance({ address: carol.address, network })
    const signature = await adapter.sendTransaction({ connector, address: alice.address, network, transaction: { to: carol.address, value: LAMPORTS_PER_SOL / 4n } })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await adapter.waitForTransaction({ network, hash: signature })
    const after = await adapter.getBalance({ address: carol.address, network })
    expect(Number(after.balance) - Number(before.balance)).toBeCloseTo(0.25, 9)
    expect(wallet.requests.at(-1)).toEqual({ feature: 'solana:signAndSendTransaction', chain: 'solana:localnet' })
  })

  it('behavior: a wallet without signAndSendTransaction signs and the adapter sends on the RPC', async () => {
    const { 'solana:signAndSendTransaction': _, ...features } = wallet.features
    const signOnly = { ...wallet, features, accounts: wallet.accounts, chains: wallet.chains }
    const c = connectorOf(signOnly, 'sign.only')
    await adapter.connect({ connector: c, network })
    const signature = await adapter.sendTransaction({ connector: c, address: alice.address, network, transaction: { to: carol.address, value: 1_000n } })
    await adapter.waitForTransaction({ network, hash: signature })
    expect(wallet.requests.at(-1)).toEqual({ feature: 'solana:signTransaction', chain: 'solana:localnet' })
  })

  it('error: a transaction the chain refuses is SEND_FAILED with the SPEC §8 sentence; the wallet was asked', async () => {
    // bob sends more SOL than he has: preflight fails on the chain
    const { value: latest } = await createSolanaRpc(chain.rpcUrl).getLatestBlockhash().send()
    const from = createNoopSigner(bob.address as Address)
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(from.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: carol.address as Address, amount: (SOLANA_DEV_SOL + 1n) * LAMPORTS_PER_SOL }), m),
    )
    const wire = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
    const error = await adapter.signAndSendTransaction({ connector, address: bob.address, network, transaction: wire }).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'SEND_FAILED', shortMessage: 'Failed to send transaction. Please try again.' })
    expect(String((error as Error).message)).toMatch(/Details: /)
  })

  it('error: the chain stopped mid-session is RPC_REQUEST_FAILED naming the network', async () => {
    const stopped = await startSolanaChain({ slotMs: 0 })
    const a = createSolanaAdapter({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: stopped.rpcUrl } })
    const n = a.networks.at(-1)!
    expect(Number((await a.getBalance({ address: alice.address, network: n })).balance)).toBeGreaterThan(0)
    await stopped.close()
    await expect(a.getBalance({ address: alice.address, network: n })).rejects.toMatchObject({ code: 'RPC_REQUEST_FAILED', shortMessage: 'Could not read from Solana Local.' })
  })
})
