import { BaseError, describeValue, isPorticoError } from '@portico/contracts/plugin'

/** Stable codes of the evm adapter's errors; narrow with `error.code`, never `instanceof`. */
export type EvmErrorCode =
  | 'USER_REJECTED'
  | 'UNAUTHORIZED'
  | 'METHOD_NOT_SUPPORTED'
  | 'DISCONNECTED'
  | 'CHAIN_DISCONNECTED'
  | 'REQUEST_PENDING'
  | 'WALLET_REQUEST_FAILED'
  | 'CHAIN_NOT_CONFIGURED'
  | 'SWITCH_CHAIN_NOT_SUPPORTED'
  | 'PROVIDER_NOT_FOUND'
  | 'RPC_URL_MISSING'
  | 'RPC_REQUEST_FAILED'
  | 'INVALID_WALLET_RESPONSE'

/** What the adapter was doing when the wallet said no; picks the wording of a rejection. */
export type EvmAction =
  | 'connect'
  | 'reconnect'
  | 'disconnect'
  | 'switchNetwork'
  | 'signMessage'
  | 'signTypedData'
  | 'sendTransaction'
  | 'sendCalls'
  | 'getCallsStatus'
  | 'getCapabilities'
  | 'request'
  | 'getBalance'
  | 'estimateGas'
  | 'waitForTransaction'
  | 'watch'

type EvmErrorParameters = { cause?: unknown; details?: string; rpcCode?: number }

/** Base of the adapter's errors: a Portico error that also keeps the wallet's numeric EIP-1193 code. */
export class EvmError extends BaseError {
  override name = 'EvmError'
  declare readonly code: EvmErrorCode
  /** The wallet's or node's JSON-RPC error code, when there was one. */
  readonly rpcCode: number | undefined
  constructor(shortMessage: string, code: EvmErrorCode, parameters: EvmErrorParameters = {}) {
    super(shortMessage, { code, ...(parameters.details ? { details: parameters.details } : {}), cause: parameters.cause })
    this.rpcCode = parameters.rpcCode
  }
}

const DECLINED: Record<EvmAction, string> = {
  connect: 'Connection declined',
  reconnect: 'Connection declined',
  disconnect: 'Request declined',
  switchNetwork: 'Network switch declined',
  // SPEC §8 toast: the words the visitor sees when a signature is refused
  signMessage: 'Signature declined',
  signTypedData: 'Signature declined',
  sendTransaction: 'Signature declined',
  sendCalls: 'Signature declined',
  getCallsStatus: 'Request declined',
  getCapabilities: 'Request declined',
  request: 'Request declined',
  getBalance: 'Request declined',
  estimateGas: 'Request declined',
  waitForTransaction: 'Request declined',
  watch: 'Request declined',
}

/** The visitor declined in the wallet (EIP-1193 4001, or CAIP-25 5000). */
export class UserRejectedError extends EvmError {
  override name = 'UserRejectedError'
  constructor(action: EvmAction, parameters: EvmErrorParameters = {}) {
    super(DECLINED[action], 'USER_REJECTED', parameters)
  }
}

/** The wallet has not authorised the account or method (4100). */
export class UnauthorizedError extends EvmError {
  override name = 'UnauthorizedError'
  constructor(parameters: EvmErrorParameters = {}) {
    super('The wallet has not authorised this site; connect again.', 'UNAUTHORIZED', parameters)
  }
}

/** The wallet does not implement the method (4200, -32601, -32004). */
export class MethodNotSupportedError extends EvmError {
  override name = 'MethodNotSupportedError'
  constructor(method: string, parameters: EvmErrorParameters = {}) {
    super(`The wallet does not support ${method}.`, 'METHOD_NOT_SUPPORTED', parameters)
  }
}

/** The wallet is disconnected from every chain (4900) or from the requested one (4901). */
export class WalletDisconnectedError extends EvmError {
  override name = 'WalletDisconnectedError'
  constructor(chain: boolean, parameters: EvmErrorParameters = {}) {
    super(
      chain ? 'The wallet is not connected to this network.' : 'The wallet is disconnected.',
      chain ? 'CHAIN_DISCONNECTED' : 'DISCONNECTED',
      parameters,
    )
  }
}

