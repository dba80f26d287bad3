import type { FrameGetUserSuccess } from '@portico/contracts/frame'
import type { ChainNamespace } from '@portico/contracts/plugin'
import { classifyRpcMethod } from '@portico/contracts/spec'
import type { Approvals } from './approvals.js'
import { FRAME_MESSAGES } from './constants.js'
import { ProviderRpcError, RPC_CODES } from './errors.js'
import type { LazyFrame } from './frame/lazyFrame.js'

/** What the provider needs of the connector's session. */
export type ProviderSession = {
  /** The signed-in user, if known. */
  user(): FrameGetUserSuccess | undefined
  /** Restores the user without prompting (IS_CONNECTED, then GET_USER); undefined when not signed in. */
  restore(): Promise<FrameGetUserSuccess | undefined>
  /** The chain the wallet is on (eip155 reference, a number). */
  chainId(): number
  /** SWITCH_NETWORK, then GET_USER on the new chain. */
  switchChain(chainId: number): Promise<void>
  /** The chain's RPC URL the frame should use, from the host's networks. */
  rpcUrl(chainId: number): string | undefined
  /** A transaction went through (or a batch was mined): the user's account details may have changed (deployment). */
  transacted?(): void
}

/** Whether a successful answer to `method` means the account sent something on chain (a smart account deploys then). */
function transacted(method: string, value: unknown): boolean {
  if (method === 'eth_sendTransaction') return true
  return method === 'wallet_getCallsStatus' && (value as { status?: unknown } | null)?.status === 200
}

type Listener = (...args: any[]) => void

/** An EIP-1193 provider: `request`, plus `on` and `removeListener` for the adapter's `watch`. */
export type AuthProvider = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): AuthProvider
  removeListener(event: string, listener: Listener): AuthProvider
  /** Emits a provider event (the connector reports account, chain and session changes through it). */
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect' | 'connect', ...args: unknown[]): void
}

/** The JSON the frame can take: bigints as 0x-hex (reference/login-frame.md §2.2), everything else as is. */
export function toWire(value: unknown): unknown {
  if (typeof value === 'bigint') return `0x${value.toString(16)}`
  if (Array.isArray(value)) return value.map(toWire)
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toWire(v)]))
  }
  return value
}

/** The chain id of `wallet_switchEthereumChain`'s `[{ chainId: '0x…' }]`. */
export function switchChainParam(params: unknown): number {
  const raw = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined
  const id = typeof raw === 'string' ? Number(raw) : typeof raw === 'number' ? raw : NaN
  if (!Number.isSafeInteger(id) || id <= 0) throw new ProviderRpcError(-32602, 'Invalid chainId.')
  return id
}

/** A frame rejection the visitor made becomes EIP-1193 4001, so the kernel says "Signature declined" as for any wallet. */
function toProviderError(error: unknown): unknown {
  if ((error as { message?: unknown })?.message === FRAME_MESSAGES.userRejected) {
    return new ProviderRpcError(RPC_CODES.userRejected, FRAME_MESSAGES.userRejected, { cause: error })
  }
  return error
}

/**
 * The auth connector's provider for a namespace. eip155: `eth_chainId` is answered here, `eth_accounts` from the
 * session (restored without a prompt), `wallet_switchEthereumChain` becomes SWITCH_NETWORK; safe methods go to the
 * frame at once, unsafe ones while ApproveTransaction shows, unknown ones are refused (SPEC §4, §6).
 */
export function createAuthProvider(namespace: ChainNamespace, deps: { frame: LazyFrame; approvals: Approvals; session: ProviderSession }): AuthProvider {
  const listeners = new Map<string, Set<Listener>>()
  const { frame, approvals, session } = deps

  async function local(method: string, params: unknown): Promise<{ value: unknown } | undefined> {
    if (namespace !== 'eip155') return undefined
    switch (method) {
      case 'eth_chainId':
        return { value: `0x${session.chainId().toString(16)}` }
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const user = session.user() ?? (await session.restore())
        return { value: user ? [user.address] : [] }
      }
      case 'wallet_switchEthereumChain':
        await session.switchChain(switchChainParam(params))
        return { value: null }
      case 'wallet_addEthereumChain':
        // the frame takes each chain's RPC URL with SWITCH_NETWORK: there is nothing to add
        return { value: null }
      default:
        return undefined
    }
  }

  const provider: AuthProvider = {
    async request({ method, params }) {
      const answered = await local(method, params)
      if (answered) return answered.value
      const kind = classifyRpcMethod(method)
      if (kind === 'unknown') {
        await approvals.notAllowed()
        throw new ProviderRpcError(RPC_CODES.unsupportedMethod, 'Requested RPC call is not allowed')
      }
      const chainId = namespace === 'eip155' ? session.chainId() : undefined
      const rpcUrl = chainId !== undefined ? session.rpcUrl(chainId) : undefined
      const checked = await frame.checkRpcRequest({
        method,
        ...(params === undefined ? {} : { params: toWire(params) }),
        chainNamespace: namespace,
        ...(chainId !== undefined ? { chainId } : {}),
        ...(rpcUrl ? { rpcUrl } : {}),
      })
      if (!checked.ok) throw new ProviderRpcError(-32602, checked.message)
      const payload = checked.value
      try {
        const value =
          kind === 'safe'
            ? await frame.request('RPC_REQUEST', payload)
            : // the visitor decides in the frame: no timeout, only closing the modal ends the wait
              await approvals.run(() => frame.request('RPC_REQUEST', payload, { timeout: false }))
        if (transacted(method, value)) session.transacted?.()
        return value
      } catch (error) {
        throw toProviderError(error)
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    emit(event, ...args) {
      for (const l of [...(listeners.get(event) ?? [])]) {
        try {
          l(...args)
        } catch {
          /* a listener's failure is its own */
        }
      }
    },
  }
  return provider
}
