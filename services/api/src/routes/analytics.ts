import { createRoute } from '@hono/zod-openapi'
import { AnalyticsEventSchema, AnalyticsIngestResponseSchema, AnalyticsQuerySchema } from '@portico/contracts/api'
import { errorResponses, jsonOk, named, projectErrors } from '../openapi.js'
import { type App, type RouteDeps, authorize } from './context.js'

const ingest = createRoute({
  method: 'post',
  path: '/e',
  tags: ['Analytics'],
  summary: 'Stores one analytics event (idempotent per eventId)',
  request: {
    query: AnalyticsQuerySchema,
    body: { required: true, content: { 'application/json': { schema: named(AnalyticsEventSchema, 'AnalyticsEvent') } } },
  },
  responses: {
    ...jsonOk(named(AnalyticsIngestResponseSchema, 'AnalyticsIngestResponse'), 'Outcome'),
    ...projectErrors,
    413: errorResponses[413],
    415: errorResponses[415],
  },
})

/** Registers the analytics ingest route. */
export function registerAnalyticsRoutes(app: App, deps: RouteDeps) {
  app.openapi(ingest, async (c) => {
    const query = c.req.valid('query')
    const event = c.req.valid('json')
    const origin = c.req.header('origin')
    const project = await authorize(deps, c, query.projectId)
    if (!project.analyticsEnabled) return c.json(AnalyticsIngestResponseSchema.parse({ status: 'ignored' }), 200)
    const rows = await deps.db.query(
      `insert into analytics_events
         (project_id, event_id, event, url, domain, event_time, props, sdk_type, sdk_version, client_id, origin)
       values ($1, $2, $3, $4, $5, to_timestamp($6::float8 / 1000), $7, $8, $9, $10, $11)
       on conflict (project_id, event_id) do nothing
       returning event_id`,
      [
        project.id,
        event.eventId,
        event.props.event,
        event.url,
        event.domain,
        event.timestamp,
        JSON.stringify(event.props),
        query.st,
        query.sv,
        query.clientId ?? null,
        origin ?? null,
      ],
    )
    return c.json(AnalyticsIngestResponseSchema.parse({ status: rows.length > 0 ? 'stored' : 'duplicate' }), 200)
  })
}