/** Another request is already waiting in the wallet (-32002). */
export class RequestPendingError extends EvmError {
  override name = 'RequestPendingError'
  constructor(parameters: EvmErrorParameters = {}) {
    super('A request is already waiting in the wallet; open it to continue.', 'REQUEST_PENDING', parameters)
  }
}

/** Any other wallet or node failure; `rpcCode` and `details` say which. */
export class WalletRequestError extends EvmError {
  override name = 'WalletRequestError'
  constructor(message: string, parameters: EvmErrorParameters = {}) {
    super(message, 'WALLET_REQUEST_FAILED', parameters)
  }
}

/** The network cannot be used: not eip155, no RPC URL to give the wallet, or the wallet would not add it. */
export class ChainNotConfiguredError extends EvmError {
  override name = 'ChainNotConfiguredError'
  constructor(network: string, parameters: EvmErrorParameters = {}) {
    super(`Chain ${network} is not configured.`, 'CHAIN_NOT_CONFIGURED', parameters)
  }
}

/** The wallet cannot switch networks (SPEC §8: connector cannot switch). */
export class SwitchChainNotSupportedError extends EvmError {
  override name = 'SwitchChainNotSupportedError'
  constructor(parameters: EvmErrorParameters = {}) {
    super('The wallet cannot switch networks; switch in the wallet instead.', 'SWITCH_CHAIN_NOT_SUPPORTED', parameters)
  }
}

/** The connector has no EIP-1193 provider for eip155. */
export class ProviderNotFoundError extends EvmError {
  override name = 'ProviderNotFoundError'
  constructor(connectorId: string, parameters: EvmErrorParameters = {}) {
    super(`Connector "${connectorId}" has no EIP-1193 provider.`, 'PROVIDER_NOT_FOUND', parameters)
  }
}

/** A network without an RPC URL cannot be read from. */
export class RpcUrlMissingError extends EvmError {
  override name = 'RpcUrlMissingError'
  constructor(network: string) {
    super(`Network ${network} has no RPC URL; set one with the evm plugin's rpcUrls option.`, 'RPC_URL_MISSING')
  }
}

/** Reading from the chain's RPC failed (every endpoint, after the retry). */
export class RpcRequestFailedError extends EvmError {
  override name = 'RpcRequestFailedError'
  constructor(network: string, cause: unknown) {
    const rpcCode = rpcCodeOf(cause)
    super(`Could not read from ${network}.`, 'RPC_REQUEST_FAILED', {
      cause,
      ...(rpcCode !== undefined ? { rpcCode } : {}),
      ...(cause instanceof Error ? { details: cause.message.split('\n')[0] } : {}),
    })
  }
}

/** The wallet answered something that is not what the method returns. */
export class InvalidWalletResponseError extends EvmError {
  override name = 'InvalidWalletResponseError'
  constructor(method: string, response: unknown) {
    super(`The wallet answered ${method} with an invalid value.`, 'INVALID_WALLET_RESPONSE', { details: describeValue(response) })
  }
}


/**
 * The numeric EIP-1193 / JSON-RPC code of an error, looking through `cause` chains and the nested
 * `data.originalError` some wallets (MetaMask mobile, WalletConnect) wrap it in.
 */
export function rpcCodeOf(error: unknown, depth = 0): number | undefined {
  if (typeof error !== 'object' || error === null || depth > 8) return undefined
  const e = error as { code?: unknown; rpcCode?: unknown; cause?: unknown; data?: { originalError?: { code?: unknown } } }
  if (typeof e.rpcCode === 'number') return e.rpcCode
  if (typeof e.code === 'number') return e.code
  if (typeof e.data?.originalError?.code === 'number') return e.data.originalError.code
  return e.cause !== error ? rpcCodeOf(e.cause, depth + 1) : undefined
}

/** Both codes, so a caller can check the outer and the nested one (`data.originalError.code`). */
export function rpcCodesOf(error: unknown): number[] {
  const codes = new Set<number>()
  const outer = rpcCodeOf(error)
  if (outer !== undefined) codes.add(outer)
  const nested = (error as { data?: { originalError?: { code?: unknown } } } | null)?.data?.originalError?.code
  if (typeof nested === 'number') codes.add(nested)
  return [...codes]
}

