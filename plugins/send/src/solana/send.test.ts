// @vitest-environment node
// The Solana send flow on the real local chain (LiteSVM behind the JSON-RPC): transfers built here, signed by the
// Dev Wallet's Solana wallet through the solana adapter, read back from the chain. Node: WebCrypto refuses jsdom's
// byte arrays.
import { defineConnector, type CaipNetworkLike } from '@portico/contracts/plugin'
import type { Kernel } from '@portico/kernel'
import { createSolanaAdapter, type SolanaAdapter } from '@portico/plugin-solana'
import { LAMPORTS_PER_SOL, signerFromSeed, SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, SOLANA_PTD, startSolanaChain, type SolanaChain } from '@portico/tests/solana'
import { createSolanaDevWallet, type SolanaDevWallet } from '@portico/tests/wallets/solana'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { address, generateKeyPairSigner, getBase16Decoder } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { unitsToDecimal } from '../amounts.js'
import type { Sender } from '../flow.js'
import { sendActions } from '../slice.js'
import { solanaTokenBalances } from './balances.js'
import { maxSol, previewSolanaFee, submitSolanaSend } from './index.js'
import { buildSolanaTransfer, rpcOf, TOKEN_ACCOUNT_SIZE } from './transfer.js'

const PTD_UNITS = 1_000_000n
const sol = (numeric: string) => ({ name: 'Solana', symbol: 'SOL', chainId: SOLANA_LOCAL_CHAIN_ID, price: 0, quantity: { decimals: '9', numeric }, iconUrl: '' })
const ptd = (numeric = '10000') => ({
  name: SOLANA_PTD.name,
  symbol: SOLANA_PTD.symbol,
  chainId: SOLANA_LOCAL_CHAIN_ID,
  address: `${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}`,
  price: 1,
  quantity: { decimals: '6', numeric },
  iconUrl: '',
})
/** A fresh address nobody used, so its balances start at zero. */
const freshAddress = async () => (await generateKeyPairSigner()).address

let chain: SolanaChain
let wallet: SolanaDevWallet
let adapter: SolanaAdapter
let network: CaipNetworkLike
let sender: Sender
/** A kernel with what the Solana flow touches: its store, toasts and words. */
let kernel: Kernel & { toasts: [string, string][]; actions: { type: string; payload?: unknown }[] }
const FROM = SOLANA_DEV_KEYS[2]! // a PTD holder no other test here sends from

