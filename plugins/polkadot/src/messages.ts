/** English text of the polkadot plugin's visitor-facing strings; language packs add other locales under the same keys. */
export const polkadotMessages = {
  'polkadot.error.connectionDeclined': 'Connection declined',
  'polkadot.error.signatureDeclined': 'Signature declined',
  'polkadot.error.requestDeclined': 'Request declined',
  'polkadot.error.noAccounts': '{wallet} has no Polkadot accounts. Create or import one in the extension, then try again.',
  'polkadot.error.noAccount': 'The wallet has no account on {network}.',
  'polkadot.error.notConnected': 'The wallet is not connected; connect again.',
  'polkadot.error.noProvider': 'This wallet cannot be used for Polkadot.',
  'polkadot.error.noSigner': 'The wallet cannot sign messages.',
  'polkadot.error.invalidResponse': 'The wallet answered {method} with an invalid value.',
  'polkadot.error.walletFailed': 'The wallet request failed.',
  'polkadot.error.rpcFailed': 'Could not read from {network}.',
  'polkadot.error.rpcMissing': 'Network {network} has no RPC URL; set one with the polkadot plugin\'s rpcUrls option.',
  'polkadot.error.invalidAddress': '{address} is not a Polkadot address.',
  'polkadot.error.sendUnsupported': 'Sending is not available for Polkadot here.',
  'polkadot.picker.title': 'Choose an account',
  'polkadot.picker.description': '{wallet} has {number} accounts. Choose the one to connect.',
  'polkadot.picker.unnamed': 'Account {index}',
  'polkadot.picker.list': 'Accounts',
} as const

export type PolkadotMessageKey = keyof typeof polkadotMessages

/** Turns a message key and its parameters into text; the plugin passes the kernel's `t`, tests the English one. */
export type Translate = (key: PolkadotMessageKey, params?: Record<string, string | number>) => string

/**
 * The English messages, with `{name}` placeholders filled: what the adapter says without a kernel.
 *
 * @example
 * englishText('polkadot.error.noAccount', { network: 'Kusama' }) // 'The wallet has no account on Kusama.'
 */
export const englishText: Translate = (key, params = {}) =>
  polkadotMessages[key].replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
