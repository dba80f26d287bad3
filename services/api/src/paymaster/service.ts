import { type Address, type Hex, getAddress, numberToHex } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { z } from 'zod'
import type { ChainRuntime } from '../chains.js'
import type { Logger } from '../config.js'
import type { Queryable } from '../db/index.js'
import { ENTRY_POINT_V07, type PaymasterSettings } from './config.js'
import { SIGNED_GAS_FIELDS, type SignableUserOperation, type UserOperation, UserOperationSchema, paymasterData, paymasterHash } from './userOperation.js'

/** The JSON-RPC error codes of the paymaster endpoint. */
export const PAYMASTER_ERRORS = {
  methodNotFound: -32601,
  invalidParams: -32602,
  /** The paymaster cannot sponsor on this chain now (not configured, not deployed, chain down). */
  unavailable: -32603,
  /** The sender used up its sponsorships of this hour; `data.retryAfter` in seconds. */
  limitExceeded: -32005,
} as const

/** The methods served (ERC-7677). */
export const PAYMASTER_METHODS = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const

/** A JSON-RPC error raised while answering a call. */
export class PaymasterRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'PaymasterRpcError'
  }
}

const HOUR_MS = 3_600_000
/** The action name of sponsorships in the shared attempt counters (`siwx_counters`: subject, action, window). */
const ACTION = 'paymaster-sponsorships'

