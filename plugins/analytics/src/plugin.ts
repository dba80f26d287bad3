import { definePlugin, type PluginContext, type PorticoState } from '@portico/contracts/plugin'
import { connectFailed } from '@portico/kernel'
import { analyticsMessages } from './messages.js'
import { createAnalyticsQueue, type AnalyticsDeps, type AnalyticsQueueOptions } from './queue.js'
import { analyticsActions, analyticsSlice, type TrackedEvent } from './slice.js'

/** The plugin's options: what the host passes to `analytics({...})`, or, for a remote copy, its `features.analytics` object. */
export type AnalyticsParameters = AnalyticsQueueOptions

/** The active account's address, when one is connected. */
function activeAddress(state: PorticoState): string | undefined {
  const { activeNamespace, accounts } = state.chains
  return activeNamespace ? accounts[activeNamespace]?.address : undefined
}

/**
 * Usage events to the analytics ingest (`POST /e`, endpoint `analytics`, else `api`): modal open and close,
 * connect success and error, disconnect and network switch, plus any plugin's event dispatched with
 * `analyticsActions.eventTracked`. Nothing is sent before the modal opens, nor when the project's analytics config says no.
 *
 * @example
 * createKernel({ projectId, endpoints: { api: 'https://api.example' }, plugins: [analytics()] })
 */
export function analytics(parameters: AnalyticsParameters = {}) {
  return definePlugin({
    name: 'analytics',
    version: '0.1.0',
    contracts: '^1.0.0',
    kind: 'feature',
    activation: 'idle',
    messages: { en: analyticsMessages },
    setup(ctx: PluginContext) {
      ctx.store.inject(analyticsSlice)
      const deps: AnalyticsDeps = {
        http: ctx.http,
        dispatch: ctx.store.dispatch,
        getState: ctx.store.getState,
        alert: ctx.notify.alert,
        t: ctx.t,
        debug: ctx.log.debug,
      }
      const queue = createAnalyticsQueue(deps, parameters)
      const track = (data: TrackedEvent, address = activeAddress(ctx.store.getState())) => queue.track(data, address)
      const connected = () => Boolean(activeAddress(ctx.store.getState()))

      ctx.hooks.afterOpen.tap(({ view }) => {
        track({ event: 'MODAL_OPEN', properties: { connected: connected(), view } })
        queue.opened()
      })
      ctx.hooks.afterClose.tap(() => track({ event: 'MODAL_CLOSE', properties: { connected: connected() } }))
      ctx.hooks.afterConnect.tapPromise(async (info) => {
        const connector = ctx.getConnector(info.connectorId)
        track(
          { event: 'CONNECT_SUCCESS', properties: { connectorId: info.connectorId, name: connector?.name, type: connector?.type, namespace: info.namespace, chainId: String(info.chainId) } },
          info.address,
        )
      })
      ctx.hooks.afterDisconnect.tap(({ namespace, connectorId }) => track({ event: 'DISCONNECT_SUCCESS', properties: { namespace, connectorId } }))
      ctx.hooks.afterNetworkChange.tap(({ caipNetworkId, previous }) => track({ event: 'SWITCH_NETWORK', properties: { network: caipNetworkId, previous } }))
      ctx.startListening({
        actionCreator: connectFailed,
        effect: (action: ReturnType<typeof connectFailed>) => track({ event: 'CONNECT_ERROR', properties: { ...action.payload } }),
      })
      ctx.startListening({
        actionCreator: analyticsActions.eventTracked,
        effect: (action: ReturnType<typeof analyticsActions.eventTracked>) => {
          if (action.payload && typeof action.payload.event === 'string') track(action.payload)
        },
      })
      return () => queue.destroy()
    },
  })
}

export default analytics
