import type {
  CaipNetworkLike,
  ChainAdapter,
  ChainNamespace,
  Connector,
  ConnectionInfo,
  KeyValueStorage,
} from '@portico/contracts/plugin'
import type { KernelHookInstances } from '../hooks/createHooks.js'
import type { KernelNotify, KernelRouter } from '../kernel/types.js'
import type { Registry } from '../registry/createRegistry.js'
import { chainsSlice, connectionSlice, emptyAccount, type ConnectionRecord, type PorticoStore, type RecentWallet } from '../store/index.js'
import { AdapterNotFoundError, ConnectorNotFoundError, isUserRejection, NotConnectedError } from './errors.js'

import { STORAGE_KEYS } from './storageKeys.js'

export { STORAGE_KEYS }

/** How long a restore waits for a connector to register (EIP-6963 wallets announce asynchronously). */
export const RESTORE_CONNECTOR_WAIT_MS = 3000

export type ConnectionDeps = {
  store: PorticoStore
  registry: Registry
  hooks: KernelHookInstances
  notify: KernelNotify
  storage: KeyValueStorage
  router: KernelRouter
  t: (key: string, params?: Record<string, string | number>) => string
  open: (view?: string, data?: unknown) => Promise<void>
  close: () => void
  log: (level: 'debug' | 'warn' | 'error', ...args: unknown[]) => void
}

const shortMessage = (e: unknown) =>
  (e as { shortMessage?: string })?.shortMessage ?? (e as { message?: string })?.message ?? 'Something went wrong'

/**
 * The connection lifecycle (SPEC §4): connect, disconnect with fallback to the next connection, wallet events,
 * network switching, unsupported networks and session restore. Chain logic stays in the adapters.
 */
