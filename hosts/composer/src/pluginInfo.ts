/** One line about each plugin of this repository; a plugin the composer does not know shows its name alone. */
const BLURBS: Readonly<Record<string, string>> = {
  evm: 'Ethereum and EVM chains, through viem',
  solana: 'Solana, through Wallet Standard',
  polkadot: 'Polkadot, through the browser extensions',
  bitcoin: 'Bitcoin, through Sats Connect',
  injected: 'Browser wallets: window.ethereum and EIP-6963',
  walletconnect: 'Mobile wallets by QR code, through WalletConnect',
  'embedded-wallet': 'A wallet kept in the login frame, for email and social logins',
  connect: 'The Connect view: its methods and the wallet list',
  account: 'The Account view: balance, networks, disconnect',
  wallets: 'All wallets: search the wallet registry',
  portfolio: 'The Tokens tab, with USD values',
  history: 'The Activity tab',
  nfts: 'The NFTs tab',
  email: 'Log in with an email one-time code',
  socials: 'Log in with Google, GitHub, Apple, X, Discord…',
  farcaster: 'Log in with Farcaster',
  swaps: 'Swap tokens from the Account view',
  onramp: 'Buy crypto with a card',
  send: 'Send tokens from the Account view',
  receive: 'Receive: the address as a QR code',
  names: 'Register a name for the address',
  siwx: 'Sign in with the wallet after connecting',
  analytics: 'Usage events to the api',
}

/** What a plugin does, in a few words, or undefined when the composer does not know it. */
export function blurbOf(name: string): string | undefined {
  return BLURBS[name]
}

/** A locale's name in its own language (`es` → `español`), or the code when the browser cannot say. */
export function languageName(locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale)
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : locale
  } catch {
    return locale
  }
}
