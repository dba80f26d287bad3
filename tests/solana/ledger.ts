/**
 * The chain behind the RPC: a LiteSVM instance (the real SVM runtime: system and SPL programs, fees, rent,
 * signature checks) plus what a validator keeps around it and LiteSVM does not: slots and block heights, the recent
 * blockhashes a transaction may use (150 blocks, as on mainnet), every landed transaction with its meta, and a
 * per-address signature index for history. Each landed transaction closes a block; `tick()` closes an empty one.
 */
import { EventEmitter } from 'node:events'
import { LiteSVM, type FailedTransactionMetadata, type TransactionMetadata } from 'litesvm'
import {
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type MaybeEncodedAccount,
  type ReadonlyUint8Array,
  type Transaction,
} from '@solana/kit'
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { describeTransactionError, RPC_ERROR, RpcError, transactionErrorJson, type TransactionErrorJson } from './errors.ts'
import { SOLANA_LOCAL_GENESIS_HASH, signerFromSeed } from './keys.ts'
import type { AccountLike } from './encode.ts'
import { decodeMint, decodeTokenAccount, MEMO_PROGRAM_ADDRESSES, uiTokenAmount, type UiTokenAmount } from './parse.ts'

/** Blocks a blockhash stays usable for (as on mainnet). */
export const BLOCKHASH_VALIDITY = 150n
/** What every signature costs, as on mainnet. */
export const LAMPORTS_PER_SIGNATURE = 5000n
/** Seed of the faucet that answers `requestAirdrop` (`sha256("portico-solana-faucet")`). */
const FAUCET_SEED = 'aa1c3c19d13a4b3918c253fe70f3294b98201018c987a2037bbe1034944a3ba0'
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
/** Programs built into the runtime (their instructions reserve 3,000 compute units, not 200,000). */
const BUILTIN_PROGRAMS = new Set<string>([
  SYSTEM_PROGRAM_ADDRESS,
  COMPUTE_BUDGET_PROGRAM,
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Ed25519SigVerify111111111111111111111111111',
  'KeccakSecp256k11111111111111111111111111111',
  'Secp256r1SigVerify1111111111111111111111111',
])

export type TokenBalance = { accountIndex: number; mint: Address; owner: Address; programId: Address; uiTokenAmount: UiTokenAmount }
export type CompiledInstructionJson = { programIdIndex: number; accounts: number[]; data: Uint8Array; stackHeight: number | null }

/** A transaction that landed (succeeded or failed in execution, fee charged), with what `getTransaction` shows. */
export type StoredTransaction = {
  signature: string
  slot: bigint
  blockTime: number
  wire: Uint8Array
  signatures: string[]
  version: 'legacy' | 0
  header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number }
  staticAccounts: Address[]
  loaded: { writable: Address[]; readonly: Address[] }
  /** Static accounts, then loaded writable, then loaded readonly. */
  accountKeys: Address[]
  recentBlockhash: string
  instructions: CompiledInstructionJson[]
  addressTableLookups?: { accountKey: Address; writableIndexes: number[]; readonlyIndexes: number[] }[]
  err: TransactionErrorJson | null
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
  innerInstructions: { index: number; instructions: CompiledInstructionJson[] }[]
  computeUnitsConsumed: bigint
  returnData: { programId: Address; data: [string, 'base64'] } | null
  memo: string | null
}

/** A decoded wire transaction with what the ledger needs to know of it. */
export type DecodedTransaction = {
  transaction: Transaction
  signature: string
  signatures: (string | null)[]
  version: 'legacy' | 0
  header: StoredTransaction['header']
  staticAccounts: Address[]
  loaded: { writable: Address[]; readonly: Address[] }
  accountKeys: Address[]
  recentBlockhash: string
  instructions: CompiledInstructionJson[]
  addressTableLookups?: StoredTransaction['addressTableLookups']
}

export type SimulationResult = {
  err: TransactionErrorJson | null
  logs: string[]
  accounts: (AccountLike | null)[] | null
  unitsConsumed: bigint
  returnData: StoredTransaction['returnData']
  innerInstructions: StoredTransaction['innerInstructions'] | null
  replacementBlockhash?: { blockhash: string; lastValidBlockHeight: bigint }
}

export type LedgerEvents = {
  slot: [{ slot: bigint; parent: bigint; root: bigint }]
  transaction: [StoredTransaction]
  accounts: [Address[]]
}

const base58 = getBase58Decoder()
const base64 = getBase64Decoder()