export function createConnection(deps: ConnectionDeps) {
  const { store, registry, hooks, notify, storage } = deps
  const unwatch = new Map<string, () => void>()
  const key = (ns: ChainNamespace, connectorId: string) => `${ns}:${connectorId}`
  const state = () => store.getState()
  const networksOf = (ns: ChainNamespace) => state().chains.networks.filter((n) => n.chainNamespace === ns)
  const findNetwork = (id: string) => state().chains.networks.find((n) => n.caipNetworkId === id)

  function adapterFor(ns: ChainNamespace): ChainAdapter {
    const adapter = registry.getAdapter(ns)
    if (!adapter) throw new AdapterNotFoundError(ns)
    return adapter
  }

  function active() {
    const { activeNamespace, accounts } = state().chains
    const ns = activeNamespace
    const account = ns ? accounts[ns] : undefined
    const record = state().connection.connections.find((c) => c.namespace === ns && c.connectorId === account?.connectorId)
    const connector = record ? registry.getConnector(record.connectorId) : undefined
    return { ns, account, record, connector }
  }

  async function persist() {
    const s = state()
    await Promise.all([
      storage.setItem(STORAGE_KEYS.status, s.connection.connections.length ? 'connected' : 'disconnected'),
      storage.setItem(STORAGE_KEYS.connections, s.connection.connections),
      storage.setItem(STORAGE_KEYS.recentWallets, s.connection.recentWallets),
      storage.setItem(STORAGE_KEYS.lastConnectorId, s.connection.lastConnectorId ?? null),
      storage.setItem(STORAGE_KEYS.activeCaipNetworkId, s.chains.activeCaipNetworkId ?? null),
    ]).catch((e) => deps.log('warn', '[portico] could not persist the connection:', e))
  }

  const isSupported = (caipNetworkId: string | undefined) => Boolean(caipNetworkId && findNetwork(caipNetworkId))

  /** Shows UnsupportedChain when the network is unsupported, switching is on and unsupported chains are not allowed. */
  function checkSupported() {
    const { activeCaipNetworkId } = state().chains
    const { enableNetworkSwitch, allowUnsupportedChain } = state().options
    if (isSupported(activeCaipNetworkId) || !enableNetworkSwitch || allowUnsupportedChain) return
    void deps.open('UnsupportedChain')
  }

  async function refreshBalance(ns?: ChainNamespace) {
    const namespace = ns ?? state().chains.activeNamespace
    if (!namespace) return
    const account = state().chains.accounts[namespace]
    const network = findNetwork(state().chains.activeCaipNetworkId ?? '')
    const adapter = registry.getAdapter(namespace)
    if (!account?.address || !network || network.chainNamespace !== namespace || !adapter) return
    store.dispatch(chainsSlice.actions.accountUpdated({ namespace, patch: { balanceLoading: true } }))
    try {
      const { balance, symbol } = await adapter.getBalance({ address: account.address, network })
      if (state().chains.accounts[namespace]?.address !== account.address) return // changed meanwhile
      store.dispatch(chainsSlice.actions.accountUpdated({ namespace, patch: { balance, balanceSymbol: symbol, balanceLoading: false } }))
    } catch (error) {
      deps.log('warn', '[portico] balance:', error)
      store.dispatch(chainsSlice.actions.accountUpdated({ namespace, patch: { balanceLoading: false } }))
    }
  }

  function setActiveNetwork(caipNetworkId: string) {
    const previous = state().chains.activeCaipNetworkId
    if (previous === caipNetworkId) return
    store.dispatch(chainsSlice.actions.activeNetworkSet({ caipNetworkId }))
    hooks.afterNetworkChange.call({ caipNetworkId, previous })
  }

  function explorerUrl(network: CaipNetworkLike | undefined, address: string) {
    const base = network?.blockExplorers?.default.url
    return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
  }

  async function established(ns: ChainNamespace, connector: Connector, result: { address: string; accounts: readonly string[]; chainId: string | number }) {
    const caipNetworkId = `${ns}:${result.chainId}`
    const network = findNetwork(caipNetworkId)
    store.dispatch(
      chainsSlice.actions.accountUpdated({
        namespace: ns,
        patch: {
          address: result.address,
          caipAddress: `${caipNetworkId}:${result.address}`,
          status: 'connected',
          connectorId: connector.id,
          allAccounts: result.accounts.map((address) => ({ address, type: 'eoa' })),
          connectedWalletInfo: { name: connector.name, ...(connector.imageUrl ? { icon: connector.imageUrl } : {}), type: connector.type },
          ...(network ? { addressExplorerUrl: explorerUrl(network, result.address) } : {}),
        },
      }),
    )
    const record: ConnectionRecord = { namespace: ns, connectorId: connector.id, address: result.address, chainId: result.chainId }
    store.dispatch(connectionSlice.actions.connectionAdded(record))
    store.dispatch(connectionSlice.actions.statusSet('connected'))
    setActiveNetwork(caipNetworkId)
    await watch(ns, connector)
    await persist()
    void refreshBalance(ns)
    const info: ConnectionInfo = { namespace: ns, connectorId: connector.id, address: result.address, caipAddress: `${caipNetworkId}:${result.address}`, chainId: result.chainId }
    await hooks.afterConnect.promise(info)
  }

  async function watch(ns: ChainNamespace, connector: Connector) {
    const k = key(ns, connector.id)
    unwatch.get(k)?.()
    const adapter = registry.getAdapter(ns)
    if (!adapter) return
    try {
      const stop = await adapter.watch({
        connector,
        onAccountsChanged: (accounts) => {
          if (accounts.length === 0) return void local(ns, connector.id)
          const address = accounts[0]!
          const network = state().chains.activeCaipNetworkId
          store.dispatch(
            chainsSlice.actions.accountUpdated({
              namespace: ns,
              patch: { address, caipAddress: `${network}:${address}`, allAccounts: accounts.map((a) => ({ address: a, type: 'eoa' })), balance: undefined },
            }),
          )
          store.dispatch(connectionSlice.actions.connectionAdded({ namespace: ns, connectorId: connector.id, address, chainId: network?.split(':')[1] ?? '' }))
          void persist()
          void refreshBalance(ns)
        },
        onChainChanged: (chainId) => {
          const id = typeof chainId === 'string' && chainId.startsWith('0x') ? Number.parseInt(chainId, 16) : chainId
          const caipNetworkId = `${ns}:${id}`
          const account = state().chains.accounts[ns]
          setActiveNetwork(caipNetworkId)
          if (account?.address) {
            store.dispatch(
              chainsSlice.actions.accountUpdated({
                namespace: ns,
                patch: { caipAddress: `${caipNetworkId}:${account.address}`, balance: undefined, addressExplorerUrl: explorerUrl(findNetwork(caipNetworkId), account.address) },
              }),
            )
            store.dispatch(connectionSlice.actions.connectionAdded({ namespace: ns, connectorId: connector.id, address: account.address, chainId: id }))
          }
          void persist()
          if (isSupported(caipNetworkId)) {
            // back on a supported network: leave the UnsupportedChain screen
            if (state().router.history.some((h) => h.view === 'UnsupportedChain')) deps.router.reset('Account')
            void refreshBalance(ns)
          } else checkSupported()
        },
        onDisconnect: () => void local(ns, connector.id),
      })
      unwatch.set(k, stop)
    } catch (error) {
      deps.log('warn', '[portico] could not watch wallet events:', error)
    }
  }

  /** Forget a connection locally and fall back to the next one (SPEC §4 Disconnect). */
  async function local(ns: ChainNamespace, connectorId: string) {
    const k = key(ns, connectorId)
    unwatch.get(k)?.()
    unwatch.delete(k)
    store.dispatch(connectionSlice.actions.connectionRemoved({ namespace: ns, connectorId }))
    store.dispatch(connectionSlice.actions.lastConnectorIdSet(connectorId))
    store.dispatch(chainsSlice.actions.accountReset(ns))
    const next = state().connection.connections[0]
    if (next) {
      store.dispatch(chainsSlice.actions.activeNamespaceSet(next.namespace))
      setActiveNetwork(`${next.namespace}:${next.chainId}`)
    } else {
      store.dispatch(connectionSlice.actions.statusSet('disconnected'))
    }
    await persist()
    hooks.afterDisconnect.call({ namespace: ns, connectorId })
    if (state().modal.open && !next) deps.router.reset('Connect')
  }

  function pickNamespace(connector: Connector, requested?: ChainNamespace): ChainNamespace {
    if (requested) return requested
    const activeNs = state().chains.activeNamespace
    if (activeNs && connector.chains.includes(activeNs)) return activeNs
    return connector.chains.find((ns) => registry.getAdapter(ns)) ?? connector.chains[0]!
  }

  return {
    /** Connects with a connector; the modal closes on success. A failure is recorded for the connecting view and rethrown. */
    async connect(connectorId: string, params: { namespace?: ChainNamespace } = {}): Promise<ConnectionInfo> {
      const connector = registry.getConnector(connectorId)
      if (!connector) throw new ConnectorNotFoundError(connectorId)
      const ns = pickNamespace(connector, params.namespace)
      const activeId = state().chains.activeCaipNetworkId
      const network = (activeId?.startsWith(`${ns}:`) ? findNetwork(activeId) : undefined) ?? networksOf(ns)[0]
      store.dispatch(connectionSlice.actions.connectErrorSet(undefined))
      store.dispatch(connectionSlice.actions.statusSet('connecting'))
      store.dispatch(chainsSlice.actions.accountUpdated({ namespace: ns, patch: { status: 'connecting' } }))
      try {
        const result = connector.connect
          ? await connector.connect({ namespace: ns, ...(network ? { network } : {}) })
          : await adapterFor(ns).connect({ connector, ...(network ? { network } : {}) })
        store.dispatch(
          connectionSlice.actions.recentWalletAdded({ id: connector.info?.rdns ?? connector.id, name: connector.name, connectorId: connector.id, ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}) } satisfies RecentWallet),
        )
        await established(ns, connector, result)
        if (isSupported(`${ns}:${result.chainId}`) && state().modal.open && !state().options.embedded) deps.close()
        else if (!isSupported(`${ns}:${result.chainId}`)) checkSupported()
        else if (state().options.embedded) deps.router.reset('Account')
        return { namespace: ns, connectorId, address: result.address, caipAddress: `${ns}:${result.chainId}:${result.address}`, chainId: result.chainId }
      } catch (error) {
        const declined = isUserRejection(error)
        const stillConnected = state().connection.connections.length > 0
        store.dispatch(connectionSlice.actions.statusSet(stillConnected ? 'connected' : 'disconnected'))
        if (!state().chains.accounts[ns]?.address) store.dispatch(chainsSlice.actions.accountUpdated({ namespace: ns, patch: { status: 'disconnected' } }))
        store.dispatch(connectionSlice.actions.connectErrorSet({ connectorId, declined, message: declined ? 'Connection declined' : shortMessage(error) }))
        throw error
      }
    },

    /** Disconnects the namespace's connection (default: the active one). */
    async disconnect(namespace?: ChainNamespace) {
      const ns = namespace ?? state().chains.activeNamespace
      const record = state().connection.connections.find((c) => c.namespace === ns)
      if (!ns || !record) return
      const connector = registry.getConnector(record.connectorId)
      try {
        if (connector?.disconnect) await connector.disconnect()
        else if (connector) await registry.getAdapter(ns)?.disconnect({ connector })
      } catch (error) {
        notify.toast('Failed to disconnect', 'error')
        deps.log('error', '[portico] disconnect:', error)
        throw error
      }
      await local(ns, record.connectorId)
    },

    /** SPEC §4 switching network. */
    async switchNetwork(caipNetworkId: string) {
      const network = findNetwork(caipNetworkId)
      if (!network) {
        notify.toast('Chain is not supported', 'error')
        throw new AdapterNotFoundError(caipNetworkId.split(':')[0]!)
      }
      const ns = network.chainNamespace
      const { activeNamespace, accounts } = state().chains
      const account = accounts[ns]
      if (ns === activeNamespace && account?.address && account.connectorId) {
        const connector = registry.getConnector(account.connectorId)
        if (!connector) throw new ConnectorNotFoundError(account.connectorId)
        try {
          await adapterFor(ns).switchNetwork({ connector, network })
        } catch (error) {
          notify.toast(isUserRejection(error) ? 'Signature declined' : shortMessage(error), 'error')
          throw error
        }
        setActiveNetwork(caipNetworkId)
        store.dispatch(chainsSlice.actions.accountUpdated({ namespace: ns, patch: { caipAddress: `${caipNetworkId}:${account.address}`, balance: undefined } }))
        await persist()
        void refreshBalance(ns)
      } else {
        setActiveNetwork(caipNetworkId)
        await persist()
        void refreshBalance(ns)
      }
      if (state().router.history.some((h) => h.view === 'UnsupportedChain')) deps.router.reset(account?.address ? 'Account' : 'Connect')
    },

    /** Signs a message with the active connection; a declined signature shows "Signature declined". */
    async signMessage(message: string): Promise<string> {
      const { ns, account, connector } = active()
      if (!ns || !account?.address || !connector) throw new NotConnectedError()
      try {
        return await adapterFor(ns).signMessage({ connector, address: account.address, message })
      } catch (error) {
        notify.toast(isUserRejection(error) ? 'Signature declined' : shortMessage(error), 'error')
        throw error
      }
    },

    /** Sends a transaction with the active connection; shows "Transaction started", then refreshes the balance. */
    async sendTransaction(transaction: { to: string; value?: bigint; data?: string }): Promise<string> {
      const { ns, account, connector } = active()
      const network = findNetwork(state().chains.activeCaipNetworkId ?? '')
      if (!ns || !account?.address || !connector) throw new NotConnectedError()
      if (!network) throw new AdapterNotFoundError(ns)
      try {
        const hash = await adapterFor(ns).sendTransaction({ connector, address: account.address, network, transaction })
        notify.toast('Transaction started', 'success')
        await refreshBalance(ns)
        return hash
      } catch (error) {
        notify.toast(isUserRejection(error) ? 'Signature declined' : 'Something went wrong', 'error')
        throw error
      }
    },

    refreshBalance,

    /** Loads stored recent wallets and, when the stored status is connected, restores each connection (SPEC §4). */
    async restore() {
      const [status, connections, recent, lastConnectorId, activeId] = await Promise.all([
        storage.getItem<string>(STORAGE_KEYS.status),
        storage.getItem<ConnectionRecord[]>(STORAGE_KEYS.connections),
        storage.getItem<RecentWallet[]>(STORAGE_KEYS.recentWallets),
        storage.getItem<string | null>(STORAGE_KEYS.lastConnectorId),
        storage.getItem<string | null>(STORAGE_KEYS.activeCaipNetworkId),
      ])
      if (Array.isArray(recent)) store.dispatch(connectionSlice.actions.recentWalletsSet(recent.filter((w) => w && typeof w.id === 'string' && typeof w.name === 'string')))
      if (typeof lastConnectorId === 'string') store.dispatch(connectionSlice.actions.lastConnectorIdSet(lastConnectorId))
      if (status !== 'connected' || !Array.isArray(connections) || connections.length === 0) {
        // a stored disconnected status clears address caches
        await storage.removeItem(STORAGE_KEYS.addressCache)
        return
      }
      if (typeof activeId === 'string') store.dispatch(chainsSlice.actions.activeNetworkSet({ caipNetworkId: activeId }))
      store.dispatch(connectionSlice.actions.statusSet('connecting'))
      for (const c of connections) store.dispatch(chainsSlice.actions.accountUpdated({ namespace: c.namespace, patch: { status: 'connecting' } }))
      await registry.loadActivated().catch((e) => deps.log('error', '[portico] restore:', e))
      const results = await Promise.all(
        connections.map(async (c) => {
          try {
            const connector = await waitForConnector(c.connectorId)
            const adapter = registry.getAdapter(c.namespace)
            if (!connector || !adapter) throw new ConnectorNotFoundError(c.connectorId)
            const network = findNetwork(`${c.namespace}:${c.chainId}`)
            const result = await adapter.reconnect({ connector, ...(network ? { network } : {}) })
            if (!result) throw new Error('The wallet no longer authorises this site.')
            await established(c.namespace, connector, result)
            return true
          } catch (error) {
            deps.log('warn', `[portico] could not restore ${c.connectorId}:`, error)
            store.dispatch(chainsSlice.actions.accountReset(c.namespace))
            return false
          }
        }),
      )
      if (!results.some(Boolean)) {
        store.dispatch(connectionSlice.actions.statusSet('disconnected'))
        for (const c of connections) store.dispatch(connectionSlice.actions.connectionRemoved({ namespace: c.namespace, connectorId: c.connectorId }))
        await storage.removeItem(STORAGE_KEYS.addressCache)
        await persist()
      } else {
        // active namespace: the stored one when it restored, else the first that did
        const restored = state().connection.connections
        const activeNs = state().chains.activeNamespace
        if (!restored.some((r) => r.namespace === activeNs) && restored[0]) {
          store.dispatch(chainsSlice.actions.activeNamespaceSet(restored[0].namespace))
        }
        checkSupported()
      }
    },

    destroy() {
      for (const stop of unwatch.values()) stop()
      unwatch.clear()
    },
  }

  function waitForConnector(id: string): Promise<Connector | undefined> {
    const found = registry.getConnector(id)
    if (found) return Promise.resolve(found)
    return new Promise((resolve) => {
      const timer = setTimeout(() => (unsubscribe(), resolve(registry.getConnector(id))), RESTORE_CONNECTOR_WAIT_MS)
      const unsubscribe = store.subscribe(() => {
        const c = registry.getConnector(id)
        if (c) (clearTimeout(timer), unsubscribe(), resolve(c))
      })
    })
  }
}

export type Connection = ReturnType<typeof createConnection>
export { emptyAccount }
