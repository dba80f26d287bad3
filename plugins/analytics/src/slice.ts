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

/** Event data another plugin can send through the store: `dispatch({ type: 'analytics/eventTracked', payload })`. */
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
    /** Any plugin may dispatch this to send an event (no import of this plugin needed). */
    eventTracked(_state, _action: PayloadAction<TrackedEvent>) {},
  },
})

export const analyticsActions = analyticsSlice.actions

/** The type of the action any plugin dispatches to send an event. */
export const EVENT_TRACKED = analyticsActions.eventTracked.type

declare module '@portico/contracts/plugin' {
  interface LazyLoadedSlices {
    analytics: AnalyticsState
  }
}

/** The slice, read from any state (absent until the plugin is set up). */
export function selectAnalytics(state: unknown): AnalyticsState {
  return (state as { analytics?: AnalyticsState }).analytics ?? initialAnalyticsState
}