const rpc = () => rpcOf(network)
const lamports = async (owner: string) => (await rpc().getBalance(address(owner), { commitment: 'confirmed' }).send()).value
const ptdUnits = async (owner: string) => {
  const [ata] = await findAssociatedTokenPda({ owner: address(owner), mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const { value } = await rpc().getAccountInfo(ata, { encoding: 'jsonParsed', commitment: 'confirmed' }).send()
  const amount = (value?.data as { parsed?: { info?: { tokenAmount?: { amount?: string } } } } | undefined)?.parsed?.info?.tokenAmount?.amount
  return amount === undefined ? undefined : BigInt(amount)
}

beforeAll(async () => {
  chain = await startSolanaChain({ slotMs: 0 })
  wallet = await createSolanaDevWallet({ seeds: [FROM.seed], rpcUrls: { 'solana:localnet': chain.rpcUrl } })
  adapter = createSolanaAdapter({ local: { caipNetworkId: SOLANA_LOCAL_CHAIN_ID, rpcUrl: chain.rpcUrl } })
  network = adapter.networks.find((n) => n.caipNetworkId === SOLANA_LOCAL_CHAIN_ID)!
  const connector = defineConnector({ id: 'solana.dev', name: 'Dev', type: 'ANNOUNCED', chains: ['solana'], info: { rdns: 'dev' }, getProvider: async () => wallet })
  await adapter.connect({ connector, network })
  sender = { namespace: 'solana', account: { status: 'connected', address: FROM.address } as never, address: FROM.address, network, adapter, connector }
  const toasts: [string, string][] = []
  const actions: { type: string; payload?: unknown }[] = []
  kernel = {
    toasts,
    actions,
    store: { dispatch: (a: { type: string; payload?: unknown }) => actions.push(a) },
    getState: () => ({ chains: { activeNamespace: 'solana', activeCaipNetworkId: SOLANA_LOCAL_CHAIN_ID, networks: [network], accounts: {} } }),
    getAdapter: () => adapter,
    notify: { toast: (message: string, variant: string) => void toasts.push([message, variant]) },
    t: (key: string) => ({ 'toast.transactionStarted': 'Transaction started', 'toast.signatureDeclined': 'Signature declined', 'send.error.solanaFailed': 'Failed to send transaction. Please try again.' })[key] ?? key,
  } as never
}, 60_000)
afterAll(async () => {
  adapter?.destroy()
  await chain?.close()
})

describe('Solana transfers on the local chain', () => {
  it("behavior: 1.5 PTD to a fresh address creates its token account in the same transaction; it then holds exactly 1.5 PTD", async () => {
    const receiver = await freshAddress()
    expect(await ptdUnits(receiver)).toBeUndefined()
    const built = await buildSolanaTransfer(rpc(), { from: FROM.address, receiver, token: ptd(), units: 1_500_000n })
    const rent = (await rpc().getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send()) as bigint
    expect(built).toMatchObject({ fee: 5_000n, rent })
    expect(rent).toBeGreaterThan(0n)

    const before = await lamports(FROM.address)
    const signature = await submitSolanaSend(kernel, sender, { token: ptd(), units: 1_500_000n, receiver })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    await adapter.waitForTransaction({ network, hash: signature! })
    expect(await ptdUnits(receiver)).toBe(1_500_000n)
    // the sender paid the fee and the new account's deposit, nothing else
    expect(before - (await lamports(FROM.address))).toBe(5_000n + rent)
    expect(kernel.toasts.at(-1)).toEqual(['Transaction started', 'success'])
    expect(wallet.requests.at(-1)).toEqual({ feature: 'solana:signAndSendTransaction', chain: 'solana:localnet' })

    // the account exists now: no second deposit
    expect(await buildSolanaTransfer(rpc(), { from: FROM.address, receiver, token: ptd(), units: PTD_UNITS })).toMatchObject({ rent: 0n })
  })

  it('behavior: 0.25 SOL to a fresh address: it holds exactly 0.25 SOL', async () => {
    const receiver = await freshAddress()
    const signature = await submitSolanaSend(kernel, sender, { token: sol('1000'), units: LAMPORTS_PER_SOL / 4n, receiver })
    await adapter.waitForTransaction({ network, hash: signature! })
    expect(await lamports(receiver)).toBe(LAMPORTS_PER_SOL / 4n)
  })

  it('behavior: the preview prices the fee in SOL and the new token account\'s deposit', async () => {
    kernel.actions.length = 0
    await previewSolanaFee(kernel, sender, { token: ptd(), units: PTD_UNITS, receiver: await freshAddress() })
    const estimated = kernel.actions.find((a) => a.type === sendActions.feeEstimated.type)
    expect(estimated?.payload).toMatchObject({ fee: '5000', rent: String(await rpc().getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send()) })
  })

  it('behavior: Max on SOL leaves exactly the fee: sending it empties the account', async () => {
    // a key of its own, funded with 0.1 SOL
    const seed = getBase16Decoder().decode(crypto.getRandomValues(new Uint8Array(32)))
    const own = await signerFromSeed(seed)
    const fund = await submitSolanaSend(kernel, sender, { token: sol('1000'), units: LAMPORTS_PER_SOL / 10n, receiver: own.address })
    await adapter.waitForTransaction({ network, hash: fund! })
    const ownWallet = await createSolanaDevWallet({ seeds: [seed], rpcUrls: { 'solana:localnet': chain.rpcUrl } })
    const connector = defineConnector({ id: 'solana.own', name: 'Own', type: 'ANNOUNCED', chains: ['solana'], info: { rdns: 'own' }, getProvider: async () => ownWallet })
    await adapter.connect({ connector, network })
    const ownSender = { ...sender, address: own.address, connector }
    const balance = await lamports(own.address)
    const max = await maxSol(ownSender, sol('0.1'), balance)
    expect(max).toBe(balance - 5_000n)
    const signature = await submitSolanaSend(kernel, ownSender, { token: sol('0.1'), units: max, receiver: await freshAddress() })
    await adapter.waitForTransaction({ network, hash: signature! })
    expect(await lamports(own.address)).toBe(0n)
  })

  it('behavior: the picker lists the SPL tokens the chain says the account holds, named from the api list when it knows the mint', async () => {
    const target = { namespace: 'solana' as const, address: FROM.address, caipNetworkId: SOLANA_LOCAL_CHAIN_ID }
    const named = await solanaTokenBalances(kernel, target, [sol('1000'), ptd('1')])
    expect(named.map((b) => [b.symbol, b.address ?? null])).toEqual([
      ['SOL', null],
      ['PTD', `${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}`],
    ])
    // the quantity is the chain's, not the list's
    expect(named[1]!.quantity.numeric).toBe(unitsToDecimal((await ptdUnits(FROM.address))!, 6))
    const unnamed = await solanaTokenBalances(kernel, target, [])
    expect(unnamed).toEqual([expect.objectContaining({ symbol: 'ojs1...o4Akdd', price: 0, address: `${SOLANA_LOCAL_CHAIN_ID}:${SOLANA_PTD.mint}` })])
  })

  it('error: a refusal in the wallet is "Signature declined"; a transfer the chain refuses is SPEC §8\'s sentence; nothing moves', async () => {
    const receiver = await freshAddress()
    vi.spyOn(console, 'warn').mockImplementation(() => {}) // the flow logs each failure
    wallet.setMode('reject')
    try {
      expect(await submitSolanaSend(kernel, sender, { token: ptd(), units: PTD_UNITS, receiver })).toBeUndefined()
    } finally {
      wallet.setMode('approve')
    }
    expect(kernel.toasts.at(-1)).toEqual(['Signature declined', 'error'])
    // more PTD than the sender holds: transferChecked fails in the chain's preflight
    expect(await submitSolanaSend(kernel, sender, { token: ptd(), units: 10n ** 15n, receiver })).toBeUndefined()
    expect(kernel.toasts.at(-1)).toEqual(['Failed to send transaction. Please try again.', 'error'])
    expect(await ptdUnits(receiver)).toBeUndefined()
  })

  it('error: an unknown mint is refused before anything is signed', async () => {
    const bogus = { ...ptd(), address: `${SOLANA_LOCAL_CHAIN_ID}:${await freshAddress()}` }
    await expect(buildSolanaTransfer(rpc(), { from: FROM.address, receiver: await freshAddress(), token: bogus, units: 1n })).rejects.toThrow(/does not exist on this network/)
  })
})
