import { z } from 'zod'
import type { ParsedInstruction, TransactionAnswer } from './rpc.js'

/** One movement of value in a transaction: lamports (`mint` null) or a token's base units. */
export interface SolanaMovement {
  /** Null for SOL. */
  mint: string | null
  /** Owner wallet that gave (null when minted). */
  from: string | null
  /** Owner wallet that received (null when burnt). */
  to: string | null
  amount: bigint
  /** Known decimals for tokens (from the instruction or the transaction's token balances). */
  decimals: number | null
}

const address = z.string().min(32).max(44)
const amount = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((n) => BigInt(n))
const tokenAmount = z.object({ amount: z.string().regex(/^\d+$/).transform((n) => BigInt(n)), decimals: z.number().int() }).loose()

const SystemTransferSchema = z.object({
  type: z.enum(['transfer', 'transferWithSeed']),
  info: z.object({ source: address, destination: address, lamports: amount }).loose(),
})
const TokenTransferSchema = z.object({
  type: z.literal('transfer'),
  info: z.object({ source: address, destination: address, amount }).loose(),
})
const TokenTransferCheckedSchema = z.object({
  type: z.literal('transferChecked'),
  info: z.object({ source: address, destination: address, mint: address, tokenAmount }).loose(),
})
const TokenMintSchema = z.object({
  type: z.enum(['mintTo', 'mintToChecked']),
  info: z.object({ mint: address, account: address, amount: amount.optional(), tokenAmount: tokenAmount.optional() }).loose(),
})
const TokenBurnSchema = z.object({
  type: z.enum(['burn', 'burnChecked']),
  info: z.object({ mint: address, account: address, amount: amount.optional(), tokenAmount: tokenAmount.optional() }).loose(),
})

const TOKEN_PROGRAMS = new Set(['spl-token', 'spl-token-2022'])

/**
 * The SOL and SPL token movements of a `jsonParsed` transaction, top-level and inner instructions in execution
 * order: system transfers, SPL transfer / transferChecked, mintTo(Checked) and burn(Checked). Token accounts are
 * reported as their owner wallets, from the transaction's token balances or from `ownerOf` (token accounts the
 * caller knows, e.g. the queried account's own). A failed transaction moved nothing.
 *
 * @example
 * movements(tx, new Map([[ata, wallet]]))
 * // [{ mint: 'ojs1…', from: '4Lew…', to: '34Nd…', amount: 2500000n, decimals: 6 }]
 */
export function movements(tx: TransactionAnswer, ownerOf: ReadonlyMap<string, string> = new Map()): SolanaMovement[] {
  if (tx.meta?.err != null) return []
  const keys = tx.transaction.message.accountKeys.map((k) => k.pubkey)
  const accounts = new Map<string, { owner?: string; mint: string; decimals: number }>()
  for (const b of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
    const key = keys[b.accountIndex]
    if (key) accounts.set(key, { owner: b.owner ?? accounts.get(key)?.owner, mint: b.mint, decimals: b.uiTokenAmount.decimals })
  }
  const owner = (tokenAccount: string) => accounts.get(tokenAccount)?.owner ?? ownerOf.get(tokenAccount) ?? tokenAccount

  const inner = new Map<number, ParsedInstruction[]>()
  for (const group of tx.meta?.innerInstructions ?? []) inner.set(group.index, group.instructions)
  const ordered = tx.transaction.message.instructions.flatMap((ix, i) => [ix, ...(inner.get(i) ?? [])])

  const out: SolanaMovement[] = []
  for (const ix of ordered) {
    if (ix.program === 'system') {
      const t = SystemTransferSchema.safeParse(ix.parsed)
      if (t.success) out.push({ mint: null, from: t.data.info.source, to: t.data.info.destination, amount: t.data.info.lamports, decimals: 9 })
      continue
    }
    if (!ix.program || !TOKEN_PROGRAMS.has(ix.program)) continue
    const checked = TokenTransferCheckedSchema.safeParse(ix.parsed)
    if (checked.success) {
      const { source, destination, mint, tokenAmount: ta } = checked.data.info
      out.push({ mint, from: owner(source), to: owner(destination), amount: ta.amount, decimals: ta.decimals })
      continue
    }
    const plain = TokenTransferSchema.safeParse(ix.parsed)
    if (plain.success) {
      const { source, destination, amount: raw } = plain.data.info
      const known = accounts.get(source) ?? accounts.get(destination)
      if (!known) continue // without the mint the amount means nothing
      out.push({ mint: known.mint, from: owner(source), to: owner(destination), amount: raw, decimals: known.decimals })
      continue
    }
    const minted = TokenMintSchema.safeParse(ix.parsed)
    if (minted.success) {
      const { mint, account, amount: raw, tokenAmount: ta } = minted.data.info
      const value = ta?.amount ?? raw
      if (value !== undefined) out.push({ mint, from: null, to: owner(account), amount: value, decimals: ta?.decimals ?? accounts.get(account)?.decimals ?? null })
      continue
    }
    const burnt = TokenBurnSchema.safeParse(ix.parsed)
    if (burnt.success) {
      const { mint, account, amount: raw, tokenAmount: ta } = burnt.data.info
      const value = ta?.amount ?? raw
      if (value !== undefined) out.push({ mint, from: owner(account), to: null, amount: value, decimals: ta?.decimals ?? accounts.get(account)?.decimals ?? null })
    }
  }
  return out
}
