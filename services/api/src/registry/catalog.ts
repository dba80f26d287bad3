import type { ApiWalletListing } from '@portico/contracts/api'

/*
 * The wallets the reference registry lists. Facts only: names, homepages, EIP-6963 reverse-DNS ids, the chain
 * namespaces each wallet supports and the deep-link schemes it registers. Where a fact was not certain it is left
 * null rather than guessed. Images are generated monograms (see images.ts): no vendor artwork is shipped.
 *
 * Chains are listed once per namespace, by the namespace's main network. The registry treats a wallet that
 * supports a namespace as usable on every network of it (an EVM wallet can add any EVM chain), so a dapp on a
 * local chain such as eip155:31337 still gets the EVM wallets.
 */

/** Main networks that stand for each namespace in the catalog. */
export const NAMESPACE_CHAINS = {
  eip155: 'eip155:1',
  solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  bip122: 'bip122:000000000019d6689c085ae165831e93',
  polkadot: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
} as const

type Namespace = keyof typeof NAMESPACE_CHAINS

interface Entry {
  id: string
  name: string
  homepage: string
  rdns?: string
  ns: Namespace[]
  mobile?: string
  desktop?: string
  webapp?: string
}

const entries: Entry[] = [
  { id: 'metamask', name: 'MetaMask', homepage: 'https://metamask.io', rdns: 'io.metamask', ns: ['eip155', 'solana'], mobile: 'metamask://' },
  { id: 'trust', name: 'Trust Wallet', homepage: 'https://trustwallet.com', rdns: 'com.trustwallet.app', ns: ['eip155', 'solana', 'bip122'], mobile: 'trust://' },
  { id: 'coinbase', name: 'Coinbase Wallet', homepage: 'https://www.coinbase.com/wallet', rdns: 'com.coinbase.wallet', ns: ['eip155', 'solana'], mobile: 'cbwallet://' },
  { id: 'rainbow', name: 'Rainbow', homepage: 'https://rainbow.me', rdns: 'me.rainbow', ns: ['eip155'], mobile: 'rainbow://' },
  { id: 'phantom', name: 'Phantom', homepage: 'https://phantom.com', rdns: 'app.phantom', ns: ['solana', 'eip155', 'bip122'], mobile: 'phantom://' },
  { id: 'okx', name: 'OKX Wallet', homepage: 'https://www.okx.com/web3', rdns: 'com.okex.wallet', ns: ['eip155', 'solana', 'bip122'], mobile: 'okex://main' },
  { id: 'rabby', name: 'Rabby Wallet', homepage: 'https://rabby.io', rdns: 'io.rabby', ns: ['eip155'] },
  { id: 'zerion', name: 'Zerion', homepage: 'https://zerion.io', rdns: 'io.zerion.wallet', ns: ['eip155', 'solana'], mobile: 'zerion://' },
  { id: 'uniswap', name: 'Uniswap Wallet', homepage: 'https://wallet.uniswap.org', rdns: 'org.uniswap.app', ns: ['eip155'], mobile: 'uniswap://' },
  { id: 'ledger-live', name: 'Ledger Live', homepage: 'https://www.ledger.com/ledger-live', ns: ['eip155', 'solana', 'bip122', 'polkadot'], mobile: 'ledgerlive://', desktop: 'ledgerlive://' },
  { id: 'safe', name: 'Safe', homepage: 'https://safe.global', ns: ['eip155'], webapp: 'https://app.safe.global' },
  { id: 'argent', name: 'Argent', homepage: 'https://www.argent.xyz', ns: ['eip155'] },
  { id: 'imtoken', name: 'imToken', homepage: 'https://token.im', ns: ['eip155', 'bip122'], mobile: 'imtokenv2://' },
  { id: 'tokenpocket', name: 'TokenPocket', homepage: 'https://www.tokenpocket.pro', rdns: 'pro.tokenpocket', ns: ['eip155', 'solana', 'bip122', 'polkadot'], mobile: 'tpoutside://' },
  { id: 'exodus', name: 'Exodus', homepage: 'https://www.exodus.com', rdns: 'com.exodus.web3', ns: ['eip155', 'solana', 'bip122'], mobile: 'exodus://', desktop: 'exodus://' },
  { id: 'brave', name: 'Brave Wallet', homepage: 'https://brave.com/wallet', rdns: 'com.brave.wallet', ns: ['eip155', 'solana'] },
  { id: 'backpack', name: 'Backpack', homepage: 'https://backpack.app', rdns: 'app.backpack', ns: ['solana', 'eip155'] },
  { id: 'solflare', name: 'Solflare', homepage: 'https://solflare.com', ns: ['solana'], mobile: 'solflare://' },
  { id: 'subwallet', name: 'SubWallet', homepage: 'https://www.subwallet.app', rdns: 'app.subwallet', ns: ['polkadot', 'eip155', 'bip122'] },
  { id: 'talisman', name: 'Talisman', homepage: 'https://www.talisman.xyz', rdns: 'xyz.talisman', ns: ['polkadot', 'eip155'] },
  { id: 'polkadot-js', name: 'Polkadot.js', homepage: 'https://polkadot.js.org/extension', ns: ['polkadot'] },
  { id: 'nova', name: 'Nova Wallet', homepage: 'https://novawallet.io', ns: ['polkadot', 'eip155'] },
  { id: 'fearless', name: 'Fearless Wallet', homepage: 'https://fearlesswallet.io', ns: ['polkadot', 'eip155'] },
  { id: 'xverse', name: 'Xverse', homepage: 'https://www.xverse.app', ns: ['bip122'] },
  { id: 'leather', name: 'Leather', homepage: 'https://leather.io', ns: ['bip122'] },
  { id: 'unisat', name: 'UniSat Wallet', homepage: 'https://unisat.io', ns: ['bip122'] },
  { id: 'magic-eden', name: 'Magic Eden Wallet', homepage: 'https://wallet.magiceden.io', ns: ['bip122', 'solana', 'eip155'] },
  { id: 'bitget', name: 'Bitget Wallet', homepage: 'https://web3.bitget.com', rdns: 'com.bitget.web3', ns: ['eip155', 'solana', 'bip122'], mobile: 'bitkeep://' },
  { id: '1inch', name: '1inch Wallet', homepage: 'https://1inch.io/wallet', ns: ['eip155', 'solana'], mobile: '1inch://' },
  { id: 'crypto-com-onchain', name: 'Crypto.com Onchain', homepage: 'https://crypto.com/onchain', ns: ['eip155'] },
  { id: 'safepal', name: 'SafePal', homepage: 'https://www.safepal.com', ns: ['eip155', 'solana', 'bip122'], mobile: 'safepalwallet://' },
  { id: 'frame', name: 'Frame', homepage: 'https://frame.sh', rdns: 'sh.frame', ns: ['eip155'] },
  { id: 'taho', name: 'Taho', homepage: 'https://taho.xyz', rdns: 'xyz.taho', ns: ['eip155'] },
  { id: 'enkrypt', name: 'Enkrypt', homepage: 'https://www.enkrypt.com', ns: ['eip155', 'polkadot', 'bip122', 'solana'] },
  { id: 'core', name: 'Core', homepage: 'https://core.app', rdns: 'app.core.extension', ns: ['eip155', 'bip122'] },
  { id: 'zengo', name: 'Zengo', homepage: 'https://zengo.com', ns: ['eip155', 'bip122'] },
  { id: 'coin98', name: 'Coin98', homepage: 'https://coin98.com', ns: ['eip155', 'solana'] },
  { id: 'ronin', name: 'Ronin Wallet', homepage: 'https://wallet.roninchain.com', ns: ['eip155'] },
  { id: 'family', name: 'Family', homepage: 'https://family.co', ns: ['eip155'] },
  { id: 'kraken', name: 'Kraken Wallet', homepage: 'https://www.kraken.com/wallet', ns: ['eip155', 'solana', 'bip122'] },
  { id: 'binance-web3', name: 'Binance Wallet', homepage: 'https://www.binance.com/en/web3wallet', ns: ['eip155', 'solana', 'bip122'] },
  { id: 'mew', name: 'MEW wallet', homepage: 'https://www.mewwallet.com', ns: ['eip155'] },
  { id: 'blockchain-com', name: 'Blockchain.com Wallet', homepage: 'https://www.blockchain.com/wallet', ns: ['eip155', 'bip122'] },
  { id: 'ambire', name: 'Ambire Wallet', homepage: 'https://www.ambire.com', ns: ['eip155'] },
  { id: 'onekey', name: 'OneKey', homepage: 'https://onekey.so', ns: ['eip155', 'solana', 'bip122', 'polkadot'] },
  { id: 'trezor-suite', name: 'Trezor Suite', homepage: 'https://trezor.io/trezor-suite', ns: ['bip122', 'eip155', 'solana'] },
  { id: 'keystone', name: 'Keystone', homepage: 'https://keyst.one', ns: ['eip155', 'bip122', 'solana'] },
  { id: 'atomic', name: 'Atomic Wallet', homepage: 'https://atomicwallet.io', ns: ['eip155', 'solana', 'bip122'] },
  { id: 'bitcoin-com', name: 'Bitcoin.com Wallet', homepage: 'https://wallet.bitcoin.com', ns: ['bip122', 'eip155'] },
  { id: 'tangem', name: 'Tangem', homepage: 'https://tangem.com', ns: ['eip155', 'bip122', 'solana'] },
  { id: 'glow', name: 'Glow', homepage: 'https://glow.app', ns: ['solana'] },
  { id: 'sparrow', name: 'Sparrow Wallet', homepage: 'https://sparrowwallet.com', ns: ['bip122'] },
  { id: 'electrum', name: 'Electrum', homepage: 'https://electrum.org', ns: ['bip122'] },
  { id: 'daimo', name: 'Daimo', homepage: 'https://daimo.com', ns: ['eip155'] },
]

