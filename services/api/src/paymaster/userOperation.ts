import { z } from 'zod'
import { type Address, type Hex, concatHex, encodeAbiParameters, getAddress, keccak256, numberToHex, pad } from 'viem'

const UINT128_MAX = (1n << 128n) - 1n
const UINT256_MAX = (1n << 256n) - 1n

const hexData = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, 'expected 0x-prefixed hex bytes') as z.ZodType<Hex>
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte 0x-prefixed address').transform((a) => getAddress(a))
/** A JSON-RPC quantity (0x-prefixed hex) up to `max`, as a bigint. */
const quantity = (max: bigint, what: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a 0x-prefixed hex quantity')
    .transform((q) => BigInt(q))
    .refine((n) => n <= max, `larger than ${what}`)
const gas = quantity(UINT128_MAX, 'uint128')

/**
 * A v0.7 user operation as ERC-7677 passes it (unpacked, JSON-RPC quantities). Gas fields are optional here: the
 * stub call comes before gas estimation. Unknown keys (e.g. `eip7702Auth`) are refused, not ignored: the signed
 * hash must cover everything the bundler will see.
 */
export const UserOperationSchema = z
  .object({
    sender: address,
    nonce: quantity(UINT256_MAX, 'uint256'),
    factory: address.optional().nullable(),
    factoryData: hexData.optional().nullable(),
    callData: hexData,
    callGasLimit: gas.optional(),
    verificationGasLimit: gas.optional(),
    preVerificationGas: quantity(UINT256_MAX, 'uint256').optional(),
    maxFeePerGas: gas.optional(),
    maxPriorityFeePerGas: gas.optional(),
    paymaster: address.optional().nullable(),
    paymasterVerificationGasLimit: gas.optional().nullable(),
    paymasterPostOpGasLimit: gas.optional().nullable(),
    paymasterData: hexData.optional().nullable(),
    signature: hexData.optional(),
  })
  .strict()
  .refine((op) => !op.factoryData || op.factoryData === '0x' || op.factory, { message: 'factoryData without factory', path: ['factoryData'] })
export type UserOperation = z.output<typeof UserOperationSchema>

/** The gas fields the paymaster's signature covers: required by `pm_getPaymasterData`. */
export const SIGNED_GAS_FIELDS = ['callGasLimit', 'verificationGasLimit', 'preVerificationGas', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const

/** A user operation with every field the VerifyingPaymaster's hash reads. */
export type SignableUserOperation = UserOperation & { [K in (typeof SIGNED_GAS_FIELDS)[number]]: bigint } & {
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

const pack128 = (high: bigint, low: bigint): Hex => concatHex([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])

/**
 * The hash the VerifyingPaymaster 0.7.0 signs and checks (its `getHash`, computed off-chain): the operation without
 * its paymaster data and signature, the chain id, the paymaster's address and the validity window.
 *
 * @example
 * const hash = paymasterHash(op, { chainId: 31337, paymaster, validUntil: 1_800_000_000, validAfter: 0 })
 */
export function paymasterHash(op: SignableUserOperation, at: { chainId: number; paymaster: Address; validUntil: number; validAfter: number }): Hex {
  const initCode = op.factory ? concatHex([op.factory, op.factoryData ?? '0x']) : '0x'
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        op.sender,
        op.nonce,
        keccak256(initCode),
        keccak256(op.callData),
        pack128(op.verificationGasLimit, op.callGasLimit),
        BigInt(pack128(op.paymasterVerificationGasLimit, op.paymasterPostOpGasLimit)),
        op.preVerificationGas,
        pack128(op.maxPriorityFeePerGas, op.maxFeePerGas),
        BigInt(at.chainId),
        at.paymaster,
        at.validUntil,
        at.validAfter,
      ],
    ),
  )
}

/**
 * The paymaster data the contract parses: `abi.encode(validUntil, validAfter)` then the signature.
 *
 * @example
 * paymasterData(1_800_000_000, 0, signature) // '0x…' (64 bytes of window, then 65 of signature)
 */
export function paymasterData(validUntil: number, validAfter: number, signature: Hex): Hex {
  return concatHex([encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter]), signature])
}
