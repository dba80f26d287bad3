import { toSimpleSmartAccount } from 'permissionless/accounts'
import { getUserOperationGasPrice } from 'permissionless/actions/pimlico'
import { createSmartAccountClient } from 'permissionless'
import {
  BaseError,
  createPublicClient,
  defineChain,
  encodeAbiParameters,
  hashMessage,
  hashTypedData,
  HttpRequestError,
  http,
  keccak256,
  serializeErc6492Signature,
  TimeoutError,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
  type SignableMessage,
  type TypedDataDefinition,
} from 'viem'
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { nativeSymbol } from './chain.js'
import type { SmartAccountChain } from './config.js'
import { FrameFailure, MESSAGES } from './errors.js'

/**
 * The embedded wallet's ERC-4337 smart account (a SimpleAccount v0.7 owned by the wallet's eoa key), loaded in its
 * own chunk the first time a smart account is used: user operations through the chain's bundler, paid by its
 * ERC-7677 paymaster, and signatures the account validates with ERC-1271 (ERC-6492-wrapped before deployment).
 */

/** Where a smart account lives: its chain, the chain's RPC and ERC-4337 services, and the owner (the eoa). */
export interface SmartAccountTarget {
  chainId: number
  rpcUrl: string
  config: SmartAccountChain
  owner: Address
}

/** The owner key's two signing operations, each rebuilding the key for that one call. */
export interface OwnerSigner {
  signMessage(message: SignableMessage): Promise<Hex>
}

/** One call of a user operation. */
export interface SmartCall {
  to: Address
  value?: bigint
  data?: Hex
}

const ownerAccount = (address: Address, signer?: OwnerSigner): LocalAccount =>
  toAccount({
    address,
    async signMessage({ message }) {
      if (!signer) throw new FrameFailure(MESSAGES.somethingWrong, 'NO_OWNER_KEY')
      return signer.signMessage(message)
    },
    async signTransaction() {
      throw new FrameFailure(MESSAGES.notAllowed, 'OWNER_SIGNS_NO_TRANSACTION')
    },
    async signTypedData() {
      // SimpleAccount v0.7 signs user operations with personal_sign of their hash; typed data goes through
      // signSmartTypedData (a replay-safe hash signed as a message)
      throw new FrameFailure(MESSAGES.notAllowed, 'OWNER_SIGNS_NO_TYPED_DATA')
    },
  })

function chainOf(target: SmartAccountTarget) {
  return defineChain({
    id: target.chainId,
    name: `Chain ${target.chainId}`,
    nativeCurrency: { name: nativeSymbol(target.chainId), symbol: nativeSymbol(target.chainId), decimals: 18 },
    rpcUrls: { default: { http: [target.rpcUrl] } },
  })
}

/** Addresses already derived, by chain, factory and owner: a SimpleAccount's address never changes. */
const addresses = new Map<string, Address>()
const addressKey = (target: SmartAccountTarget) => `${target.chainId}:${target.config.factoryAddress}:${target.owner}`.toLowerCase()

