import { createHash } from 'node:crypto'
import { getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { devKeyPairs, signerFromSeed, SOLANA_DEV_KEYS, SOLANA_LOCAL_CHAIN_ID, SOLANA_LOCAL_GENESIS_HASH, SOLANA_PTD } from './keys.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('solana dev keys', () => {
  it('derives every written-out address from its seed', async () => {
    expect(SOLANA_DEV_KEYS.length).toBeGreaterThanOrEqual(5)
    const signers = await devKeyPairs()
    expect(signers.map((s) => s.address)).toEqual(SOLANA_DEV_KEYS.map((k) => k.address))
    SOLANA_DEV_KEYS.forEach((key, i) => expect(key.seed).toBe(sha256(`portico-solana-dev-key-${i}`)))
    expect(new Set(signers.map((s) => s.address)).size).toBe(signers.length)
  })

  it('derives the PTD mint and its authority from their seeds', async () => {
    expect((await signerFromSeed(SOLANA_PTD.mintSeed)).address).toBe(SOLANA_PTD.mint)
    expect((await signerFromSeed(SOLANA_PTD.mintAuthoritySeed)).address).toBe(SOLANA_PTD.mintAuthority)
    expect(SOLANA_PTD).toMatchObject({ symbol: 'PTD', decimals: 6 })
  })

  it('names the local chain by its genesis hash (CAIP-2)', () => {
    expect(getBase58Encoder().encode(SOLANA_LOCAL_GENESIS_HASH)).toHaveLength(32)
    expect(SOLANA_LOCAL_CHAIN_ID).toBe(`solana:${SOLANA_LOCAL_GENESIS_HASH.slice(0, 32)}`)
    expect(SOLANA_LOCAL_CHAIN_ID).toMatch(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
  })

  it('rejects a seed of the wrong length', async () => {
    await expect(signerFromSeed('abcd')).rejects.toThrow('A Solana seed must be 32 bytes (64 hex characters), got 2')
  })
})
