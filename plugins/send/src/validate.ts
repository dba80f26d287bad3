import type { ChainNamespace } from '@portico/contracts/plugin'
import { isAddress } from '@portico/contracts/spec'
import type { TokenBalance } from '@portico/plugin-portfolio'
import { isAddress as isChecksummedAddress } from 'viem'
import { balanceUnits, parseAmount, tokenDecimals } from './amounts.js'
import { isReceiverName } from './receiver.js'

/** How a namespace's addresses are named in a message (chain names, not translated). */
const CHAIN_LABELS: Record<ChainNamespace, string> = { eip155: 'EVM', solana: 'Solana', polkadot: 'Polkadot', bip122: 'Bitcoin' }

/** Where the lookup of a typed receiver name stands (the send slice's `receiverStatus`). */
export type ReceiverNameStatus = 'idle' | 'resolving' | 'resolved' | 'unknown' | 'failed'

/** A message for the visitor: an i18n key and its parameters. */
export type SendMessage = { key: string; params?: Record<string, string | number> }

/**
 * What is wrong with the form, field by field, and on Solana SPEC §5's sentence for the whole form; empty when it
 * can be previewed.
 */
export type SendProblems = { token?: SendMessage; amount?: SendMessage; receiver?: SendMessage; form?: SendMessage }

/**
 * The receiver address checked for the namespace (SPEC §5: eip155 40 hex characters with an optional 0x, solana
 * 32 to 44 base58 characters…); an eip155 address in mixed case must also match its EIP-55 checksum, since a
 * mistyped letter in it is what the checksum is there to catch.
 */
export function checkReceiver(receiver: string | undefined, namespace: ChainNamespace, name?: ReceiverNameStatus): SendMessage | undefined {
  const address = receiver?.trim() ?? ''
  if (!address) return { key: 'send.error.receiver' }
  // a name (eip155 only, SPEC §9) is sendable once it resolved to an address
  if (namespace === 'eip155' && isReceiverName(address)) {
    if (name === 'resolved') return undefined
    if (name === 'unknown') return { key: 'send.error.name', params: { name: address } }
    if (name === 'failed') return { key: 'send.error.nameFailed' }
    return { key: 'send.error.resolving', params: { name: address } }
  }
  if (!isAddress(address, namespace)) return { key: 'send.error.address', params: { chain: CHAIN_LABELS[namespace] ?? namespace } }
  if (namespace === 'eip155' && !isChecksummedAddress(address.startsWith('0x') ? address : `0x${address}`, { strict: true }))
    return { key: 'send.error.checksum' }
  return undefined
}

/** The amount checked against the token: a number above zero, within its decimals and its balance. */
export function checkAmount(amount: string | undefined, token: TokenBalance): SendMessage | undefined {
  const parsed = parseAmount(amount ?? '', tokenDecimals(token))
  if ('problem' in parsed) {
    return parsed.problem === 'decimals'
      ? { key: 'send.error.decimals', params: { symbol: token.symbol, decimals: tokenDecimals(token) } }
      : { key: 'send.error.amount' }
  }
  if (parsed.units <= 0n) return { key: 'send.error.amount' }
  if (parsed.units > balanceUnits(token)) return { key: 'send.error.balance', params: { symbol: token.symbol } }
  return undefined
}

/**
 * SPEC §5: sending requires a token, an amount and a receiver address (or, on eip155, a name that resolved to
 * one); each problem says what to fix. On Solana
 * the form as a whole also says "Please enter a valid amount and receiver address".
 */
export function validateSend(form: {
  token?: TokenBalance
  amount?: string
  receiver?: string
  namespace: ChainNamespace
  /** Where the lookup of a typed name stands. */
  receiverStatus?: ReceiverNameStatus
}): SendProblems {
  const problems: SendProblems = {}
  if (!form.token) problems.token = { key: 'send.error.token' }
  else {
    const amount = checkAmount(form.amount, form.token)
    if (amount) problems.amount = amount
  }
  const receiver = checkReceiver(form.receiver, form.namespace, form.receiverStatus)
  if (receiver) problems.receiver = receiver
  if (form.namespace === 'solana' && !isValid(problems)) problems.form = { key: 'send.error.solanaInvalid' }
  return problems
}

/** True when nothing is wrong. */
export const isValid = (problems: SendProblems) => !problems.token && !problems.amount && !problems.receiver
