/**
 * Flags wallets set on `window.ethereum`, most specific first: several wallets also set `isMetaMask` for
 * compatibility, so MetaMask is checked last.
 */
const FLAGS: readonly (readonly [flag: string, name: string])[] = [
  ['isBraveWallet', 'Brave Wallet'],
  ['isRabby', 'Rabby Wallet'],
  ['isCoinbaseWallet', 'Coinbase Wallet'],
  ['isTrust', 'Trust Wallet'],
  ['isTrustWallet', 'Trust Wallet'],
  ['isOkxWallet', 'OKX Wallet'],
  ['isOKExWallet', 'OKX Wallet'],
  ['isPhantom', 'Phantom'],
  ['isZerion', 'Zerion'],
  ['isFrame', 'Frame'],
  ['isTokenPocket', 'TokenPocket'],
  ['isBitKeep', 'Bitget Wallet'],
  ['isRainbow', 'Rainbow'],
  ['isTally', 'Taho'],
  ['isMetaMask', 'MetaMask'],
]

/** The name to show for an injected provider, from its flags; `Browser Wallet` when none is known. */
export function injectedWalletName(provider: unknown): string {
  if (typeof provider !== 'object' || provider === null) return 'Browser Wallet'
  const p = provider as Record<string, unknown>
  for (const [flag, name] of FLAGS) if (p[flag] === true) return name
  return 'Browser Wallet'
}
