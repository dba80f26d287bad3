/**
 * The RPC's `jsonParsed` views: SPL Token accounts and mints, token amounts, and the instructions of the programs a
 * wallet and the api meet (system, SPL Token, associated token account, memo), in the shapes a validator writes.
 * Anything else stays unparsed (`programId`, `accounts`, base58 `data`), as on a validator.
 */
import { getBase58Decoder, type Address } from '@solana/kit'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS, ASSOCIATED_TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export const MEMO_PROGRAM_ADDRESSES = ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', 'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo']
export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]

/** Size of an SPL Token account and of a mint (without Token-2022 extensions). */
export const TOKEN_ACCOUNT_SIZE = 165
export const MINT_SIZE = 82

export type UiTokenAmount = { amount: string; decimals: number; uiAmount: number; uiAmountString: string }

/**
 * A raw token amount with its decimals, as the RPC shows it.
 *
 * @example
 * uiTokenAmount(1_500_000n, 6) // { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' }
 */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const raw = amount.toString()
  const padded = raw.padStart(decimals + 1, '0')
  const whole = padded.slice(0, padded.length - decimals)
  const fraction = padded.slice(padded.length - decimals).replace(/0+$/, '')
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole
  return { amount: raw, decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export type TokenAccountState = { mint: Address; owner: Address; amount: bigint; state: 'uninitialized' | 'initialized' | 'frozen'; isNative: boolean }

/** The SPL Token account held in `data`, or undefined when it is not one. */
export function decodeTokenAccount(owner: string, data: Uint8Array): TokenAccountState | undefined {
  if (!TOKEN_PROGRAMS.includes(owner) || data.length < TOKEN_ACCOUNT_SIZE) return undefined
  // Token-2022 accounts carry extensions after the base layout and an account-type byte
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 2) return undefined
  const account = getTokenDecoder().decode(data.subarray(0, TOKEN_ACCOUNT_SIZE))
  const state = (['uninitialized', 'initialized', 'frozen'] as const)[account.state] ?? 'uninitialized'
  if (state === 'uninitialized') return undefined
  return { mint: account.mint, owner: account.owner, amount: account.amount, state, isNative: account.isNative.__option === 'Some' }
}

export type MintState = { decimals: number; supply: bigint; mintAuthority: Address | null; freezeAuthority: Address | null }

/** The SPL Token mint held in `data`, or undefined when it is not one. */
export function decodeMint(owner: string, data: Uint8Array): MintState | undefined {
  if (!TOKEN_PROGRAMS.includes(owner) || data.length < MINT_SIZE || data.length === TOKEN_ACCOUNT_SIZE) return undefined
  if (data.length > TOKEN_ACCOUNT_SIZE && data[TOKEN_ACCOUNT_SIZE] !== 1) return undefined
  const mint = getMintDecoder().decode(data.subarray(0, MINT_SIZE))
  if (!mint.isInitialized) return undefined
  return {
    decimals: mint.decimals,
    supply: mint.supply,
    mintAuthority: mint.mintAuthority.__option === 'Some' ? mint.mintAuthority.value : null,
    freezeAuthority: mint.freezeAuthority.__option === 'Some' ? mint.freezeAuthority.value : null,
  }
}

/** Looks up a mint's decimals (the ledger's view of accounts). */
export type MintDecimals = (mint: Address) => number | undefined

/** The `data` of an account in `jsonParsed`: the parsed token account or mint, or undefined (then base64). */
export function parseAccountData(owner: string, data: Uint8Array, decimalsOf: MintDecimals) {
  const program = owner === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token'
  const token = decodeTokenAccount(owner, data)
  if (token) {
    const decimals = decimalsOf(token.mint) ?? 0
    return {
      program,
      parsed: {
        type: 'account',
        info: { isNative: token.isNative, mint: token.mint, owner: token.owner, state: token.state, tokenAmount: uiTokenAmount(token.amount, decimals) },
      },
      space: data.length,
    }
  }
  const mint = decodeMint(owner, data)
  if (mint) {
    return {
      program,
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: true,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: data.length,
    }
  }
  return undefined
}

const u64 = (data: Uint8Array, offset: number) =>
  data.length >= offset + 8 ? new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true) : undefined
const u32 = (data: Uint8Array, offset: number) =>
  data.length >= offset + 4 ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true) : undefined
const key = (data: Uint8Array, offset: number) =>
  data.length >= offset + 32 ? (getBase58Decoder().decode(data.subarray(offset, offset + 32)) as Address) : undefined

type Parsed = { program: string; parsed: unknown }

function parseSystem(data: Uint8Array, accounts: Address[]): Parsed | undefined {
  const kind = u32(data, 0)
  const parsed = (type: string, info: Record<string, unknown>) => ({ program: 'system', parsed: { type, info } })
  if (kind === 0) {
    const [lamports, space, owner] = [u64(data, 4), u64(data, 12), key(data, 20)]
    if (lamports === undefined || space === undefined || !owner) return undefined
    return parsed('createAccount', { source: accounts[0], newAccount: accounts[1], lamports, space, owner })
  }
  if (kind === 1) return key(data, 4) ? parsed('assign', { account: accounts[0], owner: key(data, 4) }) : undefined
  if (kind === 2) {
    const lamports = u64(data, 4)
    return lamports === undefined ? undefined : parsed('transfer', { source: accounts[0], destination: accounts[1], lamports })
  }
  if (kind === 8) {
    const space = u64(data, 4)
    return space === undefined ? undefined : parsed('allocate', { account: accounts[0], space })
  }
  return undefined
}

