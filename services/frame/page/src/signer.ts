import { UNSAFE_RPC_METHODS, isSafeRpcMethod } from '@portico/contracts/spec'
import type { FrameRpcRequest } from '@portico/contracts/frame'
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  hexToBigInt,
  http,
  isHex,
  toHex,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import type { ApprovalRequest, ApprovalRow } from './approval.js'
import { evmChainId, nativeSymbol, type ChainState } from './chain.js'
import { FrameFailure, MESSAGES } from './errors.js'
import type { ActiveEvmAccount } from './handlers.js'
import { evmAccountOf } from './keys.js'
import type { OwnerSigner, SmartAccountTarget } from './smartAccount.js'
import { t } from './strings.js'

/** What the signer needs from the rest of the frame. */
export interface SignerContext {
  chain: ChainState
  /** Asks the visitor (the frame's approval UI); rejects when they decline or the app aborts. */
  approve(request: ApprovalRequest): Promise<void>
  /**
   * The signed-in user's eip155 account on `chainId` (default: the active chain): the smart account (`smart`) when
   * the visitor prefers it and the chain offers one, else the eoa; throws when nobody is signed in.
   */
  account(chainId?: number): Promise<ActiveEvmAccount>
  /** Runs `operation` with the wallet's entropy rebuilt for it. */
  withEntropy<T>(userId: string, operation: (entropy: Uint8Array) => Promise<T>): Promise<T>
}

type TxParams = {
  from?: string
  to?: string | null
  data?: string
  input?: string
  value?: string
  gas?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  nonce?: string
  chainId?: string | number
}

const unsafe: ReadonlySet<string> = new Set(UNSAFE_RPC_METHODS)

/** The smart-account code, in its own chunk: an eoa never loads it. */
const loadSmartAccount = () => import(/* webpackChunkName: "smart-account" */ './smartAccount.js')

/** The owner key as the smart account signs with it: rebuilt for each signature. */
const ownerSigner = (ctx: SignerContext, userId: string): OwnerSigner => ({
  signMessage: (message) => ctx.withEntropy(userId, (entropy) => evmAccountOf(entropy).signMessage({ message })),
})

/** A user operation hash: the id wallet_sendCalls answers for a smart account (an eoa's id is a JSON list). */
const USER_OPERATION_ID = /^0x[0-9a-fA-F]{64}$/

/** EIP-5792 capabilities of the smart account: atomic batches, paid by the chain's paymaster. */
const SMART_CAPABILITIES = { atomic: { status: 'supported' }, paymasterService: { supported: true } } as const

/** The request narrowed to a method with typed params (the catch-all member keeps `switch` from narrowing). */
type Typed<M extends string> = Extract<FrameRpcRequest, { method: M }>
const typed = <M extends string>(request: FrameRpcRequest, _method: M) => request as Typed<M>

function clientsFor(chainId: number, rpcUrl: string) {
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: nativeSymbol(chainId), symbol: nativeSymbol(chainId), decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  // one attempt: a retried eth_sendRawTransaction could surface as a confusing "already known"
  const transport = http(rpcUrl, { retryCount: 0, timeout: 10_000 })
  return { chain, public: createPublicClient({ chain, transport }), transport }
}

/** A personal_sign message for display: UTF-8 text when the hex decodes to printable text, else the hex. */
export function displayMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytesSafe(message))
    return /[\u0000-\u0008\u000e-\u001f\u007f]/.test(text) ? message : text
  } catch {
    return message
  }
}

function hexToBytesSafe(hex: Hex): Uint8Array {
  const body = hex.slice(2)
  if (body.length % 2) throw new Error('odd hex')
  return Uint8Array.from(body.match(/../g) ?? [], (b) => Number.parseInt(b, 16))
}

function sameAddress(a: string | undefined, b: string): boolean {
  return !a || a.toLowerCase() === b.toLowerCase()
}

function requireOwnAddress(requested: string | undefined, own: Address): void {
  if (!sameAddress(requested, own)) throw new FrameFailure('The request is for another account.', 'WRONG_ACCOUNT')
}

/** Typed data from eth_signTypedData_v4's second param (a JSON string or an object). */
export function parseTypedData(input: string | Record<string, unknown>): TypedDataDefinition {
  let data: unknown = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch {
      throw new FrameFailure('The typed data is not valid JSON.', 'INVALID_TYPED_DATA')
    }
  }
  const d = data as Partial<Record<'domain' | 'types' | 'primaryType' | 'message', unknown>>
  if (!d || typeof d !== 'object' || typeof d.primaryType !== 'string' || !d.types || typeof d.types !== 'object' || !d.message) {
    throw new FrameFailure('The typed data needs types, primaryType and message.', 'INVALID_TYPED_DATA')
  }
  return { domain: (d.domain ?? {}) as TypedDataDefinition['domain'], types: d.types, primaryType: d.primaryType, message: d.message } as TypedDataDefinition
}

const json = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2)

