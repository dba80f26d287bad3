import { getTransferSolInstruction } from '@solana-program/system'
import {
  address as toAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signature as toSignature,
} from '@solana/kit'
import { networkOf, readRpc, sessionOf, type ParamsOf, type SolanaContext } from './context.js'
import { signAndSendTransaction } from './signing.js'

/**
 * Sends `value` lamports to `to` from the connected account (a System Program transfer with a fresh blockhash),
 * signed and submitted through the wallet; returns the signature in base58. Solana has no calldata: a request
 * with `data` is INVALID_TRANSACTION (build the transaction and use `signAndSendTransaction`).
 */
export async function sendTransaction(ctx: SolanaContext, { connector, address, network, transaction }: ParamsOf<'sendTransaction'>): Promise<string> {
  if (transaction.data !== undefined && transaction.data !== '0x') throw ctx.errors.invalidTransaction('solana transfers carry no data; use signAndSendTransaction for a built transaction')
  if (!isAddress(transaction.to)) throw ctx.errors.invalidTransaction(`"${transaction.to}" is not a solana address`)
  if (!isAddress(address)) throw ctx.errors.invalidTransaction(`"${address}" is not a solana address`)
  const amount = transaction.value ?? 0n
  if (amount <= 0n) throw ctx.errors.invalidTransaction('the amount must be above zero')
  const target = networkOf(ctx, network)
  await sessionOf(ctx, connector, address)
  const { value: blockhash } = await readRpc(ctx, target, (rpc) => rpc.getLatestBlockhash({ commitment: 'confirmed' }).send())
  const from = createNoopSigner(toAddress(address))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: from, destination: toAddress(transaction.to), amount }), m),
  )
  const wire = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  return signAndSendTransaction(ctx, { connector, address, network: target, transaction: wire })
}

/** How often a sent transaction's status is asked for, and how long at most. */
export const CONFIRM_POLL_MS = 500
export const CONFIRM_TIMEOUT_MS = 60_000

/**
 * Settles once the network has confirmed the transaction (`getSignatureStatuses`, confirmed or finalized); a
 * transaction that failed on chain is SEND_FAILED with the chain's error as details.
 */
export async function waitForTransaction(ctx: SolanaContext, { network, hash, timeoutMs = CONFIRM_TIMEOUT_MS }: ParamsOf<'waitForTransaction'>): Promise<void> {
  let signature: ReturnType<typeof toSignature>
  try {
    signature = toSignature(hash)
  } catch (error) {
    throw ctx.errors.invalidTransaction(`"${hash}" is not a transaction signature`)
  }
  const target = networkOf(ctx, network)
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { value } = await readRpc(ctx, target, (rpc) => rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send())
    const status = value[0]
    if (status?.err) throw ctx.errors.sendFailed(new Error(`The transaction failed on chain: ${JSON.stringify(status.err, (_, v) => (typeof v === 'bigint' ? v.toString() : v))}`))
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    if (ctx.stop.signal.aborted) throw ctx.errors.rpcFailed(target.name, new Error('The solana adapter was destroyed.'))
    if (Date.now() + CONFIRM_POLL_MS > deadline) throw ctx.errors.rpcFailed(target.name, new Error(`No confirmation for ${hash} after ${timeoutMs} ms.`))
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
  }
}
