import { FrameFailure } from './errors.js'
import type { FrameStore, StoredChain } from './store.js'

/** Native currency symbols of common chains, for showing a value; anything else shows "ETH"-like units as ETH. */
const NATIVE_SYMBOLS: Record<number, string> = {
  1: 'ETH', 10: 'ETH', 56: 'BNB', 100: 'xDAI', 137: 'POL', 250: 'FTM', 324: 'ETH', 8453: 'ETH', 42161: 'ETH',
  42220: 'CELO', 43114: 'AVAX', 1313161554: 'ETH', 7777777: 'ETH', 11155111: 'ETH', 84532: 'ETH', 31337: 'ETH', 31338: 'ETH',
}

export const nativeSymbol = (chainId: number): string => NATIVE_SYMBOLS[chainId] ?? 'ETH'

/** A chain id as a number (`1`, `'1'`, `'0x1'`, `'eip155:1'`), or null when it is not an EVM chain id. */
export function evmChainId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null
  if (typeof value !== 'string') return null
  const raw = value.replace(/^eip155:/, '')
  const n = /^0x[0-9a-f]+$/i.test(raw) ? Number.parseInt(raw, 16) : /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  return Number.isSafeInteger(n) && n > 0 ? n : null
}

/** Only http(s) endpoints: the RPC url comes from the host page and must not point the frame at other schemes. */
export function checkRpcUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return parsed.href
  } catch {
    // fall through
  }
  throw new FrameFailure('The RPC URL must be an http(s) URL.', 'INVALID_RPC_URL')
}

/** The active chain: the frame URL's chainId at first, then SWITCH_NETWORK (or a request's chainId / rpcUrl). */
export class ChainState {
  private current: StoredChain
  /** RPC urls by chain id, so switching back to a chain keeps the url it was given. */
  private readonly urls = new Map<string, string>()

  constructor(
    private readonly store: FrameStore,
    initial: StoredChain,
  ) {
    this.current = initial
    if (initial.rpcUrl) this.urls.set(String(initial.chainId), initial.rpcUrl)
  }

  /** Picks up the chain a previous page load stored (RELOAD keeps the network). */
  async restore(): Promise<void> {
    const saved = await this.store.chain()
    if (saved) await this.set(saved.chainId, saved.rpcUrl, false)
  }

  get chainId(): number | string {
    return this.current.chainId
  }

  rpcUrlFor(chainId: number | string): string | undefined {
    return this.urls.get(String(chainId))
  }

  async set(chainId: number | string, rpcUrl?: string, persist = true): Promise<void> {
    const id = evmChainId(chainId) ?? chainId
    if (rpcUrl) this.urls.set(String(id), checkRpcUrl(rpcUrl))
    this.current = { chainId: id, rpcUrl: this.urls.get(String(id)) }
    if (persist) await this.store.saveChain(this.current)
  }

  /** The EVM chain id a request is for: its own, else the active one. */
  resolveId(request: { chainId?: number | string }): number {
    const chainId = evmChainId(request.chainId ?? this.current.chainId)
    if (chainId === null) throw new FrameFailure(`Chain ${String(request.chainId ?? this.current.chainId)} is not an EVM chain.`, 'NOT_EVM')
    return chainId
  }

  /** Chain id and RPC url for a request: its own when given, else the active ones. */
  resolve(request: { chainId?: number | string; rpcUrl?: string }): { chainId: number; rpcUrl: string } {
    const chainId = this.resolveId(request)
    const rpcUrl = request.rpcUrl ? checkRpcUrl(request.rpcUrl) : this.urls.get(String(chainId))
    if (!rpcUrl) {
      throw new FrameFailure(`No RPC URL for chain ${chainId}; send SWITCH_NETWORK with an rpcUrl first.`, 'RPC_URL_REQUIRED')
    }
    return { chainId, rpcUrl }
  }
}
