/** English strings of the sign-in plugin; language packs add other locales under the same keys. */
export const siwxMessages = {
  'siwx.title': 'Sign In',
  'siwx.heading': '{app} wants you to sign in',
  'siwx.description': 'Sign this message with your wallet to prove you own {address}. Signing costs nothing and sends no transaction.',
  'siwx.requiredNote': 'This app requires you to sign in before you continue.',
  'siwx.summary': 'Message to sign',
  'siwx.summary.domain': 'Website',
  'siwx.summary.network': 'Network',
  'siwx.sign': 'Sign in',
  'siwx.signing': 'Waiting for signature',
  'siwx.cancel': 'Cancel',
  'siwx.disconnect': 'Disconnect',
  'siwx.declined': 'You declined the signature. Sign in to continue.',
  'siwx.failed': 'Sign-in failed: {reason}',
  'siwx.retry': 'Try again',
} as const
