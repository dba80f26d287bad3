// How a jsonParsed transaction becomes movements of SOL and SPL tokens (the chain-backed cases are in solana.test.ts).
import { describe, expect, it } from 'vitest'
import type { TransactionAnswer } from './rpc.js'
import { movements } from './transfers.js'

const ALICE = '4LewGdh9oEkfpyJCR9QnabVVYGg5c1FvCo9Tt9tyUNnh'
const BOB = '34NdDoTDirezU2PMNBdnXoBPgohEkigF42WQnuF29Szx'
const ALICE_ATA = 't2BapMsYSRBM2Dg7u7Uw2JKq1scV4nMA9EDTVBfaax4'
const BOB_ATA = '2kuPRCjQfNH5FyKLedba9XzKK4CvFAZdmpn1Xqhw939m'
const MINT = 'ojs1mJjfVKENguZTJX4wbKBF64R4Xo5NnSvCVo4Akdd'
const SIG = '5'.repeat(88)

const token = (accountIndex: number, owner: string) => ({ accountIndex, mint: MINT, owner, uiTokenAmount: { decimals: 6 } })

function tx(instructions: unknown[], meta: Partial<NonNullable<TransactionAnswer['meta']>> = {}, inner: unknown[] = []): TransactionAnswer {
  return {
    slot: 1,
    blockTime: 1,
    transaction: {
      signatures: [SIG],
      message: { accountKeys: [ALICE, BOB, ALICE_ATA, BOB_ATA, MINT].map((pubkey, i) => ({ pubkey, signer: i === 0 })), instructions: instructions as never },
    },
    meta: { err: null, innerInstructions: inner as never, preTokenBalances: [token(2, ALICE), token(3, BOB)], postTokenBalances: [token(2, ALICE), token(3, BOB)], ...meta },
  }
}

const system = (type: string, info: object) => ({ program: 'system', programId: '11111111111111111111111111111111', parsed: { type, info } })
const spl = (type: string, info: object) => ({ program: 'spl-token', programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', parsed: { type, info } })

describe('movements', () => {
  it('behavior: SOL transfers and SPL transfer / transferChecked, token accounts reported as their owners', () => {
    const moved = movements(
      tx([
        system('transfer', { source: ALICE, destination: BOB, lamports: 5_000 }),
        spl('transfer', { source: ALICE_ATA, destination: BOB_ATA, authority: ALICE, amount: '1500000' }),
        spl('transferChecked', { source: BOB_ATA, destination: ALICE_ATA, mint: MINT, authority: BOB, tokenAmount: { amount: '7', decimals: 6, uiAmount: 0.000007 } }),
      ]),
    )
    expect(moved).toEqual([
      { mint: null, from: ALICE, to: BOB, amount: 5_000n, decimals: 9 },
      { mint: MINT, from: ALICE, to: BOB, amount: 1_500_000n, decimals: 6 },
      { mint: MINT, from: BOB, to: ALICE, amount: 7n, decimals: 6 },
    ])
  })

  it('behavior: inner instructions count, in execution order, and mints and burns have one side', () => {
    const moved = movements(
      tx([spl('mintToChecked', { mint: MINT, account: BOB_ATA, mintAuthority: ALICE, tokenAmount: { amount: '10', decimals: 6 } }), { programId: 'Other1111111111111111111111111111111111111' }], {}, [
        { index: 1, instructions: [system('transfer', { source: BOB, destination: ALICE, lamports: '9' }), spl('burn', { account: ALICE_ATA, mint: MINT, authority: ALICE, amount: '3' })] },
      ]),
    )
    expect(moved).toEqual([
      { mint: MINT, from: null, to: BOB, amount: 10n, decimals: 6 },
      { mint: null, from: BOB, to: ALICE, amount: 9n, decimals: 9 },
      { mint: MINT, from: ALICE, to: null, amount: 3n, decimals: 6 },
    ])
  })

  it('behavior: a token account the transaction does not describe is named by the owner the caller knows, else itself', () => {
    const other = '3PrtY7sq3V1UXNmTx9TnbgVJVKjXYeNv3ihfwpf7hAXh'
    const instruction = spl('transferChecked', { source: other, destination: BOB_ATA, mint: MINT, tokenAmount: { amount: '1', decimals: 6 } })
    expect(movements(tx([instruction], { preTokenBalances: [], postTokenBalances: [] }), new Map([[BOB_ATA, BOB]]))).toEqual([
      { mint: MINT, from: other, to: BOB, amount: 1n, decimals: 6 },
    ])
  })

  it('edge: a failed transaction moved nothing; a plain transfer whose mint is unknown is left out; unparsed programs are ignored', () => {
    expect(movements(tx([system('transfer', { source: ALICE, destination: BOB, lamports: 1 })], { err: { InstructionError: [0, 'Custom'] } }))).toEqual([])
    const plain = spl('transfer', { source: ALICE_ATA, destination: BOB_ATA, amount: '1' })
    expect(movements(tx([plain], { preTokenBalances: [], postTokenBalances: [] }))).toEqual([])
    expect(movements(tx([system('createAccount', { source: ALICE, newAccount: BOB, lamports: 1 }), { programId: 'x', parsed: 'memo' }]))).toEqual([])
  })
})
