import type { PorticoState } from '@portico/contracts/plugin'
import { createSlice, type PayloadAction } from '@portico/kernel'

/** Why analytics is off. */
export type AnalyticsOffReason = 'config' | 'config-failed' | 'forbidden'

export type AnalyticsState = {
  /** `pending` until the config is known (it is asked for after the modal first opens). */
  status: 'pending' | 'enabled' | 'disabled'
  reason: AnalyticsOffReason | undefined
  /** Events the ingest endpoint accepted. */
  sent: number
}

export const initialAnalyticsState: AnalyticsState = { status: 'pending', reason: undefined, sent: 0 }

/**
 * Event data another plugin sends through the store with this plugin's action creator:
 *
 * @example
 * import { analyticsActions } from '@portico/plugin-analytics'
 * ctx.store.dispatch(analyticsActions.eventTracked({ event: 'SWAP_STARTED', properties: { from: 'ETH' } }))
 */
export type TrackedEvent = { event: string; type?: string; properties?: Record<string, unknown> }

/** The analytics plugin's slice: whether events go out, and how many did. */
export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState: initialAnalyticsState,
  reducers: {
    enabled(state) {
      state.status = 'enabled'
      state.reason = undefined
    },
    disabled(state, action: PayloadAction<AnalyticsOffReason>) {
      state.status = 'disabled'
      state.reason = action.payload
    },
    eventSent(state) {
      state.sent += 1
    },
    /** Any plugin may dispatch this to send an event: `analyticsActions.eventTracked({ event })`. */
    eventTracked(_state, _action: PayloadAction<TrackedEvent>) {},
  },
})

export const analyticsActions = analyticsSlice.actions

/** The type of the action that sends an event, for matching it; dispatch it with `analyticsActions.eventTracked`. */
export const EVENT_TRACKED = analyticsActions.eventTracked.type

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    analytics: AnalyticsState
  }
}

/** The slice, read from the store's state (absent until the plugin is set up). */
export function selectAnalytics(state: PorticoState): AnalyticsState {
  return state.analytics ?? initialAnalyticsState
}