const contractAbi = [
  { type: 'function', name: 'verifyingSigner', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'entryPoint', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const

/** ERC-7677 params: `[userOperation, entryPoint, chainId, context]` (context optional, any object). */
const ParamsSchema = z.tuple([
  UserOperationSchema,
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected the EntryPoint address'),
  z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'expected the chain id as a hex quantity'),
  z.record(z.string(), z.unknown()).nullable().optional(),
])

/** What a call answers: ERC-7677's fields for a v0.7 EntryPoint. */
export type StubDataResult = { paymaster: Address; paymasterData: Hex; paymasterVerificationGasLimit: Hex; paymasterPostOpGasLimit: Hex; sponsor: { name: string }; isFinal: false }
export type DataResult = { paymaster: Address; paymasterData: Hex }

const describeIssue = (issue: z.core.$ZodIssue) => {
  if (issue.path.length === 0) return 'expected [userOperation, entryPoint, chainId, context?]'
  const [first, ...rest] = issue.path
  const where = first === 0 ? `userOperation${rest.length ? `.${rest.join('.')}` : ''}` : first === 1 ? 'entryPoint' : first === 2 ? 'chainId' : first === 3 ? 'context' : 'params'
  return `${where}: ${issue.message}`
}

/**
 * Signs sponsorships of the VerifyingPaymaster (ERC-7677 `pm_getPaymasterStubData` and `pm_getPaymasterData`) on the
 * EVM chains the api serves: every param checked, the paymaster's deployment checked on the chain once, and the
 * sponsored operations counted per sender, chain and hour in the database, so that every replica enforces one limit.
 */
export class PaymasterService {
  private readonly signer: PrivateKeyAccount
  /** Chains where the paymaster was found deployed for this signer (failures are checked again next time). */
  private readonly verified = new Set<string>()
  private stubSignature: Promise<Hex> | undefined
  private swept = 0

  constructor(
    private readonly db: Queryable,
    private readonly chains: ReadonlyMap<string, ChainRuntime>,
    private readonly settings: PaymasterSettings,
    private readonly logger: Logger,
  ) {
    this.signer = privateKeyToAccount(settings.signerKey)
  }

  /** The verifying signer's address (the contract's `verifyingSigner`). */
  get signerAddress(): Address {
    return this.signer.address
  }

  /**
   * Answers one call to `POST /v1/paymaster/{chainId}`; throws {@link PaymasterRpcError} for what it refuses.
   *
   * @example
   * await service.call('31337', 'pm_getPaymasterStubData', [userOp, ENTRY_POINT_V07, '0x7a69', {}])
   */
  async call(chainIdText: string, method: string, params: unknown): Promise<StubDataResult | DataResult> {
    if (!(PAYMASTER_METHODS as readonly string[]).includes(method))
      throw new PaymasterRpcError(PAYMASTER_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 64)}; this paymaster serves ${PAYMASTER_METHODS.join(' and ')}.`)
    const chain = this.chainOf(chainIdText)
    const parsed = ParamsSchema.safeParse(params)
    if (!parsed.success) throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Invalid params: ${describeIssue(parsed.error.issues[0]!)}.`)
    const [op, entryPoint, chainIdHex] = parsed.data
    if (getAddress(entryPoint) !== ENTRY_POINT_V07)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Unsupported EntryPoint ${entryPoint}: this paymaster sponsors operations of EntryPoint v0.7 (${ENTRY_POINT_V07}) only.`)
    if (BigInt(chainIdHex) !== BigInt(chain.config.chainId))
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Chain id mismatch: the params name chain ${BigInt(chainIdHex)} but the URL names ${chain.config.chainId}.`)
    const paymaster = await this.deployedOn(chain)
    return method === 'pm_getPaymasterStubData' ? this.stubData(chain, paymaster) : this.data(chain, paymaster, op)
  }

  /** The served EVM chain named in the URL. */
  private chainOf(text: string): ChainRuntime {
    const chain = /^[1-9][0-9]{0,9}$/.test(text) ? this.chains.get(`eip155:${text}`) : undefined
    if (!chain) {
      const served = [...this.chains.values()].map((c) => c.config.chainId).join(', ') || 'none'
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Unknown chain ${JSON.stringify(text.slice(0, 32))}: this paymaster sponsors on chains ${served}.`)
    }
    return chain
  }

  /** The configured paymaster, checked once per chain: code there, this signer, EntryPoint v0.7. */
  private async deployedOn(chain: ChainRuntime): Promise<Address> {
    const paymaster = this.settings.address
    if (!paymaster) throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, 'No paymaster is configured on this api (set PORTICO_PAYMASTER_ADDRESS).')
    if (this.verified.has(chain.caip)) return paymaster
    let signer: Address, entryPoint: Address
    try {
      if (!(await chain.client.getCode({ address: paymaster })))
        throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, `The paymaster ${paymaster} is not deployed on chain ${chain.config.chainId}.`)
      ;[signer, entryPoint] = await Promise.all([
        chain.client.readContract({ address: paymaster, abi: contractAbi, functionName: 'verifyingSigner' }),
        chain.client.readContract({ address: paymaster, abi: contractAbi, functionName: 'entryPoint' }),
      ])
    } catch (error) {
      if (error instanceof PaymasterRpcError) throw error
      this.logger.warn(`paymaster: chain ${chain.config.chainId} did not answer: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, `Chain ${chain.config.chainId} did not answer; try again.`)
    }
    if (getAddress(signer) !== this.signer.address)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, `The paymaster ${paymaster} on chain ${chain.config.chainId} trusts another signer than this api's.`)
    if (getAddress(entryPoint) !== ENTRY_POINT_V07)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, `The paymaster ${paymaster} on chain ${chain.config.chainId} is not for EntryPoint v0.7.`)
    this.verified.add(chain.caip)
    return paymaster
  }

  /** The validity window: from now on the chain's clock (a chain whose time was moved still works). */
  private async window(chain: ChainRuntime): Promise<{ validUntil: number; validAfter: number }> {
    try {
      const block = await chain.client.getBlock({ blockTag: 'latest' })
      return { validUntil: Number(block.timestamp) + this.settings.validForSeconds, validAfter: 0 }
    } catch {
      throw new PaymasterRpcError(PAYMASTER_ERRORS.unavailable, `Chain ${chain.config.chainId} did not answer; try again.`)
    }
  }

  /** Stub data for gas estimation: the real layout with a well-formed signature that is not the signer's. */
  private async stubData(chain: ChainRuntime, paymaster: Address): Promise<StubDataResult> {
    const { validUntil, validAfter } = await this.window(chain)
    // a signature recoverable to some other address: the contract then reports a signature failure instead of
    // reverting inside ECDSA, so the bundler can simulate the operation
    this.stubSignature ??= privateKeyToAccount('0x0000000000000000000000000000000000000000000000000000000000000001').signMessage({ message: 'portico paymaster stub' })
    return {
      paymaster,
      paymasterData: paymasterData(validUntil, validAfter, await this.stubSignature),
      paymasterVerificationGasLimit: numberToHex(this.settings.verificationGasLimit),
      // the VerifyingPaymaster returns no context, so the EntryPoint never calls its postOp
      paymasterPostOpGasLimit: numberToHex(0),
      sponsor: { name: 'Portico' },
      isFinal: false,
    }
  }

  /** The signed paymaster data for the operation as it will be sent; counts one sponsorship of the sender. */
  private async data(chain: ChainRuntime, paymaster: Address, op: UserOperation): Promise<DataResult> {
    const missing = SIGNED_GAS_FIELDS.filter((field) => op[field] === undefined)
    if (missing.length > 0)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Invalid params: userOperation.${missing[0]} is required by pm_getPaymasterData (estimate the gas first).`)
    if (op.paymasterVerificationGasLimit == null || op.paymasterPostOpGasLimit == null)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, 'Invalid params: userOperation.paymasterVerificationGasLimit and paymasterPostOpGasLimit are required by pm_getPaymasterData (take them from pm_getPaymasterStubData).')
    if (op.paymasterVerificationGasLimit < this.settings.verificationGasLimit / 2n)
      throw new PaymasterRpcError(PAYMASTER_ERRORS.invalidParams, `Invalid params: userOperation.paymasterVerificationGasLimit is too low for this paymaster (at least ${this.settings.verificationGasLimit / 2n}).`)
    const { validUntil, validAfter } = await this.window(chain)
    await this.take(chain.config.chainId, op.sender)
    const hash = paymasterHash(op as SignableUserOperation, { chainId: chain.config.chainId, paymaster, validUntil, validAfter })
    const signature = await this.signer.signMessage({ message: { raw: hash } })
    return { paymaster, paymasterData: paymasterData(validUntil, validAfter, signature) }
  }

  /** Counts one sponsorship of `sender` on `chainId` in the current hour; refuses past the limit. */
  private async take(chainId: number, sender: Address) {
    const now = this.settings.now()
    const window = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS
    if (this.swept !== window) {
      this.swept = window
      await this.db.query('delete from siwx_counters where action = $1 and window_start < $2', [ACTION, new Date(window)])
    }
    const limit = this.settings.sponsorshipsPerSenderPerHour
    const rows = await this.db.query(
      `insert into siwx_counters (subject, action, window_start, count) values ($1, $2, $3, 1)
       on conflict (subject, action, window_start) do update set count = siwx_counters.count + 1 where siwx_counters.count < $4
       returning count`,
      [`sender:${chainId}:${sender.toLowerCase()}`, ACTION, new Date(window), limit],
    )
    if (rows.length === 0) {
      const retryAfter = Math.max(1, Math.ceil((window + HOUR_MS - now.getTime()) / 1000))
      throw new PaymasterRpcError(
        PAYMASTER_ERRORS.limitExceeded,
        `Sponsorship limit reached: ${sender} has had ${limit} sponsored operations on chain ${chainId} this hour; try again in ${retryAfter} seconds.`,
        { retryAfter },
      )
    }
  }
}