function resultError(result: TransactionMetadata | FailedTransactionMetadata): TransactionErrorJson | null {
  return 'err' in result ? transactionErrorJson(result.err()) : null
}

function metaOf(result: TransactionMetadata | FailedTransactionMetadata): TransactionMetadata {
  return 'err' in result ? result.meta() : result
}

function innerOf(meta: TransactionMetadata): StoredTransaction['innerInstructions'] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction()
        return { programIdIndex: ix.programIdIndex(), accounts: [...ix.accounts()], data: ix.data(), stackHeight: inner.stackHeight() }
      }),
    }))
    .filter((entry) => entry.instructions.length > 0)
}

function returnDataOf(meta: TransactionMetadata): StoredTransaction['returnData'] {
  const data = meta.returnData()
  const bytes = data.data()
  if (!bytes.length) return null
  return { programId: base58.decode(data.programId()) as Address, data: [base64.decode(bytes), 'base64'] }
}

/** The local chain. Create it with {@link Ledger.create}. */
export class Ledger extends EventEmitter<LedgerEvents> {
  readonly svm: LiteSVM
  readonly genesisHash = SOLANA_LOCAL_GENESIS_HASH
  readonly faucet: KeyPairSigner
  #slot = 0n
  #blockhashes = new Map<string, bigint>()
  #transactions = new Map<string, StoredTransaction>()
  #byAddress = new Map<string, string[]>()
  #airdrops: Promise<unknown> = Promise.resolve()

  private constructor(faucet: KeyPairSigner) {
    super()
    this.faucet = faucet
    // blockhashes are checked here (LiteSVM alone accepts only the latest one)
    this.svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(1_000_000n)
    this.svm.setAccount({
      address: faucet.address,
      data: new Uint8Array(),
      executable: false,
      lamports: lamports(1n << 62n),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      space: 0n,
    })
    this.svm.warpToSlot(0n)
    this.#setClockTime()
    this.#blockhashes.set(this.svm.latestBlockhash(), BLOCKHASH_VALIDITY)
  }

  /**
   * A fresh chain at slot 0, with a funded faucet for airdrops.
   *
   * @example
   * const ledger = await Ledger.create()
   * await ledger.airdrop(address, 1_000_000_000n)
   */
  static async create(): Promise<Ledger> {
    return new Ledger(await signerFromSeed(FAUCET_SEED))
  }

  get slot(): bigint {
    return this.#slot
  }

  /** One block per slot: the block height is the slot. */
  get blockHeight(): bigint {
    return this.#slot
  }

  get transactionCount(): bigint {
    return BigInt(this.#transactions.size)
  }

  get latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#blockhashes.get(blockhash) ?? this.#slot + BLOCKHASH_VALIDITY }
  }

  isBlockhashValid(blockhash: string): boolean {
    const lastValid = this.#blockhashes.get(blockhash)
    return lastValid !== undefined && this.#slot <= lastValid
  }

