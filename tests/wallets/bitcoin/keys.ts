/**
 * The Bitcoin Dev Wallet's keys and its fixture coin. There is no bitcoin node in the stack: the wallet spends one
 * documented, made-up UTXO (`BITCOIN_FIXTURE_UTXO`) whenever it is asked to send, so every transfer it signs is a
 * real, valid transaction (it verifies against the fixture's script and amount) that no network has seen.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import * as btc from '@scure/btc-signer'

/** The bitcoin networks the wallet can encode its addresses for (sats-connect's names). */
export type BitcoinDevNetworkName = 'Mainnet' | 'Testnet' | 'Signet' | 'Regtest'

/** btc-signer's address parameters per network (regtest: `bcrt` bech32 and testnet's base58 versions). */
export const BITCOIN_DEV_NETWORKS: Readonly<Record<BitcoinDevNetworkName, typeof btc.NETWORK>> = {
  Mainnet: btc.NETWORK,
  Testnet: btc.TEST_NETWORK,
  Signet: btc.TEST_NETWORK,
  Regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
}

/** CAIP-2 ids of the networks (`bip122:` + the first 32 hex characters of the genesis hash). */
export const BITCOIN_CAIP_IDS: Readonly<Record<BitcoinDevNetworkName, string>> = {
  Mainnet: 'bip122:000000000019d6689c085ae165831e93',
  Testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  Signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  Regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
}

const seed = (label: string) => sha256(new TextEncoder().encode(`portico dev wallet bitcoin ${label}`))

/** The private keys (32 bytes, from fixed labels): payment (P2WPKH) and ordinals (key-path P2TR). */
export const BITCOIN_DEV_KEYS = { payment: seed('payment'), ordinals: seed('ordinals') } as const

/** The wallet's two addresses on `network`, with what signing needs. */
export function bitcoinDevAccounts(network: BitcoinDevNetworkName = 'Regtest') {
  const net = BITCOIN_DEV_NETWORKS[network]
  const paymentPublicKey = secp256k1.getPublicKey(BITCOIN_DEV_KEYS.payment, true)
  const ordinalsPublicKey = btc.utils.pubSchnorr(BITCOIN_DEV_KEYS.ordinals)
  const payment = btc.p2wpkh(paymentPublicKey, net)
  const ordinals = btc.p2tr(ordinalsPublicKey, undefined, net)
  return {
    payment: { ...payment, address: payment.address!, publicKey: paymentPublicKey, privateKey: BITCOIN_DEV_KEYS.payment, addressType: 'p2wpkh' as const },
    ordinals: { ...ordinals, address: ordinals.address!, publicKey: ordinalsPublicKey, privateKey: BITCOIN_DEV_KEYS.ordinals, addressType: 'p2tr' as const },
  }
}

/**
 * The coin the wallet spends when it sends: output 0 of a made-up transaction (its txid is the SHA-256 of
 * "portico dev wallet bitcoin fixture utxo"), 1 BTC to the payment address of the network in use.
 */
export const BITCOIN_FIXTURE_UTXO = {
  txid: Array.from(seed('fixture utxo'), (b) => b.toString(16).padStart(2, '0')).join(''),
  index: 0,
  amount: 100_000_000n,
} as const

/** The fee of a transfer, in satoshis (one P2WPKH input, two outputs, about 141 vB at 2 sat/vB). */
export const BITCOIN_FIXTURE_FEE = 282n
