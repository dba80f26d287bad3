export { analytics, default, type AnalyticsParameters } from '../plugin.js'
export { createAnalyticsQueue, SKIPPED_EVENTS, type AnalyticsDeps, type AnalyticsQueue, type AnalyticsQueueOptions } from '../queue.js'
export { analyticsSlice, initialAnalyticsState, selectAnalytics, type AnalyticsOffReason, type AnalyticsState, type TrackedEvent } from '../slice.js'
export { analyticsMessages } from '../messages.js'
