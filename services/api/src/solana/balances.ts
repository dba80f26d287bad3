import type { ApiTokenBalance } from '@portico/contracts/api'
import { type IconUrlFor, item } from '../balances.js'
import type { DataStore } from '../store.js'
import type { SolanaChainRuntime } from './chains.js'
import { BalanceAnswerSchema, type TokenAccount, TokenAccountsAnswerSchema } from './rpc.js'

/** The SPL Token and Token-2022 programs: an owner's token accounts live under either. */
export const TOKEN_PROGRAM_IDS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const

/**
 * Every token account of `owner` on the chain (both token programs, `jsonParsed`), each answer zod-checked.
 *
 * @example
 * const accounts = await tokenAccountsOf(chain, '4LewGdh9oEkfpyJCR9QnabVVYGg5c1FvCo9Tt9tyUNnh')
 */
export async function tokenAccountsOf(chain: SolanaChainRuntime, owner: string): Promise<TokenAccount[]> {
  const answers = await Promise.all(
    TOKEN_PROGRAM_IDS.map((programId) =>
      chain.rpc('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }], TokenAccountsAnswerSchema),
    ),
  )
  return answers.flatMap((a) => a.value)
}

/**
 * SOL (getBalance) and the listed SPL tokens (getTokenAccountsByOwner, summed over an owner's token accounts of a
 * mint) of `owner`, in the SPEC §7 balance shape, priced from the price table. Zero balances are left out, as on
 * eip155; unlisted mints too (they have no name or symbol to show).
 *
 * @example
 * const balances = await readSolanaBalances(chain, store, owner, { currency: 'usd', iconUrl })
 */
export async function readSolanaBalances(
  chain: SolanaChainRuntime,
  store: DataStore,
  owner: string,
  options: { currency: string; iconUrl: IconUrlFor },
): Promise<ApiTokenBalance[]> {
  const [lamports, accounts] = await Promise.all([
    chain.rpc('getBalance', [owner, { commitment: 'confirmed' }], BalanceAnswerSchema),
    tokenAccountsOf(chain, owner),
  ])
  const held = new Map<string, bigint>()
  for (const account of accounts) {
    const info = account.account.data.parsed.info
    if (info.owner !== owner || !chain.tokens.has(info.mint)) continue
    held.set(info.mint, (held.get(info.mint) ?? 0n) + BigInt(info.tokenAmount.amount))
  }
  const prices = await store.prices(options.currency, [
    { chainId: chain.caip, asset: 'native' },
    ...[...held.keys()].map((mint) => ({ chainId: chain.caip, asset: mint })),
  ])
  const balances: ApiTokenBalance[] = []
  if (lamports.value > 0n) {
    balances.push(
      item({
        name: chain.native.name,
        symbol: chain.native.symbol,
        chainId: chain.caip,
        decimals: chain.native.decimals,
        raw: lamports.value,
        price: prices.get(`${chain.caip}|native`),
        iconUrl: chain.native.iconUrl ?? options.iconUrl('token', chain.native.symbol),
      }),
    )
  }
  for (const [mint, raw] of [...held].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const token = chain.tokens.get(mint)!
    if (raw <= 0n) continue
    balances.push(
      item({
        name: token.name,
        symbol: token.symbol,
        chainId: chain.caip,
        address: `${chain.caip}:${mint}`,
        decimals: token.decimals,
        raw,
        price: prices.get(`${chain.caip}|${mint.toLowerCase()}`),
        iconUrl: token.iconUrl ?? options.iconUrl('token', token.symbol),
      }),
    )
  }
  return balances
}