const listing = (e: Entry, order: number): ApiWalletListing => ({
  id: e.id,
  name: e.name,
  image_id: e.id,
  homepage: e.homepage,
  rdns: e.rdns ?? null,
  chains: e.ns.map((n) => NAMESPACE_CHAINS[n]),
  mobile_link: e.mobile ?? null,
  desktop_link: e.desktop ?? null,
  webapp_link: e.webapp ?? null,
  // Store links carry numeric store ids that are easy to get wrong; the catalog leaves them out (homepage instead).
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'none',
  order,
})

/** The real wallets of the catalog, in the registry's default order (most used first). */
export const WALLET_CATALOG: readonly ApiWalletListing[] = entries.map((e, i) => listing(e, i + 1))

/**
 * `count` synthetic wallets for scale tests of the wallet list: deterministic names, ids and namespaces, every
 * tenth one certified so the badge filter has something to find.
 */
export function syntheticWallets(count: number, startOrder = WALLET_CATALOG.length + 1): ApiWalletListing[] {
  const namespaces = Object.keys(NAMESPACE_CHAINS) as Namespace[]
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0')
    return {
      ...listing(
        {
          id: `synthetic-${n}`,
          name: `Synthetic Wallet ${n}`,
          homepage: `https://synthetic-${n}.invalid`,
          rdns: `invalid.synthetic.w${n}`,
          ns: i % 3 === 0 ? ['eip155'] : [namespaces[i % namespaces.length], 'eip155'],
        },
        startOrder + i,
      ),
      badge_type: i % 10 === 0 ? 'certified' : 'none',
    }
  })
}
