import { NoWatchedAddressError, ReadOnlyAccountError } from './errors.js'

/** An EIP-1193 request. */
export type RequestArguments = { method: string; params?: unknown }

type Listener = (...args: unknown[]) => void

/** Methods that need the account's key: refused, since a watched address has none. */
export const SIGNING_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_signTransaction',
  'eth_sendTransaction',
  'eth_sendRawTransaction',
  'wallet_sendCalls',
] as const

/** An `0x` address of 20 bytes (any case). */
export const isAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value)

export type WatchProviderOptions = {
  /** The chain it reports before the host switches it (decimal). */
  chainId: () => number
  /** The visitor's sentences, in their language. */
  text: { readOnly: () => string; noAddress: () => string }
}

/**
 * The EIP-1193 provider of a watched address: it answers the wallet methods a chain adapter asks (accounts, chain,
 * switching chains, events) with the address the visitor typed, and refuses every method that needs a key with a
 * Portico `ReadOnlyAccountError`. Chain reads (balances, calls) are the adapter's own RPC's, not this provider's.
 *
 * @example
 * const provider = createWatchProvider({ chainId: () => 1, text: { readOnly: () => 'Read-only', noAddress: () => 'No address' } })
 * provider.watch('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
 * await provider.request({ method: 'eth_requestAccounts' }) // ['0x7099…79C8']
 */
export function createWatchProvider(options: WatchProviderOptions) {
  let address: string | undefined
  let chainId: number | undefined
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }
  const hexChain = () => `0x${(chainId ?? options.chainId()).toString(16)}`

  return {
    /** The watched address, if any. */
    address: () => address,
    /** Watches another address (or none); tells the adapter as a wallet would (`accountsChanged`). */
    watch(next: string | undefined) {
      if (next !== undefined && !isAddress(next)) throw new TypeError(`${next} is not an address.`)
      const changed = next !== address
      address = next
      if (changed) emit('accountsChanged', next ? [next] : [])
    },
    async request({ method, params }: RequestArguments): Promise<unknown> {
      if ((SIGNING_METHODS as readonly string[]).includes(method)) throw new ReadOnlyAccountError(options.text.readOnly(), method)
      switch (method) {
        case 'eth_requestAccounts':
          if (!address) throw new NoWatchedAddressError(options.text.noAddress())
          return [address]
        case 'eth_accounts':
          return address ? [address] : []
        case 'eth_chainId':
          return hexChain()
        case 'wallet_switchEthereumChain': {
          const [{ chainId: next } = { chainId: undefined }] = (params ?? []) as { chainId?: string }[]
          if (typeof next !== 'string' || !/^0x[0-9a-f]+$/i.test(next)) throw Object.assign(new Error('Invalid chainId.'), { code: -32602 })
          chainId = Number.parseInt(next, 16)
          emit('chainChanged', hexChain())
          return null
        }
        case 'wallet_revokePermissions':
          address = undefined
          emit('accountsChanged', [])
          return null
        default:
          throw Object.assign(new Error(`${method} is not supported by a watched address.`), { code: 4200 })
      }
    },
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}

export type WatchProvider = ReturnType<typeof createWatchProvider>