function txRows(tx: { to?: string | null; value?: string; data?: string }, chainId: number): ApprovalRow[] {
  const rows: ApprovalRow[] = [
    { label: t('to'), value: tx.to ?? t('contractCreation'), mono: true },
    { label: t('value'), value: `${formatEther(tx.value ? hexToBigInt(tx.value as Hex) : 0n)} ${nativeSymbol(chainId)}` },
  ]
  if (tx.data && tx.data !== '0x') rows.push({ label: t('data'), value: tx.data, mono: true })
  return rows
}

/** Fields of an eth_sendTransaction request in viem's shape (hex quantities to bigints). */
function toViemTx(tx: TxParams) {
  const big = (v?: string) => (v === undefined ? undefined : hexToBigInt(v as Hex))
  const fees = tx.gasPrice !== undefined
    ? { gasPrice: big(tx.gasPrice) }
    : { maxFeePerGas: big(tx.maxFeePerGas), maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas) }
  return {
    to: (tx.to ?? undefined) as Address | undefined,
    data: (tx.data ?? tx.input) as Hex | undefined,
    value: big(tx.value),
    gas: big(tx.gas),
    nonce: tx.nonce === undefined ? undefined : Number(hexToBigInt(tx.nonce as Hex)),
    ...fees,
  }
}

/**
 * Answers an eip155 RPC_REQUEST. Read-only methods go to the chain's RPC; signing methods are shown for approval in
 * the frame, then signed with the key rebuilt for that one operation. Unknown and not-yet-supported methods fail.
 */
export async function handleRpc(request: FrameRpcRequest, ctx: SignerContext): Promise<unknown> {
  const { method } = request
  if (request.chainNamespace === 'solana' || method.startsWith('solana_')) throw new FrameFailure(MESSAGES.solanaUnavailable)
  if (request.chainNamespace && request.chainNamespace !== 'eip155') throw new FrameFailure(MESSAGES.notAllowed, 'UNSUPPORTED_NAMESPACE')

  switch (request.method) {
    case 'eth_accounts':
      return [(await ctx.account()).address]
    case 'eth_chainId':
      return toHex(ctx.chain.resolveId(request))
    case 'wallet_getCapabilities': {
      const asked = Array.isArray(request.params) && Array.isArray(request.params[1]) ? request.params[1].filter((id) => typeof id === 'string') : []
      const ids = asked.length ? asked : [toHex(ctx.chain.resolveId(request))]
      const entries = await Promise.all(
        ids.map(async (id) => {
          const chainId = evmChainId(id)
          const active = chainId === null ? undefined : await ctx.account(chainId).catch(() => undefined)
          return [id, active?.smart ? SMART_CAPABILITIES : {}] as const
        }),
      )
      return Object.fromEntries(entries)
    }
    case 'wallet_getCallsStatus': {
      const id = typed(request, 'wallet_getCallsStatus').params[0]
      if (!USER_OPERATION_ID.test(id)) return callsStatus(id, ctx, request)
      const { offered } = await ctx.account(ctx.chain.resolveId(request))
      if (!offered) throw new FrameFailure('Unknown batch id.', 'UNKNOWN_BUNDLE')
      return (await loadSmartAccount()).userOperationStatus(offered, id as Hex)
    }
    case 'personal_sign': {
      const [message, address] = typed(request, 'personal_sign').params
      const { userId, address: own, smart } = await ctx.account(ctx.chain.resolveId(request))
      requireOwnAddress(address, own)
      await ctx.approve({
        method,
        rows: [
          { label: t('account'), value: own, mono: true },
          { label: t('message'), value: displayMessage(message) },
        ],
      })
      const signable = isHex(message) ? { raw: message } : message
      if (smart) return (await loadSmartAccount()).signSmartMessage(smart, ownerSigner(ctx, userId), signable)
      return ctx.withEntropy(userId, (entropy) => evmAccountOf(entropy).signMessage({ message: signable }))
    }
    case 'eth_signTypedData_v4': {
      const [address, raw] = typed(request, 'eth_signTypedData_v4').params
      const { userId, address: own, smart } = await ctx.account(ctx.chain.resolveId(request))
      requireOwnAddress(address, own)
      const data = parseTypedData(raw)
      await ctx.approve({
        method,
        rows: [
          { label: t('account'), value: own, mono: true },
          { label: t('domain'), value: json(data.domain ?? {}), mono: true },
          { label: t('primaryType'), value: String(data.primaryType) },
          { label: t('message'), value: json(data.message), mono: true },
        ],
      })
      if (smart) return (await loadSmartAccount()).signSmartTypedData(smart, ownerSigner(ctx, userId), data)
      return ctx.withEntropy(userId, (entropy) => evmAccountOf(entropy).signTypedData(data))
    }
    case 'eth_sendTransaction': {
      const [tx] = typed(request, 'eth_sendTransaction').params
      const { chainId, rpcUrl } = ctx.chain.resolve({ chainId: tx.chainId ?? request.chainId, rpcUrl: request.rpcUrl })
      const { userId, address: own, smart } = await ctx.account(chainId)
      requireOwnAddress(tx.from, own)
      if (smart && !tx.to) throw new FrameFailure('A smart account cannot create a contract with a transaction.', 'SMART_ACCOUNT_NO_CREATE')
      await ctx.approve({
        method,
        rows: [{ label: t('account'), value: own, mono: true }, ...txRows(tx, chainId), { label: t('chain'), value: String(chainId) }],
      })
      if (smart) {
        // one user operation; the answer is the hash of the transaction that included it, as for an eoa
        const sent = await (await loadSmartAccount()).sendSmartCalls(smart, ownerSigner(ctx, userId), [smartCall(tx)])
        return (await sent.receipt()).receipt.transactionHash
      }
      return ctx.withEntropy(userId, (entropy) => sendOne(evmAccountOf(entropy), chainId, rpcUrl, toViemTx(tx)))
    }
    case 'wallet_sendCalls': {
      const [batch] = typed(request, 'wallet_sendCalls').params
      const { chainId, rpcUrl } = ctx.chain.resolve({ chainId: batch.chainId ?? request.chainId, rpcUrl: request.rpcUrl })
      const { userId, address: own, smart } = await ctx.account(chainId)
      requireOwnAddress(batch.from, own)
      const rows: ApprovalRow[] = [{ label: t('account'), value: own, mono: true }, { label: t('chain'), value: String(chainId) }]
      batch.calls.forEach((call, i) => {
        rows.push({ label: t('call', { n: i + 1 }), value: '' }, ...txRows(call, chainId))
      })
      await ctx.approve({ method, rows })
      if (smart) {
        // all calls in ONE user operation (the account's executeBatch): atomic; the id is the user operation hash
        const sent = await (await loadSmartAccount()).sendSmartCalls(smart, ownerSigner(ctx, userId), batch.calls.map(smartCall))
        return { id: sent.hash }
      }
      // executed as sequential transactions (no atomic batching for an EOA); the id is the list of their hashes
      const hashes = await ctx.withEntropy(userId, async (entropy) => {
        const account = evmAccountOf(entropy)
        const sent: Hex[] = []
        for (const call of batch.calls) sent.push(await sendOne(account, chainId, rpcUrl, toViemTx(call)))
        return sent
      })
      return { id: JSON.stringify(hashes) }
    }
  }
  if (unsafe.has(method)) throw new FrameFailure(MESSAGES.notAllowed, 'UNSUPPORTED_METHOD')
  if (!isSafeRpcMethod(method)) throw new FrameFailure(MESSAGES.notAllowed, 'UNKNOWN_METHOD')
  const { chainId, rpcUrl } = ctx.chain.resolve(request)
  const params = 'params' in request && request.params !== undefined ? request.params : []
  return clientsFor(chainId, rpcUrl).public.request({ method, params } as never)
}

