import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type Rpc,
  type SolanaRpcApi,
  type TransactionMessageBytesBase64,
} from '@solana/kit'
import type { CaipNetworkLike } from '@portico/contracts/plugin'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { isNative } from '../amounts.js'
import { mintOf } from './balances.js'

/** The Token-2022 program: its transferChecked and associated accounts have the SPL Token layout. */
export const TOKEN_2022_PROGRAM_ADDRESS = toAddress('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
/** Bytes of an SPL token account (what a new associated token account's rent deposit is for). */
export const TOKEN_ACCOUNT_SIZE = 165n

export type SolanaRpc = Rpc<SolanaRpcApi>

/** The RPC client of a network (its first http(s) URL), one per URL. */
const rpcs = new Map<string, SolanaRpc>()
export function rpcOf(network: CaipNetworkLike): SolanaRpc {
  const url = [...network.rpcUrls.default.http, ...(network.rpcUrls.chainDefault?.http ?? [])].find((u) => /^https?:\/\//.test(u))
  if (!url) throw new Error(`${network.name} has no RPC URL to build the transaction with.`)
  let rpc = rpcs.get(url)
  if (!rpc) rpcs.set(url, (rpc = createSolanaRpc(url)))
  return rpc
}

export type SolanaTransferParameters = { from: string; receiver: string; token: TokenBalance; units: bigint }

/** A built transfer: its wire bytes (unsigned), its fee, and the rent of the receiver's token account it creates. */
export type SolanaTransfer = {
  transaction: Uint8Array
  /** Lamports the network charges for it (`getFeeForMessage`). */
  fee: bigint
  /** Lamports set aside for the receiver's new associated token account; 0 when it exists or for SOL. */
  rent: bigint
}

/** The program that owns a mint (SPL Token or Token-2022); an error for anything else. */
async function tokenProgramOf(rpc: SolanaRpc, mint: Address): Promise<Address> {
  const { value } = await rpc.getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' }).send()
  if (!value) throw new Error(`The token mint ${mint} does not exist on this network.`)
  if (value.owner !== TOKEN_PROGRAM_ADDRESS && value.owner !== TOKEN_2022_PROGRAM_ADDRESS) throw new Error(`${mint} is not an SPL token mint.`)
  return value.owner
}

/**
 * The instructions that move `units` of `token` from `from` to `receiver`: a System Program transfer for SOL; for
 * an SPL token, `transferChecked` between the two associated token accounts, preceded by the receiver's account's
 * creation (idempotent, paid by the sender) when it does not exist yet.
 */
export async function transferInstructions(rpc: SolanaRpc, p: SolanaTransferParameters): Promise<{ instructions: Instruction[]; createsAccount: boolean }> {
  const signer = createNoopSigner(toAddress(p.from))
  const receiver = toAddress(p.receiver.trim())
  if (isNative(p.token)) return { instructions: [getTransferSolInstruction({ source: signer, destination: receiver, amount: p.units })], createsAccount: false }
  const mint = toAddress(mintOf(p.token) ?? '')
  const tokenProgram = await tokenProgramOf(rpc, mint)
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: signer.address, mint, tokenProgram }),
    findAssociatedTokenPda({ owner: receiver, mint, tokenProgram }),
  ])
  const { value: existing } = await rpc.getAccountInfo(destination, { encoding: 'base64', commitment: 'confirmed' }).send()
  const decimals = Number(p.token.quantity.decimals)
  const transfer = getTransferCheckedInstruction({ source, mint, destination, authority: signer, amount: p.units, decimals }, { programAddress: tokenProgram })
  if (existing) return { instructions: [transfer], createsAccount: false }
  const create = getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata: destination, owner: receiver, mint, tokenProgram })
  return { instructions: [create, transfer], createsAccount: true }
}

/**
 * Builds the transfer as one transaction paid by the sender, on a fresh blockhash, and prices it: the network
 * fee of its message and, when it creates the receiver's token account, that account's rent deposit.
 *
 * @example
 * const { transaction, fee, rent } = await buildSolanaTransfer(rpcOf(network), { from, receiver, token: ptd, units: 1_500_000n })
 */
export async function buildSolanaTransfer(rpc: SolanaRpc, p: SolanaTransferParameters): Promise<SolanaTransfer> {
  const [{ instructions, createsAccount }, { value: blockhash }] = await Promise.all([
    transferInstructions(rpc, p),
    rpc.getLatestBlockhash({ commitment: 'confirmed' }).send(),
  ])
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(toAddress(p.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const compiled = compileTransaction(message)
  const base64 = getBase64Decoder().decode(compiled.messageBytes) as TransactionMessageBytesBase64
  const [{ value: fee }, rent] = await Promise.all([
    rpc.getFeeForMessage(base64, { commitment: 'confirmed' }).send(),
    createsAccount ? rpc.getMinimumBalanceForRentExemption(TOKEN_ACCOUNT_SIZE).send() : Promise.resolve(0n),
  ])
  if (fee === null) throw new Error('The network priced no fee for the transaction (its blockhash expired).')
  return { transaction: new Uint8Array(getTransactionEncoder().encode(compiled)), fee: BigInt(fee), rent: BigInt(rent) }
}

/**
 * Max for SOL: the balance less the fee of a plain SOL transfer, priced by the network. Never below zero. (An
 * account emptied to zero is closed, which Solana allows; one left with less than its rent deposit is refused.)
 */
export async function maxSolUnits(rpc: SolanaRpc, p: { from: string; token: TokenBalance; balance: bigint }): Promise<bigint> {
  const { fee } = await buildSolanaTransfer(rpc, { from: p.from, receiver: p.from, token: p.token, units: 1n })
  const left = p.balance - fee
  return left > 0n ? left : 0n
}