async function accountOf(target: SmartAccountTarget, signer?: OwnerSigner) {
  const chain = chainOf(target)
  const client = createPublicClient({ chain, transport: http(target.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
  const known = addresses.get(addressKey(target))
  const account = await toSimpleSmartAccount({
    client,
    owner: ownerAccount(target.owner, signer),
    factoryAddress: target.config.factoryAddress as Address,
    entryPoint: { address: target.config.entryPoint as Address, version: '0.7' },
    // the EntryPoint's getSenderAddress is asked once per owner and chain
    ...(known ? { address: known } : {}),
  })
  addresses.set(addressKey(target), account.address)
  return { chain, client, account }
}

/**
 * The smart account's counterfactual address (the same before and after deployment) and whether it has code yet.
 *
 * @example
 * const { address, isDeployed } = await smartAccountInfo({ chainId: 31337, rpcUrl, config, owner })
 */
export async function smartAccountInfo(target: SmartAccountTarget): Promise<{ address: Address; isDeployed: boolean }> {
  try {
    const { client, account } = await accountOf(target)
    const code = await client.getCode({ address: account.address })
    return { address: account.address, isDeployed: !!code && code !== '0x' }
  } catch (error) {
    throw smartAccountFailure(error, target)
  }
}

/**
 * The hash the account's `isValidSignature` checks the owner's signature against: the request's hash bound to this
 * account and chain, so one owner's signature for one of its accounts is no signature for another.
 */
export function replaySafeHash(hash: Hex, account: Address, chainId: number): Hex {
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [hash, account, BigInt(chainId)]))
}

async function signHash(target: SmartAccountTarget, signer: OwnerSigner, hash: Hex): Promise<Hex> {
  try {
    const { account } = await accountOf(target, signer)
    const signature = await signer.signMessage({ raw: replaySafeHash(hash, account.address, target.chainId) })
    if (await account.isDeployed()) return signature
    // not deployed yet: ERC-6492 carries the factory call a verifier simulates before asking the account
    const { factory, factoryData } = await account.getFactoryArgs()
    if (!factory || !factoryData) return signature
    return serializeErc6492Signature({ address: factory, data: factoryData, signature })
  } catch (error) {
    throw smartAccountFailure(error, target)
  }
}

/** personal_sign for the smart account (ERC-1271 once deployed, ERC-6492 before). */
export const signSmartMessage = (target: SmartAccountTarget, signer: OwnerSigner, message: SignableMessage) =>
  signHash(target, signer, hashMessage(message))

/** eth_signTypedData_v4 for the smart account (ERC-1271 once deployed, ERC-6492 before). */
export const signSmartTypedData = (target: SmartAccountTarget, signer: OwnerSigner, data: TypedDataDefinition) =>
  signHash(target, signer, hashTypedData(data))

function clientsOf(target: SmartAccountTarget) {
  const bundlerTransport = http(target.config.bundlerUrl, { retryCount: 0, timeout: 30_000 })
  const paymaster = target.config.paymasterUrl
    ? createPaymasterClient({ transport: http(target.config.paymasterUrl, { retryCount: 0, timeout: 15_000 }) })
    : undefined
  return { bundlerTransport, paymaster }
}

/**
 * Sends `calls` as ONE user operation through the bundler (several calls: the account's `executeBatch`), sponsored
 * by the chain's paymaster; the first one deploys the account. Resolves with the user operation hash once the
 * bundler accepted it; `receipt()` waits for it to be mined.
 *
 * @example
 * const { hash, receipt } = await sendSmartCalls(target, signer, [{ to, value: 10n ** 16n }])
 */
export async function sendSmartCalls(target: SmartAccountTarget, signer: OwnerSigner, calls: readonly SmartCall[]) {
  try {
    const { chain, client, account } = await accountOf(target, signer)
    const { bundlerTransport, paymaster } = clientsOf(target)
    const bundler = createBundlerClient({ chain, transport: bundlerTransport, client })
    const smart = createSmartAccountClient({
      account,
      chain,
      client,
      bundlerTransport,
      ...(paymaster ? { paymaster } : {}),
      userOperation: { estimateFeesPerGas: async () => (await getUserOperationGasPrice(bundler)).fast },
    })
    const hash = await smart.sendUserOperation({ calls: calls.map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' })) })
    return {
      hash,
      async receipt() {
        try {
          const receipt = await smart.waitForUserOperationReceipt({ hash, timeout: 60_000 })
          if (!receipt.success) throw new FrameFailure(rejected(receipt.reason ?? 'reverted'), 'USER_OPERATION_REVERTED')
          return receipt
        } catch (error) {
          throw smartAccountFailure(error, target)
        }
      },
    }
  } catch (error) {
    throw smartAccountFailure(error, target)
  }
}

type RawUserOperationReceipt = {
  success: boolean
  reason?: string
  receipt: { status: Hex; logs: unknown[]; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }
}

/** EIP-5792 status of a wallet_sendCalls the smart account sent (its id is the user operation hash). */
export async function userOperationStatus(target: SmartAccountTarget, hash: Hex) {
  try {
    const bundler = createBundlerClient({ chain: chainOf(target), transport: clientsOf(target).bundlerTransport })
    const raw = (await bundler.request({ method: 'eth_getUserOperationReceipt', params: [hash] } as never)) as RawUserOperationReceipt | null
    const r = raw?.receipt
    return {
      version: '2.0.0',
      id: hash,
      chainId: toHex(target.chainId),
      status: !raw ? 100 : raw.success ? 200 : 500,
      atomic: true,
      receipts: r
        ? [{ logs: r.logs, status: r.status, blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash }]
        : [],
    }
  } catch (error) {
    throw smartAccountFailure(error, target)
  }
}

const rejected = (reason: string) => `${MESSAGES.smartAccountRejected} ${reason}`

/** The first "AA<nn> …" reason an EntryPoint rejection carries (EIP-4337's FailedOp codes), if any. */
export function aaReason(error: unknown): string | undefined {
  const texts: string[] = []
  let e: unknown = error
  for (let depth = 0; e && depth < 8; depth++) {
    if (e instanceof Error) texts.push(e.message)
    if (e && typeof e === 'object' && 'details' in e && typeof e.details === 'string') texts.push(e.details)
    e = (e as { cause?: unknown }).cause
  }
  for (const text of texts) {
    const match = text.match(/\bAA[1-9]\d\b[^"\n]*/)
    if (match) return match[0].replace(/[\s.]+$/, '')
  }
  return undefined
}

/**
 * A failure of the smart account as the visitor should read it: the bundler or paymaster unreachable says the
 * service is unavailable; an EntryPoint rejection names its AA code; frame failures pass through.
 */
export function smartAccountFailure(error: unknown, target: SmartAccountTarget): unknown {
  if (error instanceof FrameFailure) return error
  const reason = aaReason(error)
  if (reason) return new FrameFailure(rejected(reason), 'USER_OPERATION_REJECTED')
  const services = [target.config.bundlerUrl, target.config.paymasterUrl].filter(Boolean).map((u) => new URL(u!).origin)
  let e: unknown = error
  for (let depth = 0; e && depth < 8; depth++) {
    if ((e instanceof HttpRequestError || e instanceof TimeoutError) && services.includes(new URL(e.url).origin)) {
      return new FrameFailure(MESSAGES.smartAccountServiceUnavailable, 'SMART_ACCOUNT_SERVICE_UNAVAILABLE')
    }
    e = (e as { cause?: unknown }).cause
  }
  if (error instanceof BaseError) return new FrameFailure(`${MESSAGES.smartAccountFailed} ${error.shortMessage}`, 'SMART_ACCOUNT_FAILED')
  return error
}
