import {
  defineChainAdapter,
  type AdapterConnection,
  type CaipNetworkLike,
  type ChainAdapter,
  type Connector,
  type ConnectorEvents,
  type TransactionRequest,
} from '@portico/contracts/plugin'
import {
  createClient,
  formatUnits,
  getAddress,
  getTypesForEIP712Domain,
  isAddress,
  isHash,
  hexToBigInt,
  isHex,
  numberToHex,
  serializeTypedData,
  stringToHex,
  type Address,
  type Client,
  type Transport,
} from 'viem'
import {
  ChainNotConfiguredError,
  InvalidWalletResponseError,
  RpcRequestFailedError,
  RpcUrlMissingError,
  SwitchChainNotSupportedError,
  rpcCodesOf,
  toEvmError,
  type EvmAction,
} from './errors.js'
import { evmChainId, evmNetworks, withRpcUrls } from './networks.js'
import { getEip1193Provider, type Eip1193Provider } from './provider.js'
import { createRpcTransport, type RpcTransportParameters } from './transport.js'

export type EvmAdapterParameters = {
  /** Networks the adapter defines. Default: {@link evmNetworks} (SPEC §9 chains and the two local anvils). */
  networks?: readonly CaipNetworkLike[]
  /** RPC URLs per chain id, replacing the network's own (e.g. `{ 31337: ['http://127.0.0.1:18545'] }`). */
  rpcUrls?: Readonly<Record<number | string, readonly string[]>>
  /** Transport tuning; the defaults are SPEC §9's (batch 1000, timeout 10 s, ping 4 s × 10 samples, 1 s). */
  transport?: Omit<RpcTransportParameters, 'urls' | 'signal'>
}

/** The eip155 chain adapter, plus what the plugin and tests need around it. */
export type EvmAdapter = ChainAdapter & {
  namespace: 'eip155'
  networks: readonly CaipNetworkLike[]
  /**
   * The viem client for a network's RPC, created (and its transport ranking started) on first use. It is a bare
   * client, to keep viem's public actions out of the bundle: use actions from `viem/actions` with it.
   */
  getClient(network: CaipNetworkLike): Client<Transport>
  /** The chain id last reported by the connector's wallet (connect, chainChanged, switch), if any. */
  getChainId(connector: Connector): number | undefined
  /** Stops transport ranking and wallet subscriptions. */
  destroy(): void
}

/** Wallet error codes after which switching adds the chain and retries (SPEC §8; also seen in `data.originalError`). */
export const ADD_CHAIN_ERROR_CODES: ReadonlySet<number> = new Set([4902, 5000, -32603])

const unsupportedSwitch = (codes: number[]) => codes.some((c) => c === 4200 || c === -32601 || c === -32004)

/**
 * Creates the eip155 chain adapter on viem. Nothing touches the network until a method is called: public clients
 * (and the ranking pings of their transports) are created on first use.
 *
 * @example
 * const adapter = createEvmAdapter({ rpcUrls: { 31337: ['http://127.0.0.1:8545'] } })
 * const { address, chainId } = await adapter.connect({ connector })
 */
