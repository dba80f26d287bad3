import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { EVM_PATH, SOLANA_PATH, accountsOf, combineShares, decodeShare, encodeShare, matchesAccounts, newEntropy, splitEntropy } from './keys.js'

const MNEMONIC = 'test test test test test test test test test test test junk'
const entropy = mnemonicToEntropy(MNEMONIC, wordlist)

describe('keys', () => {
  test('behavior: the eip155 account is the one viem derives from the same mnemonic', () => {
    const [evm] = accountsOf(entropy)
    expect(evm).toMatchObject({ namespace: 'eip155', path: EVM_PATH })
    expect(evm.address).toBe(mnemonicToAccount(MNEMONIC).address)
    expect(evm.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  })

  test('behavior: the solana account is SLIP-10 ed25519 at m/44\'/501\'/0\'/0\' (as Phantom and Solflare derive it)', () => {
    const solana = accountsOf(entropy)[1]
    expect(solana).toMatchObject({ namespace: 'solana', path: SOLANA_PATH, address: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96' })
    expect(solana.publicKey).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('behavior: any two of the three shares rebuild the entropy', async () => {
    const secret = newEntropy()
    expect(secret).toHaveLength(16)
    const { device, auth, recovery } = await splitEntropy(secret)
    for (const [a, b] of [[device, auth], [auth, recovery], [recovery, device]]) {
      expect(await combineShares(a, b)).toEqual(secret)
    }
    expect(decodeShare(encodeShare(device))).toEqual(device)
  })

  test('error: one share alone is not enough, and two copies of one share are refused', async () => {
    const { device } = await splitEntropy(newEntropy())
    await expect(combineShares(device, device)).rejects.toThrow()
  })

  test('behavior: matchesAccounts tells the right wallet from another', () => {
    const accounts = accountsOf(entropy)
    expect(matchesAccounts(entropy, accounts)).toBe(true)
    expect(matchesAccounts(newEntropy(), accounts)).toBe(false)
  })
})
