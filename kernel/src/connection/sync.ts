import '../zodConfig.js'
import * as z from 'zod/mini'
import { KERNEL_VIEWS, type ChainNamespace, type ConnectionInfo } from '@portico/contracts/plugin'
import { CHAIN_NAMESPACES } from '@portico/contracts/spec'
import { chainsSlice, connectionSlice } from '../store/index.js'
import { refreshBalance } from './balance.js'
import type { TabChannel } from './channel.js'
import { checkSupported, explorerUrl, findNetwork, isSupported, setActiveNetwork, showsUnsupported, watchKey, type ConnectionContext } from './context.js'
import { forget } from './forget.js'
import { isConnectedHere, reconnectRecord } from './restore.js'

/** One connection change, as tabs tell each other (issue 9 "tabs in sync"). */
const Namespace = z.enum(CHAIN_NAMESPACES)
export const TabMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('connected'),
    namespace: Namespace,
    connectorId: z.string(),
    address: z.string(),
    chainId: z.union([z.string(), z.number()]),
  }),
  z.object({ type: z.literal('disconnected'), namespace: Namespace, connectorId: z.string() }),
  z.object({ type: z.literal('network'), caipNetworkId: z.string() }),
])
export type TabMessage = z.infer<typeof TabMessageSchema>
const TAP = 'portico:tab-sync'
const EnvelopeSchema = z.object({ from: z.string(), message: TabMessageSchema })

/**
 * Keeps this tab's connection in step with the other tabs of the site. Each local change (connected, disconnected,
 * network switched) is posted once; another tab's change is applied without a wallet prompt: a connection is
 * restored through the adapter's `reconnect`, a disconnection is only forgotten (the wallet was told by the tab
 * that disconnected), a network switch is followed locally (the wallet is shared between tabs). A change applied
 * because of a message is not posted back. Messages are applied one at a time, in order.
 */
export function startTabSync(ctx: ConnectionContext, channel: TabChannel, options: { restoring: () => Promise<void> | undefined }) {
  let stopped = false
  /** > 0 while a message is applied: the hooks it fires are not posted back. */
  let applying = 0
  let queue: Promise<void> = Promise.resolve()

  const post = (message: TabMessage) => {
    if (!stopped && applying === 0) channel.post(message)
  }
  ctx.hooks.afterConnect.tapPromise({ name: TAP }, async ({ namespace, connectorId, address, chainId }: ConnectionInfo) =>
    post({ type: 'connected', namespace, connectorId, address, chainId }),
  )
  ctx.hooks.afterDisconnect.tap({ name: TAP }, ({ namespace, connectorId }: { namespace: ChainNamespace; connectorId?: string }) => {
    if (connectorId) post({ type: 'disconnected', namespace, connectorId })
  })
  ctx.hooks.afterNetworkChange.tap({ name: TAP }, ({ caipNetworkId }: { caipNetworkId: string }) => post({ type: 'network', caipNetworkId }))

  const unsubscribe = channel.subscribe((envelope) => {
    const parsed = EnvelopeSchema.safeParse(envelope)
    if (!parsed.success) return ctx.log('debug', '[portico] ignored a malformed message from another tab')
    const { message } = parsed.data
    queue = queue.then(async () => {
      if (stopped) return
      await options.restoring()?.catch(() => {})
      applying++
      try {
        await apply(ctx, message)
      } catch (error) {
        ctx.log('warn', `[portico] could not follow another tab (${message.type}):`, error)
      } finally {
        applying--
      }
    })
  })

  return {
    /** Settles once every message received so far is applied (for tests and teardown). */
    idle: () => queue,
    stop() {
      stopped = true
      unsubscribe()
    },
  }
}

async function apply(ctx: ConnectionContext, message: TabMessage) {
  const { store } = ctx
  if (message.type === 'connected') {
    const { type: _, ...record } = message
    if (isConnectedHere(ctx, record)) return
    const previous = store.getState().chains.accounts[record.namespace]
    const hadAccount = Boolean(previous?.address)
    // another wallet in this namespace here: stop following its events, the other tab's replaces it
    if (previous?.connectorId && previous.connectorId !== record.connectorId) {
      ctx.unwatch.get(watchKey(record.namespace, previous.connectorId))?.()
      ctx.unwatch.delete(watchKey(record.namespace, previous.connectorId))
    }
    store.dispatch(chainsSlice.actions.accountConnecting({ namespace: record.namespace }))
    try {
      await ctx.registry.loadActivated()
      await reconnectRecord(ctx, record)
    } catch (error) {
      if (!hadAccount) store.dispatch(chainsSlice.actions.accountDisconnected(record.namespace))
      throw error
    }
    store.dispatch(chainsSlice.actions.activeNamespaceChanged(record.namespace))
    const s = store.getState()
    if (s.modal.open && s.router.history.at(-1)?.view === KERNEL_VIEWS.connect) ctx.router.reset(KERNEL_VIEWS.account)
    return
  }
  if (message.type === 'disconnected') {
    const known = store.getState().connection.connections.some((c) => c.namespace === message.namespace && c.connectorId === message.connectorId)
    if (known) await forget(ctx, message.namespace, message.connectorId)
    return
  }
  const { caipNetworkId } = message
  if (store.getState().chains.activeCaipNetworkId === caipNetworkId) return
  const ns = caipNetworkId.split(':')[0] as ChainNamespace
  const chainId = caipNetworkId.slice(ns.length + 1)
  const account = store.getState().chains.accounts[ns]
  // a network this tab does not list matters only to a connected account (the unsupported-network view)
  if (!findNetwork(ctx, caipNetworkId) && !account?.address) return
  setActiveNetwork(ctx, caipNetworkId)
  if (account?.address && account.connectorId) {
    store.dispatch(
      chainsSlice.actions.accountNetworkChanged({
        namespace: ns,
        caipAddress: `${caipNetworkId}:${account.address}`,
        addressExplorerUrl: explorerUrl(findNetwork(ctx, caipNetworkId), account.address),
      }),
    )
    const record = store.getState().connection.connections.find((c) => c.namespace === ns)
    const numeric = typeof record?.chainId === 'number' && /^\d+$/.test(chainId)
    store.dispatch(connectionSlice.actions.connectionChanged({ namespace: ns, connectorId: account.connectorId, address: account.address, chainId: numeric ? Number(chainId) : chainId }))
  }
  if (isSupported(ctx, caipNetworkId)) {
    if (showsUnsupported(ctx)) ctx.router.reset(account?.address ? KERNEL_VIEWS.account : KERNEL_VIEWS.connect)
    await refreshBalance(ctx, ns)
  } else checkSupported(ctx)
}
