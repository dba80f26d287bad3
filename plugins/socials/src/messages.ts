/** English strings of the socials plugin; language packs add other locales under the same keys. */
export const socialsMessages = {
  'socials.continueWith': 'Continue with {provider}',
  'socials.signInWith': 'Sign in with {provider}',
  'socials.more': 'More ways to sign in',
  'socials.less': 'Fewer ways to sign in',
  'socials.group': 'Social login',
  'socials.unavailable': 'Social login is not available. Choose another way to connect.',

  'socials.connecting.title': 'Social Login',
  'socials.opening': 'Opening {provider}',
  'socials.waiting': 'Continue in the {provider} window',
  'socials.waitingHint': 'Sign in there; this window updates by itself.',
  'socials.redirecting': 'Taking you to {provider}',
  'socials.connecting': 'Connecting your wallet',
  'socials.failed': 'Sign-in with {provider} did not finish',
  'socials.retry': 'Try again',
  'socials.cancel': 'Cancel',

  'socials.error.popupClosed': 'The sign-in window was closed.',
  'socials.error.timeout': 'The sign-in took too long. Try again.',
  'socials.error.generic': 'Something went wrong',
} as const