/** A call of eth_sendTransaction or wallet_sendCalls as a user operation call. */
function smartCall(tx: { to?: string | null; value?: string; data?: string; input?: string }) {
  return {
    to: tx.to as Address,
    ...(tx.value ? { value: hexToBigInt(tx.value as Hex) } : {}),
    ...((tx.data ?? tx.input) ? { data: (tx.data ?? tx.input) as Hex } : {}),
  }
}

async function sendOne(account: ReturnType<typeof evmAccountOf>, chainId: number, rpcUrl: string, tx: ReturnType<typeof toViemTx>): Promise<Hex> {
  const { chain, transport } = clientsFor(chainId, rpcUrl)
  const wallet = createWalletClient({ account, chain, transport })
  return wallet.sendTransaction({ ...tx, account, chain } as never)
}

/** EIP-5792 status of a batch this frame sent (its id is the JSON list of transaction hashes). */
async function callsStatus(id: string, ctx: SignerContext, request: { chainId?: number | string; rpcUrl?: string }) {
  let hashes: unknown
  try {
    hashes = JSON.parse(id)
  } catch {
    hashes = null
  }
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string' && /^0x[0-9a-fA-F]{64}$/.test(h))) {
    throw new FrameFailure('Unknown batch id.', 'UNKNOWN_BUNDLE')
  }
  const { chainId, rpcUrl } = ctx.chain.resolve(request)
  const client = clientsFor(chainId, rpcUrl).public
  type RawReceipt = { status: Hex; logs: unknown[]; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }
  const receipts = await Promise.all(
    hashes.map((hash) => client.request({ method: 'eth_getTransactionReceipt', params: [hash as Hex] }) as Promise<RawReceipt | null>),
  )
  const done = receipts.filter((r): r is RawReceipt => r !== null)
  const status = done.length < receipts.length ? 100 : done.every((r) => r.status === '0x1') ? 200 : 500
  return {
    version: '2.0.0',
    id,
    chainId: toHex(chainId),
    status,
    atomic: false,
    receipts: done.map((r) => ({
      logs: r.logs,
      status: r.status,
      blockHash: r.blockHash,
      blockNumber: r.blockNumber,
      gasUsed: r.gasUsed,
      transactionHash: r.transactionHash,
    })),
  }
}