function walletMessage(error: unknown): string | undefined {
  const e = error as { shortMessage?: unknown; message?: unknown } | null
  const m = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : undefined
  return m?.trim() ? m.trim().split('\n')[0] : undefined
}

/** The codes that mean "the visitor said no": EIP-1193 4001, CAIP-25 / WalletConnect 5000, and Portico's own. */
const REJECTION_CODES: ReadonlySet<unknown> = new Set([4001, 5000, 'USER_REJECTED'])

/**
 * The rejection code on `error` (its `code` or `rpcCode`), or on what it wraps: the `cause` chain and the
 * `data.originalError` some wallets (MetaMask mobile, WalletConnect) nest it in. Undefined when the visitor did not
 * decline.
 */
export function rejectionCodeOf(error: unknown, depth = 0): number | 'USER_REJECTED' | undefined {
  if (typeof error !== 'object' || error === null || depth > 8) return undefined
  const e = error as { code?: unknown; rpcCode?: unknown; cause?: unknown; data?: unknown }
  if (REJECTION_CODES.has(e.code)) return e.code as number | 'USER_REJECTED'
  if (REJECTION_CODES.has(e.rpcCode)) return e.rpcCode as number
  const original = typeof e.data === 'object' && e.data !== null ? (e.data as { originalError?: unknown }).originalError : undefined
  return (original !== error ? rejectionCodeOf(original, depth + 1) : undefined) ?? (e.cause !== error ? rejectionCodeOf(e.cause, depth + 1) : undefined)
}

/**
 * `error` with code USER_REJECTED at the top level when the visitor declined (anywhere in what it wraps): as is when
 * it already has that code, else a {@link UserRejectedError} worded after `action`, keeping `error` as its `cause`.
 * Any other error is returned unchanged.
 *
 * @example
 * try { await provider.request(args) } catch (e) { throw toUserRejection(e, 'request') }
 */
export function toUserRejection(error: unknown, action: EvmAction): unknown {
  if ((error as { code?: unknown } | null)?.code === 'USER_REJECTED') return error
  const code = rejectionCodeOf(error)
  return code === undefined ? error : userRejected(error, code, action)
}

function userRejected(error: unknown, code: number | 'USER_REJECTED', action: EvmAction): UserRejectedError {
  const rpcCode = typeof code === 'number' ? code : rpcCodeOf(error)
  return new UserRejectedError(action, { cause: error, ...(rpcCode !== undefined ? { rpcCode } : {}) })
}

/**
 * Maps whatever a wallet or node threw to an {@link EvmError} with a stable code. A refusal (4001 or 5000, also when
 * nested in `cause` or `data.originalError`) is USER_REJECTED; other Portico errors pass through.
 *
 * @example
 * try { await provider.request({ method: 'personal_sign', params }) } catch (e) { throw toEvmError(e, 'signMessage', 'personal_sign') }
 */
export function toEvmError(error: unknown, action: EvmAction, method?: string): BaseError {
  const rejection = rejectionCodeOf(error)
  if (rejection !== undefined) return isPorticoError(error, 'USER_REJECTED') ? error : userRejected(error, rejection, action)
  if (isPorticoError(error)) return error
  const rpcCode = rpcCodeOf(error)
  const p = { cause: error, ...(rpcCode !== undefined ? { rpcCode } : {}) }
  switch (rpcCode) {
    case 4100:
      return new UnauthorizedError(p)
    case 4200:
    case -32601:
    case -32004:
      return new MethodNotSupportedError(method ?? 'this request', p)
    case 4900:
      return new WalletDisconnectedError(false, p)
    case 4901:
      return new WalletDisconnectedError(true, p)
    case -32002:
      return new RequestPendingError(p)
    default: {
      const message = walletMessage(error)
      return new WalletRequestError(message ? `The wallet request failed: ${message.replace(/\.$/, '')}.` : 'The wallet request failed.', {
        ...p,
        ...(method ? { details: `method ${method}${rpcCode !== undefined ? `, code ${rpcCode}` : ''}` } : {}),
      })
    }
  }
}
