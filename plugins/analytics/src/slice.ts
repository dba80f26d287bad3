import type { SliceLike } from '@portico/contracts'

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

type Action = { type: string; payload?: any }

/** Action creators of the slice; each action's type is `analytics/<name>`. */
export const analyticsActions = {
  enabled: () => ({ type: 'analytics/enabled' }),
  disabled: (payload: AnalyticsOffReason) => ({ type: 'analytics/disabled', payload }),
  eventSent: () => ({ type: 'analytics/eventSent' }),
  /** Any plugin may dispatch this to send an event (no import of this plugin needed). */
  eventTracked: (payload: TrackedEvent) => ({ type: EVENT_TRACKED, payload }),
}

/** The type of the action any plugin dispatches to send an event. */
export const EVENT_TRACKED = 'analytics/eventTracked'

/** The reducer, by hand: a remote bundles what it imports. */
function reducer(state: AnalyticsState = initialAnalyticsState, action: Action): AnalyticsState {
  switch (action.type) {
    case 'analytics/enabled':
      return { ...state, status: 'enabled', reason: undefined }
    case 'analytics/disabled':
      return { ...state, status: 'disabled', reason: action.payload }
    case 'analytics/eventSent':
      return { ...state, sent: state.sent + 1 }
    default:
      return state
  }
}

/** The analytics plugin's slice: whether events go out, and how many did. */
export const analyticsSlice = { name: 'analytics', reducer } satisfies SliceLike

declare module '@portico/contracts' {
  interface LazyLoadedSlices {
    analytics: AnalyticsState
  }
}

/** The slice, read from any state (absent until the plugin is set up). */
export function selectAnalytics(state: unknown): AnalyticsState {
  return (state as { analytics?: AnalyticsState }).analytics ?? initialAnalyticsState
}
