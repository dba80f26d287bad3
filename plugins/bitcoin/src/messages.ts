/** English text of the bitcoin plugin's visitor-facing errors; language packs add other locales under the same keys. */
export const bitcoinMessages = {
  'bitcoin.error.connectionDeclined': 'Connection declined',
  'bitcoin.error.signatureDeclined': 'Signature declined',
  'bitcoin.error.requestDeclined': 'Request declined',
  'bitcoin.error.sendFailed': 'Failed to send transaction. Please try again.',
  'bitcoin.error.noAccount': 'The wallet has no account on {network}.',
  'bitcoin.error.featureMissing': 'The wallet does not support {feature}.',
  'bitcoin.error.notConnected': 'The wallet is not connected; connect again.',
  'bitcoin.error.rpcFailed': 'Could not read from {network}.',
  'bitcoin.error.rpcMissing': 'Network {network} has no block explorer API; set one with the bitcoin plugin\'s rpcUrls option.',
  'bitcoin.error.invalidSend': 'Please enter a valid amount and receiver address',
  'bitcoin.error.invalidAddress': '{address} is not a Bitcoin address.',
  'bitcoin.error.invalidResponse': 'The wallet answered {method} with an invalid value.',
  'bitcoin.error.walletFailed': 'The wallet request failed.',
  'bitcoin.error.noProvider': 'This wallet cannot be used for Bitcoin.',
  'bitcoin.error.walletGone': 'The wallet is no longer available in this browser. Open or reinstall it, then connect again.',
} as const

export type BitcoinMessageKey = keyof typeof bitcoinMessages

/** Turns a message key and its parameters into text; the plugin passes the kernel's `t`, tests the English one. */
export type Translate = (key: BitcoinMessageKey, params?: Record<string, string | number>) => string

/**
 * The English messages, with `{name}` placeholders filled: what the adapter says without a kernel.
 *
 * @example
 * englishText('bitcoin.error.noAccount', { network: 'Bitcoin Regtest' }) // 'The wallet has no account on Bitcoin Regtest.'
 */
export const englishText: Translate = (key, params = {}) =>
  bitcoinMessages[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
