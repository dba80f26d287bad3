export { analytics, default, type AnalyticsParameters } from '../plugin.js'
export { AnalyticsConfigSchema, AnalyticsIngestSchema, createAnalyticsQueue, SKIPPED_EVENTS, type AnalyticsDeps, type AnalyticsQueue, type AnalyticsQueueOptions } from '../queue.js'
export { analyticsActions, analyticsSlice, EVENT_TRACKED, initialAnalyticsState, selectAnalytics, type AnalyticsOffReason, type AnalyticsState, type TrackedEvent } from '../slice.js'
export { analyticsMessages } from '../messages.js'
