import { z } from 'zod'
import { CommonQuerySchema } from './common.js'

/* Analytics ingest (SPEC §7): POST /e with the SDK properties in the query. */

/** Query of POST /e. */
export const AnalyticsQuerySchema = CommonQuerySchema
/** Query of POST /e. */
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>

/**
 * Body of POST /e: one event. `timestamp` is milliseconds since the epoch; `props` holds the event data (at least
 * its `event` name) plus the connected `address`, and may carry more keys.
 */
export const AnalyticsEventSchema = z.object({
  eventId: z.string().min(1, 'eventId is required').max(128),
  url: z.string().max(2048, 'url is too long'),
  domain: z.string().max(255, 'domain is too long'),
  timestamp: z.number().int().nonnegative().max(8_640_000_000_000_000, 'timestamp is out of range'),
  props: z.looseObject({
    type: z.string().max(64).optional(),
    event: z.string().min(1, 'props.event is required').max(128),
    address: z.string().max(128).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
  }),
})
/** An analytics event. */
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>

/**
 * POST /e response: `stored`, `duplicate` (same eventId already stored; retries are safe) or `ignored` (the
 * project has analytics disabled).
 */
export const AnalyticsIngestResponseSchema = z.object({ status: z.enum(['stored', 'duplicate', 'ignored']) })
/** Analytics ingest response. */
export type AnalyticsIngestResponse = z.infer<typeof AnalyticsIngestResponseSchema>
