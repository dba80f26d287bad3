import type { TokenBalance } from '@portico/plugin-portfolio'

/** Why an amount the visitor typed is not a number of the token's units. */
export type AmountProblem = 'invalid' | 'decimals'

/**
 * The visitor's decimal amount in the token's smallest unit, exactly (no float): `'12.5'` with 6 decimals is
 * `12500000n`. A comma is read as the decimal sign when there is no dot (`12,5` in Spanish). More decimals than
 * the token has is a problem, not a rounding.
 */
export function parseAmount(input: string, decimals: number): { units: bigint } | { problem: AmountProblem } {
  let s = input.trim().replace(/\s/g, '')
  if (!s.includes('.') && s.split(',').length === 2) s = s.replace(',', '.')
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s)) return { problem: 'invalid' }
  const [whole = '', fraction = ''] = s.split('.')
  if (fraction.length > decimals) return { problem: 'decimals' }
  return { units: BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`) }
}

/** A balance's decimals as a number. */
export const tokenDecimals = (token: TokenBalance) => Number(token.quantity.decimals)

/** A balance's quantity in its smallest unit; digits beyond its decimals (never expected) are cut. */
export function balanceUnits(token: TokenBalance): bigint {
  const decimals = tokenDecimals(token)
  const [whole = '0', fraction = ''] = token.quantity.numeric.split('.')
  if (!/^\d*$/.test(whole + fraction)) return 0n
  return BigInt(`${whole || '0'}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/** `units` of a token with `decimals` as an exact decimal string, trailing zeros cut (`12500000n`, 6 → `12.5`). */
export function unitsToDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** A native balance has no contract address (SPEC §3). */
export const isNative = (token: TokenBalance) => !token.address

/** A plain native transfer's gas (21,000 on every EVM chain). */
export const NATIVE_TRANSFER_GAS = 21_000n

/**
 * Max for the native token: the balance less twice the fee of a plain transfer at `gasPrice`. Twice, because a
 * wallet prices an EIP-1559 transaction with a fee cap above the current price, and the node refuses one whose
 * value plus gas × cap exceeds the balance. Never below zero.
 */
export function maxNativeUnits(balance: bigint, gasPrice: bigint, gas = NATIVE_TRANSFER_GAS): bigint {
  const left = balance - 2n * gas * gasPrice
  return left > 0n ? left : 0n
}
