import { isPorticoError, type Connector } from '@portico/contracts/plugin'
import { isAddress } from '@portico/contracts/spec'
import { isRejection } from '../errors.js'
import { addressFitsNetwork } from '../networks.js'
import type { BitcoinAccount, MessageProtocol } from '../wallet/index.js'
import { sessionOf, type BitcoinContext, type ParamsOf } from './context.js'

/**
 * The protocol a message is signed with for an address: legacy (P2PKH) addresses only have ECDSA ("Bitcoin Signed
 * Message"); segwit and taproot ones sign with BIP-322.
 *
 * @example
 * messageProtocolOf({ address: 'bcrt1q…', addressType: 'p2wpkh' }) // 'BIP322'
 */
export function messageProtocolOf(account: Pick<BitcoinAccount, 'address' | 'addressType'>): MessageProtocol {
  if (account.addressType === 'p2pkh') return 'ECDSA'
  if (!account.addressType && /^[1mn]/.test(account.address)) return 'ECDSA'
  return 'BIP322'
}

/** Signs a text message with one of the session's addresses; returns the signature in base64 (BIP-322 simple, or the 65-byte ECDSA form). */
export async function signMessage(ctx: BitcoinContext, { connector, address, message }: ParamsOf<'signMessage'>): Promise<string> {
  const { wallet, session } = await sessionOf(ctx, connector)
  const account = session.accounts.find((a) => a.address === address)
  if (!account) throw ctx.errors.notConnected(`the session has no address ${address}`)
  const { signature } = await wallet.signMessage({ address, message, protocol: messageProtocolOf(account) })
  return signature
}

export type SignPsbtParameters = {
  connector: Connector
  /** The PSBT, base64 (BIP-174). */
  psbt: string
  /** Which inputs each address signs: `{ [address]: [inputIndex, …] }`. Default: every input, by the payment address. */
  signInputs?: Readonly<Record<string, readonly number[]>>
  /** Finalise and broadcast through the wallet after signing (default false). */
  broadcast?: boolean
}

/** Asks the wallet to sign a PSBT; returns the signed PSBT in base64, and the transaction id when it broadcast it. */
export async function signPsbt(ctx: BitcoinContext, p: SignPsbtParameters): Promise<{ psbt: string; txid?: string }> {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(p.psbt) || !p.psbt.startsWith('cHNidP')) throw ctx.errors.invalidTransaction('the PSBT must be base64 (it starts with "cHNidP")')
  const { wallet, session } = await sessionOf(ctx, p.connector)
  for (const address of Object.keys(p.signInputs ?? {})) {
    if (!session.accounts.some((a) => a.address === address)) throw ctx.errors.notConnected(`the session has no address ${address}`)
  }
  const signInputs = p.signInputs ?? { [session.accounts[0]!.address]: [0] }
  return wallet.signPsbt({ psbt: p.psbt, signInputs, broadcast: p.broadcast ?? false })
}

export type SendTransferParameters = {
  connector: Connector
  /** Where the satoshis go; the wallet pays from its payment address and keeps the change. */
  recipients: readonly { address: string; amount: bigint }[]
}

/**
 * Sends satoshis through the wallet (`sendTransfer`: the wallet picks the inputs, signs and broadcasts); returns the
 * transaction id. A wallet or network failure that is not a refusal is SEND_FAILED ("Failed to send transaction.
 * Please try again.", SPEC §8).
 */
export async function sendTransfer(ctx: BitcoinContext, { connector, recipients }: SendTransferParameters): Promise<string> {
  if (!recipients.length) throw ctx.errors.invalidTransaction('no recipient')
  for (const r of recipients) {
    if (!isAddress(r.address, 'bip122')) throw ctx.errors.invalidTransaction(`"${r.address}" is not a bitcoin address`)
    if (typeof r.amount !== 'bigint' || r.amount <= 0n || r.amount > 2_100_000_000_000_000n) throw ctx.errors.invalidTransaction('the amount must be above zero')
  }
  const { wallet, session } = await sessionOf(ctx, connector)
  for (const r of recipients) {
    if (!addressFitsNetwork(r.address, session.network))
      throw ctx.errors.invalidTransaction(`"${r.address}" is not an address of ${session.network.name}`)
  }
  try {
    return await wallet.sendTransfer({ from: session.accounts[0]!.address, recipients })
  } catch (error) {
    throw isRejection(error) || isPorticoError(error) ? error : ctx.errors.sendFailed(error)
  }
}

/**
 * The contract's `sendTransaction` on bitcoin: `value` satoshis to `to`, through {@link sendTransfer}. Bitcoin has
 * no calldata: a request with `data` is INVALID_TRANSACTION (build a PSBT and use `signPsbt`).
 */
export async function sendTransaction(ctx: BitcoinContext, { connector, transaction }: ParamsOf<'sendTransaction'>): Promise<string> {
  if (transaction.data !== undefined && transaction.data !== '0x') throw ctx.errors.invalidTransaction('bitcoin transfers carry no data; use signPsbt for a built transaction')
  return sendTransfer(ctx, { connector, recipients: [{ address: transaction.to, amount: transaction.value ?? 0n }] })
}
