import { isPorticoError, type CaipNetworkLike, type Connector } from '@portico/contracts/plugin'
import { getBase58Decoder, getBase64EncodedWireTransaction, getTransactionDecoder, type Base64EncodedWireTransaction } from '@solana/kit'
import { isRejection } from '../errors.js'
import { walletChainOf } from '../networks.js'
import { readRpc, sessionOf, type ParamsOf, type SolanaContext } from './context.js'
import { toBase64, wireBytes, type SolanaTransactionInput } from './transactions.js'

const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)

/** Signs a text message (`solana:signMessage`, UTF-8 bytes); returns the ed25519 signature in base58. */
export async function signMessage(ctx: SolanaContext, { connector, address, message }: ParamsOf<'signMessage'>): Promise<string> {
  const { wallet } = await sessionOf(ctx, connector, address)
  return base58(await wallet.signMessage({ address, message: new TextEncoder().encode(message) }))
}

export type SignTransactionParameters = {
  connector: Connector
  /** The signing account. Default: the session's. */
  address?: string
  /** The network it is meant for. Default: the session's. */
  network?: CaipNetworkLike
  transaction: SolanaTransactionInput
}

async function signAll(ctx: SolanaContext, p: Omit<SignTransactionParameters, 'transaction'>, transactions: readonly SolanaTransactionInput[]) {
  const s = await sessionOf(ctx, p.connector, p.address)
  const chain = walletChainOf(p.network ?? s.network)
  const signed = await s.wallet.signTransactions({ address: s.address, chain, transactions: transactions.map((t) => wireBytes(ctx, t)) })
  return signed.map((bytes) => toBase64(wireBytes(ctx, bytes)))
}

/** Signs a transaction without sending it (`solana:signTransaction`); returns the signed wire transaction in base64. */
export async function signTransaction(ctx: SolanaContext, p: SignTransactionParameters): Promise<string> {
  const [signed] = await signAll(ctx, p, [p.transaction])
  return signed!
}

/** Signs several transactions in one prompt; returns them signed, in base64, in the same order. */
export async function signAllTransactions(
  ctx: SolanaContext,
  p: Omit<SignTransactionParameters, 'transaction'> & { transactions: readonly SolanaTransactionInput[] },
): Promise<string[]> {
  return signAll(ctx, p, p.transactions)
}

/**
 * Signs and submits a transaction: through the wallet (`solana:signAndSendTransaction`) when it can, else signed by
 * the wallet and sent on the network's RPC. Returns the transaction signature in base58; a transaction the chain
 * refuses is SEND_FAILED ("Failed to send transaction. Please try again.", SPEC §8).
 */
export async function signAndSendTransaction(ctx: SolanaContext, p: SignTransactionParameters): Promise<string> {
  const s = await sessionOf(ctx, p.connector, p.address)
  const network = p.network ?? s.network
  const chain = walletChainOf(network)
  const transaction = wireBytes(ctx, p.transaction)
  if (s.wallet.signAndSendTransaction) {
    try {
      return base58(await s.wallet.signAndSendTransaction({ address: s.address, chain, transaction }))
    } catch (error) {
      // a refusal stays one (bindMethod words it); anything else the wallet or chain said is a failed send
      throw isRejection(error) || isPorticoError(error) ? error : ctx.errors.sendFailed(error)
    }
  }
  const [signed] = await s.wallet.signTransactions({ address: s.address, chain, transactions: [transaction] })
  const decoded = getTransactionDecoder().decode(wireBytes(ctx, signed!))
  const wire = getBase64EncodedWireTransaction(decoded) as Base64EncodedWireTransaction
  try {
    return await readRpc(ctx, network, (rpc) => rpc.sendTransaction(wire, { encoding: 'base64', preflightCommitment: 'confirmed' }).send())
  } catch (error) {
    throw ctx.errors.sendFailed(error)
  }
}
