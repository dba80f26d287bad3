import { createRoute, z } from '@hono/zod-openapi'
import { ApiProblem } from '../errors.js'
import { errorResponses, jsonOk, named } from '../openapi.js'
import type { App, RouteDeps } from './context.js'

const ProjectOriginsParamsSchema = z.object({
  projectId: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'must be 1 to 128 of A-Z a-z 0-9 . _ -'),
})

/** The allowed origins of a project (normalised origins, `*` for any). */
export const ProjectOriginsResponseSchema = named(
  z.object({ projectId: z.string(), allowedOrigins: z.array(z.string()) }),
  'ProjectOrigins',
)

const projectOrigins = createRoute({
  method: 'get',
  path: '/v1/projects/{projectId}/origins',
  tags: ['Projects'],
  summary: "A project's allowed origins (public; the login frame sets its CSP frame-ancestors from it)",
  description:
    'No origin check: the list is public anyway (the frame page sends it in its Content-Security-Policy). Cached by the service for 5 s.',
  request: { params: ProjectOriginsParamsSchema },
  responses: {
    ...jsonOk(ProjectOriginsResponseSchema, 'The allowed origins'),
    400: errorResponses[400],
    404: errorResponses[404],
  },
})

/** Registers the public project routes. */
export function registerProjectRoutes(app: App, deps: RouteDeps) {
  app.openapi(projectOrigins, async (c) => {
    const { projectId } = c.req.valid('param')
    const project = await deps.projects.get(projectId)
    if (!project)
      throw new ApiProblem(404, 'NOT_FOUND', `No project ${JSON.stringify(projectId)}`, [{ name: 'projectId', description: 'Unknown project id' }])
    return c.json({ projectId: project.id, allowedOrigins: project.allowedOrigins }, 200)
  })
}