export function createEvmAdapter(parameters: EvmAdapterParameters = {}): EvmAdapter {
  const overrides = new Map<number, readonly string[]>()
  for (const [id, urls] of Object.entries(parameters.rpcUrls ?? {})) {
    const chainId = evmChainId(id)
    if (chainId !== undefined && urls.length) overrides.set(chainId, [...urls])
  }
  const networks = (parameters.networks ?? evmNetworks).map((n) => {
    const id = evmChainId(n)
    const urls = id === undefined ? undefined : overrides.get(id)
    return urls ? withRpcUrls(n, urls) : n
  })

  const stop = new AbortController()
  const clients = new Map<string, Client<Transport>>()
  const chainIds = new Map<string, number>()
  const watchers = new Map<string, Set<() => void>>()

  function chainIdOf(network: CaipNetworkLike): number {
    const id = network.chainNamespace === 'eip155' ? evmChainId(network) : undefined
    if (id === undefined) throw new ChainNotConfiguredError(network.caipNetworkId)
    return id
  }

  function rpcUrlsOf(network: CaipNetworkLike): string[] {
    const id = chainIdOf(network)
    const urls = overrides.get(id) ?? [...network.rpcUrls.default.http, ...(network.rpcUrls.chainDefault?.http ?? [])]
    return [...new Set(urls.filter((u) => /^https?:\/\//.test(u)))]
  }

  function getClient(network: CaipNetworkLike): Client<Transport> {
    const urls = rpcUrlsOf(network)
    if (!urls.length) throw new RpcUrlMissingError(network.caipNetworkId)
    const key = `${chainIdOf(network)} ${urls.join(' ')}`
    let client = clients.get(key)
    if (!client) {
      if (stop.signal.aborted) throw new RpcRequestFailedError(network.name, new Error('The evm adapter was destroyed.'))
      client = createClient({ transport: createRpcTransport({ ...parameters.transport, urls, signal: stop.signal }) })
      clients.set(key, client)
    }
    return client
  }

  async function call(provider: Eip1193Provider, action: EvmAction, method: string, params?: unknown): Promise<unknown> {
    try {
      return await provider.request(params === undefined ? { method } : { method, params })
    } catch (error) {
      throw toEvmError(error, action, method)
    }
  }

  function parseAccounts(method: string, value: unknown): Address[] {
    if (!Array.isArray(value) || !value.every((a) => typeof a === 'string' && isAddress(a, { strict: false }))) {
      throw new InvalidWalletResponseError(method, value)
    }
    return value.map((a: string) => getAddress(a))
  }

  function parseChainId(value: unknown): number {
    const id = typeof value === 'string' || typeof value === 'number' ? evmChainId(value) : undefined
    if (id === undefined) throw new InvalidWalletResponseError('eth_chainId', value)
    return id
  }

  async function session(connector: Connector, action: EvmAction, accountsMethod: 'eth_requestAccounts' | 'eth_accounts') {
    const provider = await getEip1193Provider(connector)
    const accounts = parseAccounts(accountsMethod, await call(provider, action, accountsMethod))
    if (accounts.length === 0) return undefined
    const chainId = parseChainId(await call(provider, action, 'eth_chainId'))
    chainIds.set(connector.id, chainId)
    return { address: accounts[0]!, accounts, chainId } satisfies AdapterConnection
  }

  function addChainParameters(network: CaipNetworkLike) {
    const rpcUrls = rpcUrlsOf(network)
    if (!rpcUrls.length) throw new ChainNotConfiguredError(network.caipNetworkId, { details: 'no RPC URL to give the wallet' })
    const explorer = network.blockExplorers?.default.url
    const icon = network.assets?.imageUrl
    return {
      chainId: numberToHex(chainIdOf(network)),
      chainName: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls,
      ...(explorer ? { blockExplorerUrls: [explorer] } : {}),
      ...(icon && /^https:\/\//.test(icon) ? { iconUrls: [icon] } : {}),
    }
  }

  function switchError(error: unknown, network: CaipNetworkLike) {
    const codes = rpcCodesOf(error)
    if (unsupportedSwitch(codes)) return new SwitchChainNotSupportedError({ cause: error })
    if (codes.includes(4902)) return new ChainNotConfiguredError(network.caipNetworkId, { cause: error, rpcCode: 4902 })
    return toEvmError(error, 'switchNetwork', 'wallet_switchEthereumChain')
  }

  function stopWatching(connectorId: string) {
    const set = watchers.get(connectorId)
    watchers.delete(connectorId)
    for (const unsubscribe of set ?? []) unsubscribe()
  }

  const toRpcTransaction = (from: string, chainId: number, tx: TransactionRequest) => ({
    from,
    to: tx.to,
    ...(tx.value !== undefined ? { value: numberToHex(tx.value) } : {}),
    ...(tx.data !== undefined ? { data: tx.data } : {}),
    ...(tx.gas !== undefined ? { gas: numberToHex(tx.gas) } : {}),
    chainId: numberToHex(chainId),
  })

  const adapter = defineChainAdapter({
    namespace: 'eip155',
    networks,
    capabilities: ['signTypedData', 'estimateGas', 'getCapabilities', 'sendCalls', 'getCallsStatus', 'request'],

    async connect({ connector }) {
      const connection = await session(connector, 'connect', 'eth_requestAccounts')
      if (!connection) throw new InvalidWalletResponseError('eth_requestAccounts', [])
      return connection
    },

    async reconnect({ connector }) {
      return session(connector, 'reconnect', 'eth_accounts')
    },

    async disconnect({ connector }) {
      // our own subscriptions first, so the wallet's accountsChanged([]) after revoking is not taken for a new event
      stopWatching(connector.id)
      chainIds.delete(connector.id)
      const provider = await getEip1193Provider(connector)
      try {
        await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
      } catch {
        // wallets without EIP-2255 revocation: forgetting the session locally is all there is
      }
    },

    async switchNetwork({ connector, network }) {
      const chainId = chainIdOf(network)
      const provider = await getEip1193Provider(connector)
      const switchParams = [{ chainId: numberToHex(chainId) }]
      try {
        await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams })
      } catch (error) {
        if (!rpcCodesOf(error).some((c) => ADD_CHAIN_ERROR_CODES.has(c))) throw switchError(error, network)
        try {
          await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(network)] })
        } catch (addError) {
          if (unsupportedSwitch(rpcCodesOf(addError))) throw new ChainNotConfiguredError(network.caipNetworkId, { cause: addError })
          throw toEvmError(addError, 'switchNetwork', 'wallet_addEthereumChain')
        }
        try {
          await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams })
        } catch (retryError) {
          throw switchError(retryError, network)
        }
      }
      chainIds.set(connector.id, chainId)
    },

    async getBalance({ address, network }) {
      if (!isAddress(address, { strict: false })) throw new InvalidWalletResponseError('getBalance', address)
      const client = getClient(network)
      try {
        const wei = hexToBigInt(await client.request({ method: 'eth_getBalance', params: [getAddress(address), 'latest'] }))
        return { balance: formatUnits(wei, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol }
      } catch (error) {
        throw new RpcRequestFailedError(network.name, error)
      }
    },

    async signMessage({ connector, address, message }) {
      const provider = await getEip1193Provider(connector)
      const signature = await call(provider, 'signMessage', 'personal_sign', [stringToHex(message), address])
      if (typeof signature !== 'string' || !isHex(signature)) throw new InvalidWalletResponseError('personal_sign', signature)
      return signature
    },

    async signTypedData({ connector, address, typedData }) {
      const provider = await getEip1193Provider(connector)
      let payload: string
      if (typeof typedData === 'string') payload = typedData
      else {
        const t = typedData as { domain?: Record<string, unknown>; types?: Record<string, unknown>; primaryType?: string; message?: unknown }
        if (!t || typeof t !== 'object' || !t.types || typeof t.primaryType !== 'string') {
          throw new InvalidWalletResponseError('eth_signTypedData_v4', typedData)
        }
        const domain = t.domain ?? {}
        payload = serializeTypedData({ ...t, domain, types: { EIP712Domain: getTypesForEIP712Domain({ domain }), ...t.types } } as never)
      }
      const signature = await call(provider, 'signTypedData', 'eth_signTypedData_v4', [address, payload])
      if (typeof signature !== 'string' || !isHex(signature)) throw new InvalidWalletResponseError('eth_signTypedData_v4', signature)
      return signature
    },

    async sendTransaction({ connector, address, network, transaction }) {
      const provider = await getEip1193Provider(connector)
      const hash = await call(provider, 'sendTransaction', 'eth_sendTransaction', [toRpcTransaction(address, chainIdOf(network), transaction)])
      if (typeof hash !== 'string' || !isHash(hash)) throw new InvalidWalletResponseError('eth_sendTransaction', hash)
      return hash
    },

    async estimateGas({ address, network, transaction }) {
      const client = getClient(network)
      const { chainId: _chainId, ...request } = toRpcTransaction(getAddress(address), chainIdOf(network), transaction)
      try {
        return hexToBigInt(await client.request({ method: 'eth_estimateGas', params: [request as never] }))
      } catch (error) {
        throw new RpcRequestFailedError(network.name, error)
      }
    },

    async getCapabilities({ connector, address }) {
      const provider = await getEip1193Provider(connector)
      const capabilities = await call(provider, 'getCapabilities', 'wallet_getCapabilities', [address])
      if (typeof capabilities !== 'object' || capabilities === null) throw new InvalidWalletResponseError('wallet_getCapabilities', capabilities)
      return capabilities as Record<string, unknown>
    },

    async sendCalls({ connector, address, network, calls }) {
      const provider = await getEip1193Provider(connector)
      const chainId = chainIdOf(network)
      const result = await call(provider, 'sendCalls', 'wallet_sendCalls', [
        {
          version: '2.0.0',
          from: address,
          chainId: numberToHex(chainId),
          atomicRequired: false,
          calls: calls.map((tx) => {
            const { from: _from, chainId: _chainId, ...rpcCall } = toRpcTransaction(address, chainId, tx)
            return rpcCall
          }),
        },
      ])
      // EIP-5792 v2 answers { id }; v1 wallets answered the id itself
      const id = typeof result === 'string' ? result : (result as { id?: unknown } | null)?.id
      if (typeof id !== 'string' || !id) throw new InvalidWalletResponseError('wallet_sendCalls', result)
      return id
    },

    async getCallsStatus({ connector, id }) {
      const provider = await getEip1193Provider(connector)
      return call(provider, 'getCallsStatus', 'wallet_getCallsStatus', [id])
    },

    async request({ connector, method, params }) {
      // SPEC §7: eth_chainId is answered from the stored value, without a round trip to the wallet
      if (method === 'eth_chainId') {
        const stored = chainIds.get(connector.id)
        if (stored !== undefined) return numberToHex(stored)
      }
      const provider = await getEip1193Provider(connector)
      const result = await call(provider, 'request', method, params)
      if (method === 'eth_chainId') chainIds.set(connector.id, parseChainId(result))
      return result
    },

    async watch({ connector, onAccountsChanged, onChainChanged, onDisconnect }: { connector: Connector } & ConnectorEvents) {
      const provider = await getEip1193Provider(connector)
      const accountsChanged = (accounts: unknown) => {
        const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string' && isAddress(a, { strict: false })) : []
        onAccountsChanged?.(list.map((a) => getAddress(a)))
      }
      const chainChanged = (chainId: unknown) => {
        const id = typeof chainId === 'string' || typeof chainId === 'number' ? evmChainId(chainId) : undefined
        if (id === undefined) return
        chainIds.set(connector.id, id)
        onChainChanged?.(id)
      }
      const disconnected = (error?: { code?: unknown }) => {
        // 1013: MetaMask lost its node and will reconnect by itself; the session is still there
        if (error?.code === 1013) return
        chainIds.delete(connector.id)
        onDisconnect?.()
      }
      provider.on?.('accountsChanged', accountsChanged)
      provider.on?.('chainChanged', chainChanged)
      provider.on?.('disconnect', disconnected)
      let active = true
      const unsubscribe = () => {
        if (!active) return
        active = false
        provider.removeListener?.('accountsChanged', accountsChanged)
        provider.removeListener?.('chainChanged', chainChanged)
        provider.removeListener?.('disconnect', disconnected)
        watchers.get(connector.id)?.delete(unsubscribe)
      }
      let set = watchers.get(connector.id)
      if (!set) watchers.set(connector.id, (set = new Set()))
      set.add(unsubscribe)
      return unsubscribe
    },
  })

  return {
    ...adapter,
    networks,
    getClient,
    getChainId: (connector) => chainIds.get(connector.id),
    destroy() {
      stop.abort()
      clients.clear()
      for (const id of [...watchers.keys()]) stopWatching(id)
    },
  }
}