  #setClockTime() {
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
  }

  /** Closes the current block: the next slot, a new blockhash, older ones expire after {@link BLOCKHASH_VALIDITY}. */
  tick(): void {
    const parent = this.#slot
    this.#slot += 1n
    this.svm.warpToSlot(this.#slot)
    this.#setClockTime()
    this.svm.expireBlockhash()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#slot + BLOCKHASH_VALIDITY)
    for (const [hash, lastValid] of this.#blockhashes) if (lastValid < this.#slot) this.#blockhashes.delete(hash)
    this.emit('slot', { slot: this.#slot, parent, root: parent })
  }

  getAccount(address: Address): MaybeEncodedAccount {
    return this.svm.getAccount(address)
  }

  /** Decimals of a mint, when the account is one. */
  decimalsOf = (mint: Address): number | undefined => {
    const account = this.svm.getAccount(mint)
    return account.exists ? decodeMint(account.programAddress, account.data as Uint8Array)?.decimals : undefined
  }

  /** Writes an account directly (genesis funding), and tells subscribers. */
  setAccount(account: Parameters<LiteSVM['setAccount']>[0]): void {
    this.svm.setAccount(account)
    this.emit('accounts', [account.address])
  }

  getTransaction(signature: string): StoredTransaction | undefined {
    return this.#transactions.get(signature)
  }

  /**
   * Signatures touching `address`, newest first; `before` and `until` (exclusive) page through them like a validator.
   * An unknown `before` gives an empty page.
   */
  signaturesFor(address: string, options: { before?: string; until?: string; limit: number }): StoredTransaction[] {
    const list = this.#byAddress.get(address) ?? []
    let end = list.length
    if (options.before !== undefined) {
      const at = list.lastIndexOf(options.before)
      end = at === -1 ? 0 : at
    }
    const out: StoredTransaction[] = []
    for (let i = end - 1; i >= 0 && out.length < options.limit; i--) {
      if (list[i] === options.until) break
      out.push(this.#transactions.get(list[i]!)!)
    }
    return out
  }

  /**
   * The fee the SVM charges for a message: per signature, plus the compute-unit price times the limit. Without a
   * SetComputeUnitLimit the limit is 3,000 units per builtin-program instruction and 200,000 per other one (at most
   * 1,400,000), as the runtime reserves them.
   */
  feeFor(message: { header: { numRequiredSignatures: number }; instructions: CompiledInstructionJson[]; accountKeys: Address[] }): bigint {
    let price = 0n
    let limit: bigint | undefined
    let reserved = 0n
    for (const ix of message.instructions) {
      const program = message.accountKeys[ix.programIdIndex]!
      reserved += BUILTIN_PROGRAMS.has(program) ? 3_000n : 200_000n
      if (program !== COMPUTE_BUDGET_PROGRAM) continue
      const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength)
      if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true)
      if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(view.getUint32(1, true))
    }
    const units = limit ?? (reserved > 1_400_000n ? 1_400_000n : reserved)
    const priority = (price * units + 999_999n) / 1_000_000n
    return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + priority
  }

  /**
   * Decodes a wire transaction (throws an invalid-params RpcError when it is not one).
   *
   * @example
   * const decoded = ledger.decode(getBase64Encoder().encode(wire))
   */
  decode(wire: Uint8Array): DecodedTransaction {
    let transaction: Transaction
    try {
      transaction = getTransactionDecoder().decode(wire)
    } catch (error) {
      throw new RpcError(RPC_ERROR.invalidParams, `failed to deserialize transaction: ${(error as Error).message}`)
    }
    const message = this.decodeMessage(transaction.messageBytes)
    const signatures = message.staticAccounts
      .slice(0, message.header.numRequiredSignatures)
      .map((signer) => transaction.signatures[signer])
      .map((bytes) => (bytes ? base58.decode(bytes) : null))
    return { ...message, transaction, signatures, signature: signatures[0] ?? base58.decode(new Uint8Array(64)) }
  }

  /**
   * Decodes a compiled message (the part of a transaction that is signed), resolving address lookup tables.
   *
   * @example
   * ledger.decodeMessage(getBase64Encoder().encode(messageBase64)).header.numRequiredSignatures // 1
   */
  decodeMessage(bytes: ReadonlyUint8Array): Omit<DecodedTransaction, 'transaction' | 'signature' | 'signatures'> {
    let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      compiled = getCompiledTransactionMessageDecoder().decode(bytes)
    } catch (error) {
      throw new RpcError(RPC_ERROR.invalidParams, `failed to deserialize transaction message: ${(error as Error).message}`)
    }
    if (compiled.version !== 'legacy' && compiled.version !== 0) {
      throw new RpcError(RPC_ERROR.invalidParams, `Transaction version (${String(compiled.version)}) is not supported`)
    }
    const header = {
      numRequiredSignatures: compiled.header.numSignerAccounts,
      numReadonlySignedAccounts: compiled.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: compiled.header.numReadonlyNonSignerAccounts,
    }
    const lookups = compiled.version === 0 ? (compiled.addressTableLookups ?? []) : []
    const loaded = { writable: [] as Address[], readonly: [] as Address[] }
    for (const lookup of lookups) {
      const table = this.svm.getAccount(lookup.lookupTableAddress)
      const data = table.exists ? (table.data as Uint8Array) : new Uint8Array()
      // an address lookup table: a 56-byte header, then 32-byte addresses
      const addressAt = (i: number) => {
        const start = 56 + i * 32
        if (data.length < start + 32) {
          throw new RpcError(RPC_ERROR.sendTransactionPreflightFailure, 'Transaction simulation failed: Transaction loads an address table account that doesn\'t exist', {
            err: 'AddressLookupTableNotFound',
            logs: [],
            accounts: null,
            unitsConsumed: 0,
            returnData: null,
          })
        }
        return base58.decode(data.subarray(start, start + 32)) as Address
      }
      loaded.writable.push(...lookup.writableIndexes.map(addressAt))
      loaded.readonly.push(...lookup.readonlyIndexes.map(addressAt))
    }
    return {
      version: compiled.version,
      header,
      staticAccounts: [...compiled.staticAccounts],
      loaded,
      accountKeys: [...compiled.staticAccounts, ...loaded.writable, ...loaded.readonly],
      recentBlockhash: compiled.lifetimeToken,
      instructions: compiled.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: [...(ix.accountIndices ?? [])],
        data: new Uint8Array(ix.data ?? new Uint8Array()),
        stackHeight: null,
      })),
      addressTableLookups:
        compiled.version === 0
          ? lookups.map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: [...l.writableIndexes], readonlyIndexes: [...l.readonlyIndexes] }))
          : undefined,
    }
  }

  #usesDurableNonce(tx: DecodedTransaction): boolean {
    const first = tx.instructions[0]
    return !!first && tx.accountKeys[first.programIdIndex] === SYSTEM_PROGRAM_ADDRESS && first.data[0] === 4 && first.data.length === 4
  }

  #simulate(tx: DecodedTransaction, sigVerify: boolean) {
    this.svm.withSigverify(sigVerify)
    try {
      return this.svm.simulateTransaction(tx.transaction)
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * Runs a transaction without committing it. With `replaceRecentBlockhash` its blockhash is not checked (the
   * result names the latest one instead); without `sigVerify` unsigned transactions run too.
   */
  simulate(
    tx: DecodedTransaction,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: readonly Address[] } = {},
  ): SimulationResult {
    const sigVerify = options.sigVerify ?? false
    const rejected = (err: TransactionErrorJson): SimulationResult => ({
      err,
      logs: [],
      accounts: null,
      unitsConsumed: 0n,
      returnData: null,
      innerInstructions: null,
    })
    if (sigVerify && tx.signatures.some((s) => s === null)) return rejected('SignatureFailure')
    if (!options.replaceRecentBlockhash && !this.isBlockhashValid(tx.recentBlockhash) && !this.#usesDurableNonce(tx)) {
      return rejected('BlockhashNotFound')
    }
    if (this.#transactions.has(tx.signature) && sigVerify) return rejected('AlreadyProcessed')
    let result: ReturnType<Ledger['svm']['simulateTransaction']>
    try {
      result = this.#simulate(tx, sigVerify)
    } catch {
      return rejected('SanitizeFailure')
    }
    const failed = 'err' in result ? result : undefined
    const meta = result.meta()
    const post = 'err' in result ? [] : result.postAccounts()
    const accounts = options.accounts?.map((address) => {
      const changed = post.find((a) => a.address === address)
      if (changed) return { ...changed, exists: true as const }
      const current = this.svm.getAccount(address)
      return current.exists ? current : null
    })
    return {
      err: failed ? transactionErrorJson(failed.err()) : null,
      logs: meta.logs(),
      accounts: accounts ?? null,
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      innerInstructions: innerOf(meta),
      ...(options.replaceRecentBlockhash ? { replacementBlockhash: this.latestBlockhash } : {}),
    }
  }

  #preflightError(result: SimulationResult): RpcError {
    if (result.err === 'SignatureFailure') return new RpcError(RPC_ERROR.signatureVerificationFailure, 'Transaction signature verification failure')
    return new RpcError(RPC_ERROR.sendTransactionPreflightFailure, `Transaction simulation failed: ${describeTransactionError(result.err!)}`, {
      err: result.err,
      logs: result.logs,
      accounts: null,
      unitsConsumed: result.unitsConsumed,
      returnData: result.returnData,
      innerInstructions: null,
    })
  }

  #tokenBalances(keys: Address[]): TokenBalance[] {
    const out: TokenBalance[] = []
    keys.forEach((key, accountIndex) => {
      const account = this.svm.getAccount(key)
      if (!account.exists) return
      const token = decodeTokenAccount(account.programAddress, account.data as Uint8Array)
      if (!token) return
      const decimals = this.decimalsOf(token.mint) ?? 0
      out.push({ accountIndex, mint: token.mint, owner: token.owner, programId: account.programAddress, uiTokenAmount: uiTokenAmount(token.amount, decimals) })
    })
    return out
  }

  #balances(keys: Address[]): bigint[] {
    return keys.map((key) => this.svm.getBalance(key) ?? 0n)
  }

  /**
   * Sends a transaction: with preflight it is simulated first and a failure is thrown as the RPC's -32002 error;
   * otherwise a transaction that fails in execution lands with its error (fee charged), as on a validator. One
   * that cannot land at all (bad signature, unknown blockhash, no fee) is always thrown.
   */
  send(tx: DecodedTransaction, options: { skipPreflight?: boolean } = {}): StoredTransaction {
    if (tx.signatures.some((s) => s === null)) {
      throw new RpcError(RPC_ERROR.signatureVerificationFailure, 'Transaction signature verification failure')
    }
    const check = this.simulate(tx, { sigVerify: true })
    // fieldless errors (blockhash, fee, signature, already processed) mean the transaction cannot land at all
    if (check.err !== null && (!options.skipPreflight || this.#rejectsBeforeExecution(check.err))) throw this.#preflightError(check)
    // the block's time is when it executes (an idle chain's clock would lag otherwise)
    this.#setClockTime()
    const keys = tx.accountKeys
    const preBalances = this.#balances(keys)
    const preTokenBalances = this.#tokenBalances(keys)
    let result: TransactionMetadata | FailedTransactionMetadata
    try {
      result = this.svm.sendTransaction(tx.transaction)
    } catch (error) {
      throw new RpcError(RPC_ERROR.invalidParams, `invalid transaction: ${(error as Error).message}`)
    }
    const postBalances = this.#balances(keys)
    const err = resultError(result)
    if (err !== null && preBalances[0] === postBalances[0]) {
      // nothing was charged: the transaction did not land
      throw this.#preflightError({ ...check, err, logs: metaOf(result).logs() })
    }
    const meta = metaOf(result)
    const memo = this.#memoOf(tx)
    const stored: StoredTransaction = {
      signature: tx.signature,
      slot: this.#slot,
      blockTime: Number(this.svm.getClock().unixTimestamp),
      wire: new Uint8Array(getTransactionEncoder().encode(tx.transaction)),
      signatures: tx.signatures as string[],
      version: tx.version,
      header: tx.header,
      staticAccounts: tx.staticAccounts,
      loaded: tx.loaded,
      accountKeys: keys,
      recentBlockhash: tx.recentBlockhash,
      instructions: tx.instructions,
      addressTableLookups: tx.addressTableLookups,
      err,
      fee: this.feeFor({ header: tx.header, instructions: tx.instructions, accountKeys: keys }),
      preBalances,
      postBalances,
      preTokenBalances,
      postTokenBalances: this.#tokenBalances(keys),
      logMessages: meta.logs(),
      innerInstructions: innerOf(meta),
      computeUnitsConsumed: meta.computeUnitsConsumed(),
      returnData: returnDataOf(meta),
      memo,
    }
    this.#transactions.set(stored.signature, stored)
    for (const key of new Set(keys)) {
      const list = this.#byAddress.get(key) ?? []
      list.push(stored.signature)
      this.#byAddress.set(key, list)
    }
    this.emit('transaction', stored)
    this.emit('accounts', keys)
    this.tick()
    return stored
  }

  #rejectsBeforeExecution(err: TransactionErrorJson): boolean {
    return typeof err === 'string' && !['ProgramAccountNotFound', 'InvalidProgramForExecution'].includes(err)
  }

  #memoOf(tx: DecodedTransaction): string | null {
    const memos = tx.instructions
      .filter((ix) => MEMO_PROGRAM_ADDRESSES.includes(tx.accountKeys[ix.programIdIndex]!))
      .map((ix) => {
        // as a validator writes it: the memo's length in bytes, then its text
        return `[${ix.data.length}] ${new TextDecoder().decode(ix.data)}`
      })
    return memos.length ? memos.join('; ') : null
  }

  /**
   * Sends lamports from the faucet in a real transfer transaction (it shows in history like any other).
   *
   * @example
   * const signature = await ledger.airdrop(address, 2_000_000_000n)
   */
  airdrop(to: Address, amount: bigint): Promise<string> {
    // one at a time: two equal airdrops signed over the same blockhash would be the same transaction
    const next = this.#airdrops.then(() => this.#airdrop(to, amount))
    this.#airdrops = next.catch(() => {})
    return next
  }

  async #airdrop(to: Address, amount: bigint): Promise<string> {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.faucet, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.latestBlockhash, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: this.faucet, destination: to, amount }), m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    return this.send(this.decode(new Uint8Array(getTransactionEncoder().encode(signed)))).signature
  }
}
