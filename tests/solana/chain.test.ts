/**
 * The local chain driven by `@solana/kit`'s own RPC and subscriptions clients: every transaction really runs on the
 * SVM, and kit's confirmation (signature and slot subscriptions) works against it.
 */
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  compileTransactionMessage,
  getBase64Decoder,
  getBase58Decoder,
  getBase64Encoder,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { WebSocket } from 'ws'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { devKeyPairs, LAMPORTS_PER_SOL, SOLANA_DEV_ADDRESSES, SOLANA_DEV_SOL, SOLANA_LOCAL_GENESIS_HASH, SOLANA_PTD } from './keys.ts'
import { ptdAccountOf } from './seed.ts'
import { startSolanaChain, type SolanaChain } from './server.ts'

// typed as a test cluster: requestAirdrop is part of its API
const rpcFor = (url: string) => createSolanaRpc(devnet(url))
const subscriptionsFor = (url: string) => createSolanaRpcSubscriptions(devnet(url))

let chain: SolanaChain
let rpc: ReturnType<typeof rpcFor>
let subscriptions: ReturnType<typeof subscriptionsFor>
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>
let dev: KeyPairSigner[]

beforeAll(async () => {
  chain = await startSolanaChain({ slotMs: 0 })
  rpc = rpcFor(chain.rpcUrl)
  subscriptions = subscriptionsFor(chain.wsUrl)
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: subscriptions })
  dev = await devKeyPairs()
})
afterAll(() => chain?.close())

async function signed(payer: KeyPairSigner, instructions: Instruction[], blockhash?: Parameters<typeof setTransactionMessageLifetimeUsingBlockhash>[0]) {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  return signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

/** A JSON-RPC call by hand, for what kit's client never sends. */
async function raw(body: unknown) {
  const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  expect(res.status).toBe(200)
  return res.json()
}

const balanceOf = async (a: Address) => (await rpc.getBalance(a).send()).value

describe('local solana chain: identity and dev state', () => {
  it('reports its fixed genesis hash, health and version', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(SOLANA_LOCAL_GENESIS_HASH)
    expect(await rpc.getHealth().send()).toBe('ok')
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.blockHeight).toBe(await rpc.getBlockHeight().send())
    expect(epoch.absoluteSlot).toBe(await rpc.getSlot().send())
  })

  it('funds the dev keys with SOL and PTD in their associated token accounts', async () => {
    for (const a of SOLANA_DEV_ADDRESSES.slice(1)) expect(await balanceOf(a)).toBe(SOLANA_DEV_SOL * LAMPORTS_PER_SOL)
    const owner = SOLANA_DEV_ADDRESSES[1]!
    const { value } = await rpc.getTokenAccountsByOwner(owner, { mint: SOLANA_PTD.mint }, { encoding: 'jsonParsed' }).send()
    expect(value).toHaveLength(1)
    expect(value[0]!.pubkey).toBe(await ptdAccountOf(owner))
    expect(value[0]!.account.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(value[0]!.account.data.parsed.info).toMatchObject({
      mint: SOLANA_PTD.mint,
      owner,
      state: 'initialized',
      tokenAmount: { amount: '10000000000', decimals: 6, uiAmount: 10000, uiAmountString: '10000' },
    })
    const byProgram = await rpc.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send()
    expect(byProgram.value.map((v) => v.pubkey)).toEqual([value[0]!.pubkey])
    // past the holders: SOL only
    const last = SOLANA_DEV_ADDRESSES[SOLANA_PTD.holders]!
    expect((await rpc.getTokenAccountsByOwner(last, { mint: SOLANA_PTD.mint }, { encoding: 'jsonParsed' }).send()).value).toEqual([])
  })

  it('shows the PTD mint parsed and its supply', async () => {
    const { value } = await rpc.getAccountInfo(SOLANA_PTD.mint, { encoding: 'jsonParsed' }).send()
    expect(value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, mintAuthority: SOLANA_PTD.mintAuthority, freezeAuthority: null, isInitialized: true } },
    })
    const supply = await rpc.getTokenSupply(SOLANA_PTD.mint).send()
    expect(supply.value.uiAmountString).toBe(String(SOLANA_PTD.grant * BigInt(SOLANA_PTD.holders)))
  })

  it('answers accounts that do not exist with null', async () => {
    const nobody = (await generateKeyPairSigner()).address
    expect((await rpc.getAccountInfo(nobody, { encoding: 'base64' }).send()).value).toBeNull()
    expect((await rpc.getMultipleAccounts([nobody, SOLANA_PTD.mint], { encoding: 'base64' }).send()).value.map((v) => v?.owner ?? null)).toEqual([
      null,
      TOKEN_PROGRAM_ADDRESS,
    ])
    expect(await balanceOf(nobody)).toBe(0n)
  })
})

