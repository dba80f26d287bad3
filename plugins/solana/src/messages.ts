/** English text of the solana plugin's visitor-facing errors; language packs add other locales under the same keys. */
export const solanaMessages = {
  'solana.error.connectionDeclined': 'Connection declined',
  'solana.error.signatureDeclined': 'Signature declined',
  'solana.error.requestDeclined': 'Request declined',
  'solana.error.sendFailed': 'Failed to send transaction. Please try again.',
  'solana.error.noAccount': 'The wallet has no account on {network}.',
  'solana.error.featureMissing': 'The wallet does not support {feature}.',
  'solana.error.notConnected': 'The wallet is not connected; connect again.',
  'solana.error.rpcFailed': 'Could not read from {network}.',
  'solana.error.rpcMissing': 'Network {network} has no RPC URL; set one with the solana plugin\'s rpcUrls option.',
  'solana.error.invalidSend': 'Please enter a valid amount and receiver address',
  'solana.error.invalidAddress': '{address} is not a Solana address.',
  'solana.error.invalidResponse': 'The wallet answered {method} with an invalid value.',
  'solana.error.walletFailed': 'The wallet request failed.',
  'solana.error.noProvider': 'This wallet cannot be used for Solana.',
} as const

export type SolanaMessageKey = keyof typeof solanaMessages

/** Turns a message key and its parameters into text; the plugin passes the kernel's `t`, tests the English one. */
export type Translate = (key: SolanaMessageKey, params?: Record<string, string | number>) => string

/**
 * The English messages, with `{name}` placeholders filled: what the adapter says without a kernel.
 *
 * @example
 * englishText('solana.error.noAccount', { network: 'Solana Devnet' }) // 'The wallet has no account on Solana Devnet.'
 */
export const englishText: Translate = (key, params = {}) =>
  solanaMessages[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
