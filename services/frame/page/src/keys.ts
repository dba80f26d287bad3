import { base58, base64 } from '@scure/base'
import { entropyToMnemonic, mnemonicToSeedSync } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex } from 'viem'
import { mnemonicToAccount, type HDAccount } from 'viem/accounts'
import type { WalletAccount } from './authClient.js'

/** BIP-44 paths of the accounts the embedded wallet derives (the ones most wallets use, so a seed export matches). */
export const EVM_PATH = "m/44'/60'/0'/0/0" as const
export const SOLANA_PATH = "m/44'/501'/0'/0'" as const

/** 128 bits: a 12-word mnemonic. */
const ENTROPY_BYTES = 16

/** The three shares of a wallet's entropy; any two rebuild it. */
export interface WalletShares {
  device: Uint8Array
  auth: Uint8Array
  recovery: Uint8Array
}

export const newEntropy = () => crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))

/** The secp256k1 account at {@link EVM_PATH}. */
export function evmAccountOf(entropy: Uint8Array): HDAccount {
  return mnemonicToAccount(entropyToMnemonic(entropy, wordlist), { path: EVM_PATH })
}

/** The ed25519 key at {@link SOLANA_PATH} (SLIP-10: ed25519 has hardened derivation only). */
export function solanaKeyOf(entropy: Uint8Array): Slip10Key {
  return Slip10Key.fromMasterSeed(mnemonicToSeedSync(entropyToMnemonic(entropy, wordlist))).derive(SOLANA_PATH)
}

/** The public accounts of a wallet, as the server stores them. */
export function accountsOf(entropy: Uint8Array): WalletAccount[] {
  const evm = evmAccountOf(entropy)
  const solana = solanaKeyOf(entropy)
  return [
    { namespace: 'eip155', address: evm.address, publicKey: evm.publicKey, path: EVM_PATH },
    { namespace: 'solana', address: base58.encode(solana.publicKeyRaw), publicKey: bytesToHex(solana.publicKeyRaw), path: SOLANA_PATH },
  ]
}

/** Splits entropy 2-of-3. */
export async function splitEntropy(entropy: Uint8Array): Promise<WalletShares> {
  const [device, auth, recovery] = await split(entropy, 3, 2)
  return { device, auth, recovery }
}

/** Rebuilds entropy from any two shares. */
export const combineShares = (a: Uint8Array, b: Uint8Array): Promise<Uint8Array> => combine([a, b])

export const encodeShare = (share: Uint8Array) => base64.encode(share)
export const decodeShare = (share: string) => base64.decode(share)

/** Overwrites key material once an operation is done (best effort: the mnemonic string cannot be wiped). */
export const wipe = (bytes: Uint8Array) => bytes.fill(0)

/** True when `entropy` derives the wallet whose public accounts the server holds (a wrong share combines silently). */
export function matchesAccounts(entropy: Uint8Array, accounts: readonly WalletAccount[]): boolean {
  const evm = accounts.find((a) => a.namespace === 'eip155')
  return !!evm && evmAccountOf(entropy).address.toLowerCase() === evm.address.toLowerCase()
}