function parseToken(program: string, data: Uint8Array, accounts: Address[], decimalsOf: MintDecimals): Parsed | undefined {
  const parsed = (type: string, info: Record<string, unknown>) => ({ program, parsed: { type, info } })
  const amount = u64(data, 1)
  const checked = (mint: Address | undefined) => {
    if (amount === undefined || data.length < 10) return undefined
    return uiTokenAmount(amount, data[9] ?? decimalsOf(mint as Address) ?? 0)
  }
  switch (data[0]) {
    case 0:
    case 20: {
      const mintAuthority = key(data, 2)
      if (!mintAuthority) return undefined
      const freezeAuthority = data[34] === 1 ? key(data, 35) : undefined
      const info = { mint: accounts[0], decimals: data[1], mintAuthority, ...(freezeAuthority ? { freezeAuthority } : {}) }
      return data[0] === 0 ? parsed('initializeMint', { ...info, rentSysvar: accounts[1] }) : parsed('initializeMint2', info)
    }
    case 1:
      return parsed('initializeAccount', { account: accounts[0], mint: accounts[1], owner: accounts[2], rentSysvar: accounts[3] })
    case 18:
      return key(data, 1) ? parsed('initializeAccount3', { account: accounts[0], mint: accounts[1], owner: key(data, 1) }) : undefined
    case 3:
      if (amount === undefined) return undefined
      return parsed('transfer', { source: accounts[0], destination: accounts[1], authority: accounts[2], amount: amount.toString() })
    case 4:
      if (amount === undefined) return undefined
      return parsed('approve', { source: accounts[0], delegate: accounts[1], owner: accounts[2], amount: amount.toString() })
    case 7:
      if (amount === undefined) return undefined
      return parsed('mintTo', { mint: accounts[0], account: accounts[1], mintAuthority: accounts[2], amount: amount.toString() })
    case 8:
      if (amount === undefined) return undefined
      return parsed('burn', { account: accounts[0], mint: accounts[1], authority: accounts[2], amount: amount.toString() })
    case 9:
      return parsed('closeAccount', { account: accounts[0], destination: accounts[1], owner: accounts[2] })
    case 12: {
      const tokenAmount = checked(accounts[1])
      if (!tokenAmount) return undefined
      return parsed('transferChecked', { source: accounts[0], mint: accounts[1], destination: accounts[2], authority: accounts[3], tokenAmount })
    }
    case 14: {
      const tokenAmount = checked(accounts[0])
      if (!tokenAmount) return undefined
      return parsed('mintToChecked', { mint: accounts[0], account: accounts[1], mintAuthority: accounts[2], tokenAmount })
    }
    case 15: {
      const tokenAmount = checked(accounts[1])
      if (!tokenAmount) return undefined
      return parsed('burnChecked', { account: accounts[0], mint: accounts[1], authority: accounts[2], tokenAmount })
    }
    case 17:
      return parsed('syncNative', { account: accounts[0] })
    case 21:
      return parsed('getAccountDataSize', { mint: accounts[0] })
    case 22:
      return parsed('initializeImmutableOwner', { account: accounts[0] })
    default:
      return undefined
  }
}

function parseAssociatedToken(data: Uint8Array, accounts: Address[]): Parsed | undefined {
  const kind = data.length === 0 ? 0 : data[0]
  if (kind !== 0 && kind !== 1) return undefined
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts
  return {
    program: 'spl-associated-token-account',
    parsed: { type: kind === 0 ? 'create' : 'createIdempotent', info: { source, account, wallet, mint, systemProgram, tokenProgram } },
  }
}

/**
 * An instruction in `jsonParsed`: `{ program, programId, parsed, stackHeight }` for the known programs, else
 * `{ programId, accounts, data, stackHeight }` with base58 data.
 *
 * @example
 * parseInstruction(SYSTEM_PROGRAM_ADDRESS, [from, to], data, null, () => undefined)
 * // { program: 'system', programId: '1111…', parsed: { type: 'transfer', info: { source, destination, lamports } }, stackHeight: null }
 */
export function parseInstruction(
  programId: Address,
  accounts: Address[],
  data: Uint8Array,
  stackHeight: number | null,
  decimalsOf: MintDecimals,
) {
  let parsed: Parsed | undefined
  try {
    if (programId === SYSTEM_PROGRAM_ADDRESS) parsed = parseSystem(data, accounts)
    else if (programId === TOKEN_PROGRAM_ADDRESS) parsed = parseToken('spl-token', data, accounts, decimalsOf)
    else if (programId === TOKEN_2022_PROGRAM_ADDRESS) parsed = parseToken('spl-token-2022', data, accounts, decimalsOf)
    else if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) parsed = parseAssociatedToken(data, accounts)
    else if (MEMO_PROGRAM_ADDRESSES.includes(programId)) parsed = { program: 'spl-memo', parsed: new TextDecoder().decode(data) }
  } catch {
    parsed = undefined
  }
  if (parsed) return { program: parsed.program, programId, parsed: parsed.parsed, stackHeight }
  return { programId, accounts, data: getBase58Decoder().decode(data), stackHeight }
}