describe('local solana chain: transactions', () => {
  it('airdrops through kit (requestAirdrop confirmed over signatureSubscribe)', async () => {
    const target = (await generateKeyPairSigner()).address
    const signature = await airdropFactory({ rpc, rpcSubscriptions: subscriptions })({
      recipientAddress: target,
      lamports: lamports(2n * LAMPORTS_PER_SOL),
      commitment: 'confirmed',
    })
    expect(await balanceOf(target)).toBe(2n * LAMPORTS_PER_SOL)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  it('transfers SOL confirmed through sendAndConfirmTransactionFactory, charging the quoted fee', async () => {
    const [alice] = dev
    const bob = (await generateKeyPairSigner()).address
    const before = await balanceOf(alice!.address)
    const amount = 1_234_567_890n
    const tx = await signed(alice!, [getTransferSolInstruction({ source: alice!, destination: bob, amount })])
    const { value: fee } = await rpc.getFeeForMessage(getBase64Decoder().decode(tx.messageBytes) as never).send()
    expect(fee).toBe(5000n)
    await sendAndConfirm(tx as never, { commitment: 'confirmed' })
    expect(await balanceOf(bob)).toBe(amount)
    expect(await balanceOf(alice!.address)).toBe(before - amount - fee!)

    const got = await rpc.getTransaction(getSignatureFromTransaction(tx), { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send()
    expect(got?.meta?.err).toBeNull()
    expect(got?.meta?.fee).toBe(5000n)
    expect(got?.version).toBe(0)
    expect(got?.transaction.message.instructions[0]).toMatchObject({
      program: 'system',
      parsed: { type: 'transfer', info: { source: alice!.address, destination: bob, lamports: amount } },
    })
  })

  it('accepts a transaction in base58 (the default encoding) as well as base64', async () => {
    const [, , , , , , grace] = dev
    const henry = (await generateKeyPairSigner()).address
    const tx = await signed(grace!, [getTransferSolInstruction({ source: grace!, destination: henry, amount: LAMPORTS_PER_SOL })])
    const wire58 = getBase58Decoder().decode(getBase64Encoder().encode(getBase64EncodedWireTransaction(tx)))
    const body = await raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire58] })
    expect(body).toEqual({ jsonrpc: '2.0', id: 1, result: getSignatureFromTransaction(tx) })
    expect(await balanceOf(henry)).toBe(LAMPORTS_PER_SOL)
    // the same bytes again: already processed
    const again = await raw({ jsonrpc: '2.0', id: 2, method: 'sendTransaction', params: [wire58] })
    expect(again.error.code).toBe(-32002)
    expect(again.error.data.err).toBe('AlreadyProcessed')
  })

  it('quotes and charges priority fees as the runtime does (compute-unit price, reserved units)', async () => {
    const [, , , , , frank] = dev
    const computeUnitPrice = (microLamports: bigint): Instruction => {
      const data = new Uint8Array(9)
      data[0] = 3
      new DataView(data.buffer).setBigUint64(1, microLamports, true)
      return { programAddress: 'ComputeBudget111111111111111111111111111111' as Address, accounts: [], data }
    }
    const memo: Instruction = { programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address, accounts: [], data: new Uint8Array([104, 105]) }
    const gus = (await generateKeyPairSigner()).address
    const tx = await signed(frank!, [computeUnitPrice(1_000_000n), getTransferSolInstruction({ source: frank!, destination: gus, amount: LAMPORTS_PER_SOL }), memo])
    const { value: quoted } = await rpc.getFeeForMessage(getBase64Decoder().decode(tx.messageBytes) as never).send()
    // 5,000 per signature + 1 lamport per unit of 3,000 (compute budget) + 3,000 (system) + 200,000 (memo)
    expect(quoted).toBe(211_000n)
    const before = await balanceOf(frank!.address)
    await sendAndConfirm(tx as never, { commitment: 'confirmed' })
    expect(before - (await balanceOf(frank!.address))).toBe(LAMPORTS_PER_SOL + quoted!)
    const got = await rpc.getTransaction(getSignatureFromTransaction(tx), { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(got?.meta?.fee).toBe(quoted)
  })

  it('gives each block a fresh blockhash and keeps recent ones valid', async () => {
    const [, bob] = dev
    const first = (await rpc.getLatestBlockhash().send()).value
    await sendAndConfirm((await signed(bob!, [getTransferSolInstruction({ source: bob!, destination: dev[2]!.address, amount: 1n })], first)) as never, {
      commitment: 'confirmed',
    })
    const second = (await rpc.getLatestBlockhash().send()).value
    expect(second.blockhash).not.toBe(first.blockhash)
    expect(second.lastValidBlockHeight).toBeGreaterThan(first.lastValidBlockHeight)
    expect((await rpc.isBlockhashValid(first.blockhash).send()).value).toBe(true)
    // the same transfer again over the older blockhash is a new transaction only if something differs: send 2
    await sendAndConfirm((await signed(bob!, [getTransferSolInstruction({ source: bob!, destination: dev[2]!.address, amount: 2n })], first)) as never, {
      commitment: 'confirmed',
    })
    expect((await rpc.isBlockhashValid('4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as never).send()).value).toBe(false)
  })

  it('transfers PTD with transferChecked, creating the receiver\'s associated token account', async () => {
    const [alice] = dev
    const carol = (await generateKeyPairSigner()).address
    const [carolAta] = await findAssociatedTokenPda({ owner: carol, mint: SOLANA_PTD.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const aliceAta = await ptdAccountOf(alice!.address)
    const before = (await rpc.getTokenAccountBalance(aliceAta).send()).value
    const amount = 12_500_000n // 12.5 PTD
    const tx = await signed(alice!, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: alice!, ata: carolAta, owner: carol, mint: SOLANA_PTD.mint }),
      getTransferCheckedInstruction({ source: aliceAta, mint: SOLANA_PTD.mint, destination: carolAta, authority: alice!, amount, decimals: 6 }),
    ])
    await sendAndConfirm(tx as never, { commitment: 'confirmed' })
    expect((await rpc.getTokenAccountBalance(carolAta).send()).value).toEqual({ amount: '12500000', decimals: 6, uiAmount: 12.5, uiAmountString: '12.5' })
    expect(BigInt((await rpc.getTokenAccountBalance(aliceAta).send()).value.amount)).toBe(BigInt(before.amount) - amount)

    const got = await rpc.getTransaction(getSignatureFromTransaction(tx), { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send()
    const [create, transfer] = got!.transaction.message.instructions as unknown as { program: string; parsed: { type: string; info: object } }[]
    expect(create).toMatchObject({ program: 'spl-associated-token-account', parsed: { type: 'createIdempotent', info: { wallet: carol, mint: SOLANA_PTD.mint } } })
    expect(transfer).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'transferChecked', info: { source: aliceAta, destination: carolAta, authority: alice!.address, tokenAmount: { amount: '12500000' } } },
    })
    expect(got!.meta!.preTokenBalances!.some((b) => b.owner === carol)).toBe(false)
    expect(got!.meta!.postTokenBalances!.find((b) => b.owner === carol)?.uiTokenAmount.uiAmountString).toBe('12.5')
    expect(got!.meta!.innerInstructions!.length).toBeGreaterThan(0)
    // the receiver's history lists it (its wallet address is one of the transaction's accounts)
    const history = await rpc.getSignaturesForAddress(carol).send()
    expect(history.map((h) => h.signature)).toEqual([getSignatureFromTransaction(tx)])
  })

  it('rejects a failing transfer at preflight with the standard error, and lands it with skipPreflight', async () => {
    const [, , , , poor] = dev
    const tooMuch = (SOLANA_DEV_SOL + 1n) * LAMPORTS_PER_SOL
    const tx = await signed(poor!, [getTransferSolInstruction({ source: poor!, destination: dev[0]!.address, amount: tooMuch })])
    const before = await balanceOf(poor!.address)
    const error = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send().catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    const cause = (error as { cause?: unknown }).cause
    expect(isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true)
    expect((cause as { context: { code: number; index: number } }).context).toMatchObject({ code: 1, index: 0 })
    expect((error as { context: { logs: string[] } }).context.logs.join('\n')).toContain('insufficient lamports')
    expect(await balanceOf(poor!.address)).toBe(before)

    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true }).send()
    expect(signature).toBe(getSignatureFromTransaction(tx))
    expect(await balanceOf(poor!.address)).toBe(before - 5000n)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    // kit reads every number of the answer as a bigint
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    const [latest] = await rpc.getSignaturesForAddress(poor!.address, { limit: 1 }).send()
    expect(latest).toMatchObject({ signature, err: { InstructionError: [0n, { Custom: 1n }] } })
    const got = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(got?.meta?.status).toEqual({ Err: { InstructionError: [0n, { Custom: 1n }] } })
  })

  it('rejects an unknown blockhash and a bad signature', async () => {
    const [alice] = dev
    const stale = await signed(alice!, [getTransferSolInstruction({ source: alice!, destination: dev[1]!.address, amount: 3n })], {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as never,
      lastValidBlockHeight: 10n,
    })
    const error = await rpc.sendTransaction(getBase64EncodedWireTransaction(stale), { encoding: 'base64', skipPreflight: true }).send().catch((e: unknown) => e)
    expect(isSolanaError((error as { cause?: unknown }).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(true)

    const tx = await signed(alice!, [getTransferSolInstruction({ source: alice!, destination: dev[1]!.address, amount: 4n })])
    const wire = Buffer.from(getBase64EncodedWireTransaction(tx), 'base64')
    wire[5] = wire[5]! ^ 0xff // inside the first signature
    const body = await raw({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire.toString('base64'), { encoding: 'base64' }] })
    expect(body.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })
  })

  it('simulates unsigned transactions with a replaced blockhash, as kit\'s compute-unit estimate does', async () => {
    const [alice] = dev
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(alice!, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' as never, lastValidBlockHeight: 0n }, m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: alice!, destination: dev[3]!.address, amount: 5n })], m),
    )
    const messageBytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
    const unsigned = Buffer.concat([Buffer.from([1]), Buffer.alloc(64), Buffer.from(messageBytes)]).toString('base64')
    const { value } = await rpc
      .simulateTransaction(unsigned as never, { encoding: 'base64', sigVerify: false, replaceRecentBlockhash: true, accounts: { addresses: [dev[3]!.address], encoding: 'base64' } })
      .send()
    expect(value.err).toBeNull()
    expect(value.unitsConsumed).toBeGreaterThan(0n)
    expect(value.accounts?.[0]?.lamports).toBe((await balanceOf(dev[3]!.address)) + 5n)
    expect(value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash)
  })
})

describe('local solana chain: blocks', () => {
  it('expires a blockhash after 150 blocks, as on mainnet', async () => {
    const [, , alice] = dev
    const old = (await rpc.getLatestBlockhash().send()).value
    for (let i = 0; i < 150; i++) chain.ledger.tick()
    expect((await rpc.isBlockhashValid(old.blockhash).send()).value).toBe(true)
    expect(await rpc.getBlockHeight().send()).toBe(old.lastValidBlockHeight)
    chain.ledger.tick()
    expect((await rpc.isBlockhashValid(old.blockhash).send()).value).toBe(false)
    const tx = await signed(alice!, [getTransferSolInstruction({ source: alice!, destination: dev[0]!.address, amount: 6n })], old)
    const error = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send().catch((e: unknown) => e)
    expect(isSolanaError((error as { cause?: unknown }).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(true)
  })

  it('confirms through kit while empty blocks keep coming (slot timer on)', async () => {
    const ticking = await startSolanaChain({ slotMs: 20 })
    try {
      const tickingRpc = rpcFor(ticking.rpcUrl)
      const confirm = sendAndConfirmTransactionFactory({ rpc: tickingRpc, rpcSubscriptions: subscriptionsFor(ticking.wsUrl) })
      const [alice] = dev
      const bob = (await generateKeyPairSigner()).address
      const { value: lifetime } = await tickingRpc.getLatestBlockhash().send()
      const tx = await signed(alice!, [getTransferSolInstruction({ source: alice!, destination: bob, amount: LAMPORTS_PER_SOL })], lifetime)
      await confirm(tx as never, { commitment: 'confirmed' })
      expect((await tickingRpc.getBalance(bob).send()).value).toBe(LAMPORTS_PER_SOL)
    } finally {
      await ticking.close()
    }
  })
})

describe('local solana chain: history', () => {
  it('pages an address\'s signatures newest first with limit, before and until', async () => {
    const target = (await generateKeyPairSigner()).address
    const sent: Signature[] = []
    for (let i = 1; i <= 5; i++) {
      sent.push((await rpc.requestAirdrop(target, lamports(BigInt(i) * 1_000_000n)).send()) as Signature)
    }
    const newest = [...sent].reverse()
    const page1 = await rpc.getSignaturesForAddress(target, { limit: 2 }).send()
    expect(page1.map((p) => p.signature)).toEqual(newest.slice(0, 2))
    const page2 = await rpc.getSignaturesForAddress(target, { limit: 2, before: page1[1]!.signature }).send()
    expect(page2.map((p) => p.signature)).toEqual(newest.slice(2, 4))
    const page3 = await rpc.getSignaturesForAddress(target, { limit: 2, before: page2[1]!.signature }).send()
    expect(page3.map((p) => p.signature)).toEqual(newest.slice(4))
    const untilThird = await rpc.getSignaturesForAddress(target, { until: sent[2] }).send()
    expect(untilThird.map((p) => p.signature)).toEqual(newest.slice(0, 2))
    expect(page1[0]).toMatchObject({ err: null, memo: null, confirmationStatus: 'finalized' })
    expect(page1[0]!.slot).toBeGreaterThan(page3[0]!.slot)
    expect(await balanceOf(target)).toBe(15_000_000n)
  })
})

describe('local solana chain: transaction encodings', () => {
  it('returns a memo transfer as json, jsonParsed and base64, and lists its memo in history', async () => {
    const [, , , dave] = dev
    const erin = (await generateKeyPairSigner()).address
    const memo: Instruction = {
      programAddress: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address,
      accounts: [],
      data: new TextEncoder().encode('thanks for lunch'),
    }
    const tx = await signed(dave!, [getTransferSolInstruction({ source: dave!, destination: erin, amount: LAMPORTS_PER_SOL }), memo])
    await sendAndConfirm(tx as never, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(tx)
    const [row] = await rpc.getSignaturesForAddress(erin).send()
    expect(row).toMatchObject({ signature, memo: '[16] thanks for lunch' })

    const json = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(json!.transaction.message.accountKeys).toContain(erin)
    expect(json!.transaction.message.header.numRequiredSignatures).toBe(1)
    expect(json!.meta!.loadedAddresses).toEqual({ writable: [], readonly: [] })
    const erinIndex = json!.transaction.message.accountKeys.indexOf(erin)
    expect(json!.meta!.postBalances[erinIndex]! - json!.meta!.preBalances[erinIndex]!).toBe(LAMPORTS_PER_SOL)

    const parsed = await rpc.getTransaction(signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send()
    expect(parsed!.transaction.message.instructions[1]).toMatchObject({ program: 'spl-memo', parsed: 'thanks for lunch' })
    expect(parsed!.transaction.message.accountKeys[0]).toEqual({ pubkey: dave!.address, signer: true, writable: true, source: 'transaction' })

    const base64 = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send()
    expect(base64!.transaction).toEqual([getBase64EncodedWireTransaction(tx), 'base64'])
    expect(await rpc.getTransaction('1111111111111111111111111111111111111111111111111111111111111111' as Signature).send()).toBeNull()
  })
})

describe('local solana chain: subscriptions', () => {
  it('notifies account changes and new slots', async () => {
    const target = (await generateKeyPairSigner()).address
    const abort = new AbortController()
    const accounts = await subscriptions.accountNotifications(target, { encoding: 'base64', commitment: 'confirmed' }).subscribe({ abortSignal: abort.signal })
    const slots = await subscriptions.slotNotifications().subscribe({ abortSignal: abort.signal })
    const slotBefore = await rpc.getSlot().send()
    // poll both before the change: kit's iterators deliver what arrives while they are polled
    const nextAccount = accounts[Symbol.asyncIterator]().next()
    const nextSlot = slots[Symbol.asyncIterator]().next()
    await rpc.requestAirdrop(target, lamports(LAMPORTS_PER_SOL)).send()
    expect((await nextAccount).value?.value.lamports).toBe(LAMPORTS_PER_SOL)
    const slot = (await nextSlot).value
    expect(slot?.slot).toBe(slotBefore + 1n)
    expect(slot?.parent).toBe(slotBefore)
    abort.abort()
  })
})

describe('local solana chain: subscription protocol', () => {
  it('answers unknown methods, bad params and unknown subscription ids with the standard codes', async () => {
    const socket = new WebSocket(chain.wsUrl)
    const answers: { id?: number; error?: { code: number; message: string }; result?: unknown }[] = []
    socket.on('message', (data) => answers.push(JSON.parse(data.toString())))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const ask = async (message: object) => {
      const count = answers.length
      socket.send(JSON.stringify(message))
      await vi.waitFor(() => expect(answers.length).toBeGreaterThan(count))
      return answers[count]!
    }
    expect((await ask({ jsonrpc: '2.0', id: 1, method: 'blockSubscribe', params: [] })).error).toEqual({ code: -32601, message: 'Method not found' })
    expect((await ask({ jsonrpc: '2.0', id: 2, method: 'accountSubscribe', params: ['nope'] })).error?.code).toBe(-32602)
    expect((await ask({ jsonrpc: '2.0', id: 3, method: 'slotUnsubscribe', params: [123456] })).error).toEqual({ code: -32602, message: 'Invalid subscription id.' })
    const subscribed = await ask({ jsonrpc: '2.0', id: 4, method: 'slotSubscribe' })
    expect(typeof subscribed.result).toBe('number')
    expect(await ask({ jsonrpc: '2.0', id: 5, method: 'slotUnsubscribe', params: [subscribed.result] })).toMatchObject({ id: 5, result: true })
    expect((await ask({ jsonrpc: '2.0', id: 6, method: 'accountUnsubscribe', params: [subscribed.result] })).error?.code).toBe(-32602)
    socket.close()
  })
})

describe('local solana chain: JSON-RPC protocol', () => {
  it('answers a batch in order, with per-request errors', async () => {
    const body = await raw([
      { jsonrpc: '2.0', id: 1, method: 'getGenesisHash' },
      { jsonrpc: '2.0', id: 2, method: 'noSuchMethod' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: [SOLANA_DEV_ADDRESSES[4]] },
    ])
    expect(body).toHaveLength(3)
    expect(body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: SOLANA_LOCAL_GENESIS_HASH })
    expect(body[1]).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } })
    expect(body[2].id).toBe(3)
    expect(typeof body[2].result.value).toBe('number')
    expect((await raw([])).error.code).toBe(-32600)
  })

  it('rejects unknown methods, bad params and malformed requests with the standard codes', async () => {
    expect((await raw({ jsonrpc: '2.0', id: 7, method: 'getBlockProduction2' })).error).toEqual({ code: -32601, message: 'Method not found' })
    const bad = await raw({ jsonrpc: '2.0', id: 8, method: 'getBalance', params: ['not-an-address'] })
    expect(bad.id).toBe(8)
    expect(bad.error.code).toBe(-32602)
    expect(bad.error.message).toContain('not a base58 public key')
    expect((await raw({ jsonrpc: '2.0', id: 9, method: 'getSignaturesForAddress', params: [SOLANA_DEV_ADDRESSES[0], { limit: 5000 }] })).error.code).toBe(-32602)
    expect((await raw({ jsonrpc: '2.0', id: 10, method: 'sendTransaction', params: ['%%%'] })).error.code).toBe(-32602)
    expect((await raw({ id: 11, method: 'getSlot' })).error).toEqual({ code: -32600, message: 'Invalid request' })
    const res = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":' })
    expect(res.status).toBe(200)
    expect((await res.json()).error.code).toBe(-32700)
  })

  it('asks for maxSupportedTransactionVersion before returning a v0 transaction', async () => {
    const [latest] = await rpc.getSignaturesForAddress(SOLANA_DEV_ADDRESSES[0]!, { limit: 1 }).send()
    const body = await raw({ jsonrpc: '2.0', id: 2, method: 'getTransaction', params: [latest!.signature] })
    expect(body.error.code).toBe(-32015)
    expect(body.error.message).toContain('"maxSupportedTransactionVersion": 0')
  })

  it('serves CORS preflight and /health for browsers', async () => {
    const pre = await fetch(chain.rpcUrl, { method: 'OPTIONS', headers: { origin: 'http://localhost:4300', 'access-control-request-method': 'POST' } })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-origin')).toBe('*')
    expect(await (await fetch(`${chain.rpcUrl}/health`)).text()).toBe('ok')
  })
})
