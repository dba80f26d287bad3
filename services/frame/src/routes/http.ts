import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'
import { FrameErrorSchema, FrameProblem } from '../errors.js'

/** Small helpers shared by the route modules: documented response shapes, the client IP and the bearer token. */

export const errorContent = (description: string) => ({ description, content: { 'application/json': { schema: FrameErrorSchema } } })
export const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } })
export const jsonOk = <T>(schema: T, description: string) => ({ 200: { description, content: { 'application/json': { schema } } } })
export const htmlContent = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' as const } } } })

/** The client IP: the socket's peer, or the last X-Forwarded-For hop when a trusted proxy sets it. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean)
    if (hops.length > 0) return hops[hops.length - 1]
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    return 'unknown' // app.request() in-process: no socket
  }
}

/** The bearer token of the Authorization header, or a 401 problem. */
export function bearerToken(c: Context): string {
  const match = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')
  if (!match) throw new FrameProblem(401, 'INVALID_TOKEN', 'Send the access token as Authorization: Bearer <token>.')
  return match[1]
}
