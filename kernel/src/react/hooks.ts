import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import { createDispatchHook, createSelectorHook, createStoreHook } from 'react-redux'
import type { CaipNetworkLike, ChainNamespace, ExtensionItem, ExtensionPointId, LocaleState, PorticoState, ViewId } from '@portico/contracts/plugin'
import type { Kernel } from '../kernel/types.js'
import { emptyAccount, type AccountState, type AppDispatch, type ConnectorInfo, type RecentWallet } from '../store/index.js'
import { KernelContext, PorticoReduxContext } from './context.js'

/**
 * The kernel from the surrounding `<PorticoProvider>`.
 *
 * @example
 * const kernel = useKernel()
 * kernel.router.push('Networks')
 */
export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('Portico hooks need a <PorticoProvider kernel={kernel}> above them.')
  return kernel
}

/**
 * Reads the kernel store, typed with the kernel's state (plugins' injected slices included by declaration
 * merging). Use it instead of react-redux's `useSelector`: the kernel store sits in Portico's own context.
 *
 * @example
 * const history = usePorticoSelector((state) => state.router.history)
 */
export const usePorticoSelector = createSelectorHook(PorticoReduxContext).withTypes<PorticoState>()

/** The kernel store's `dispatch`. */
export const usePorticoDispatch = createDispatchHook(PorticoReduxContext).withTypes<AppDispatch>()

/** The kernel store itself. */
export const usePorticoStore = createStoreHook(PorticoReduxContext)

/** Translate function bound to the kernel's i18n. */
export type Translate = (key: string, params?: Record<string, string | number>) => string

/**
 * `kernel.t` for components, in the current locale.
 *
 * @example
 * const t = useTranslate()
 * return <span>{t('modal.close')}</span>
 */
export function useTranslate(): Translate {
  const kernel = useKernel()
  // a new function when the locale changes, so components that translate render again in the new language
  const locale = usePorticoSelector((s) => s.locale.code)
  return useCallback<Translate>((key, params) => kernel.t(key, params), [kernel, locale])
}

/**
 * The modal's locale and writing direction, for `Intl` formatting in views.
 *
 * @example
 * const { code } = useLocale()
 * return <span>{formatAmount(value, code)}</span>
 */
export function useLocale(): LocaleState {
  return usePorticoSelector((s) => s.locale)
}

export type UseModalReturn = {
  open: (view?: ViewId, data?: unknown) => Promise<void>
  close: () => void
  isOpen: boolean
}

/**
 * Opens and closes the modal.
 *
 * @example
 * const { open, isOpen } = useModal()
 * <button onClick={() => open('Networks')}>Switch network</button>
 */
export function useModal(): UseModalReturn {
  const kernel = useKernel()
  const isOpen = usePorticoSelector((s) => s.modal.open)
  const open = useCallback((view?: ViewId, data?: unknown) => kernel.open(view, data), [kernel])
  const close = useCallback(() => kernel.close(), [kernel])
  return useMemo(() => ({ open, close, isOpen }), [open, close, isOpen])
}

export type UseAccountReturn = AccountState & {
  namespace: ChainNamespace | undefined
  isConnected: boolean
  address: string | undefined
  caipAddress: string | undefined
}

const EMPTY_ACCOUNT: AccountState = Object.freeze(emptyAccount()) as AccountState

/** The account of the active namespace, or the first connected one when no namespace is active. */
export function selectActiveAccount(state: PorticoState): { namespace: ChainNamespace | undefined; account: AccountState | undefined } {
  const { activeNamespace, accounts } = state.chains
  if (activeNamespace) return { namespace: activeNamespace, account: accounts[activeNamespace] }
  const connected = (Object.keys(accounts) as ChainNamespace[]).find((ns) => accounts[ns]?.status === 'connected')
  return { namespace: connected, account: connected ? accounts[connected] : undefined }
}

/**
 * The active namespace's account: address, caipAddress, status, balance and the rest of SPEC §3's account state.
 *
 * @example
 * const { isConnected, address } = useAccount()
 */
export function useAccount(): UseAccountReturn {
  const namespace = usePorticoSelector((s) => selectActiveAccount(s).namespace)
  const account = usePorticoSelector((s) => selectActiveAccount(s).account)
  return useMemo(() => {
    const a = account ?? EMPTY_ACCOUNT
    return {
      ...a,
      namespace,
      address: a.address,
      caipAddress: a.caipAddress,
      isConnected: a.status === 'connected' && Boolean(a.address),
    }
  }, [account, namespace])
}

export type UseNetworkReturn = {
  caipNetworkId: string | undefined
  /** The active network's definition, `undefined` when it is not one the host configured. */
  network: CaipNetworkLike | undefined
  /** False when the wallet sits on a network the host did not configure. */
  isSupported: boolean
  networks: readonly CaipNetworkLike[]
}

/**
 * The active network and the configured ones.
 *
 * @example
 * const { network, isSupported } = useNetwork()
 */
export function useNetwork(): UseNetworkReturn {
  const caipNetworkId = usePorticoSelector((s) => s.chains.activeCaipNetworkId)
  const networks = usePorticoSelector((s) => s.chains.networks)
  return useMemo(() => {
    const network = caipNetworkId ? networks.find((n) => n.caipNetworkId === caipNetworkId) : undefined
    return { caipNetworkId, network, isSupported: caipNetworkId === undefined || network !== undefined, networks }
  }, [caipNetworkId, networks])
}

export type UseConnectionReturn = {
  status: PorticoState['connection']['status']
  connectors: readonly ConnectorInfo[]
  recentWallets: readonly RecentWallet[]
}

/**
 * Connection status, registered connectors and recent wallets.
 *
 * @example
 * const { status, connectors } = useConnection()
 */
export function useConnection(): UseConnectionReturn {
  const status = usePorticoSelector((s) => s.connection.status)
  const connectors = usePorticoSelector((s) => s.connectors.list)
  const recentWallets = usePorticoSelector((s) => s.connection.recentWallets)
  return useMemo(() => ({ status, connectors, recentWallets }), [status, connectors, recentWallets])
}

/**
 * The current list of an extension point, re-rendering when a contribution changes or the state a contribution
 * reads does. The plugin that owns the point renders it; the others contribute through `ctx.extensions`.
 *
 * @example
 * const tabs = useExtension('account/tabs')
 */
export function useExtension<P extends ExtensionPointId>(point: P): readonly ExtensionItem<P>[] {
  const kernel = useKernel()
  const subscribe = useCallback(
    (onChange: () => void) => {
      const fromStore = kernel.subscribe(onChange)
      const fromContributions = kernel.extensions.subscribe(point, onChange)
      return () => (fromStore(), fromContributions())
    },
    [kernel, point],
  )
  const read = useCallback(() => kernel.extensions.read(point), [kernel, point])
  return useSyncExternalStore(subscribe, read, read)
}
