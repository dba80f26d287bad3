/** English strings of the embedded-wallet plugin; language packs add other locales under the same keys. */
export const embeddedWalletMessages = {
  'embeddedWallet.name': 'Email & Socials',
  'embeddedWallet.approve.title': 'Approve Transaction',
  'embeddedWallet.approve.loading': 'Loading the secure wallet…',
  'embeddedWallet.approve.hint': 'Review the request and approve or reject it in the secure window above.',
  'embeddedWallet.approve.unavailable.title': 'The secure wallet is unavailable',
  'embeddedWallet.approve.unavailable.description': 'The embedded wallet has not started. Reload the page to try again.',
  'embeddedWallet.frame.title': 'Secure wallet',
  'embeddedWallet.actionNotAllowed': 'Action not allowed',
  'embeddedWallet.cooldown': 'Please try again after {n} seconds',
  'embeddedWallet.unreachable': 'The sign-in service is unreachable. Try again in a moment.',
  'embeddedWallet.endpointMissing': 'No login frame is configured: set `endpoints.frame` in the Portico options.',
  'embeddedWallet.alert.domainNotAllowed.message':
    "This site's domain is not allowed to use the embedded wallet. Add it to the project's allowed origins on your api service.",
  'embeddedWallet.accountType.title': 'Account type',
  'embeddedWallet.accountType.toEoa': 'Switch to your EOA',
  'embeddedWallet.accountType.toSmart': 'Switch to your smart account',
  'embeddedWallet.accountType.description':
    'Your smart account sends through a bundler, with fees paid by the app, and can batch several calls into one. Your EOA is the ordinary account that owns it.',
  'embeddedWallet.accountType.eoa': 'EOA',
  'embeddedWallet.accountType.smartAccount': 'Smart account',
  'embeddedWallet.accountType.inUse': 'In use',
  'embeddedWallet.accountType.notDeployed': 'Your smart account is deployed with its first transaction.',
  'embeddedWallet.accountType.switched.eoa': 'Switched to your EOA',
  'embeddedWallet.accountType.switched.smartAccount': 'Switched to your smart account',
  'embeddedWallet.accountType.failed': 'Could not switch the account: {reason}',
  'embeddedWallet.alert.sessionExpired.title': 'Session Expired',
  'embeddedWallet.alert.sessionExpired.message': 'Invalid session. Check your time settings and reconnect.',
} as const

export type EmbeddedWalletMessageKey = keyof typeof embeddedWalletMessages
