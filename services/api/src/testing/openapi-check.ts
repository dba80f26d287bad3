import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS; under NodeNext its default import is the module object in some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void

/** The parts of an OpenAPI document the checker reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>
}

/** A response as {@link OpenApiChecker.check} sees it. */
export interface CheckedResponse {
  status: number
  contentType: string | null
  body: unknown
}

/**
 * Validates responses against an OpenAPI 3.1 document: the route and status must be documented, and a JSON body
 * must satisfy the documented schema (JSON Schema 2020-12, `$ref`s resolved inside the document). Tests run every
 * response through it, so the published document cannot drift from what the server sends.
 */
export class OpenApiChecker {
  private readonly ajv: Ajv2020
  private readonly routes: { method: string; template: string; pattern: RegExp }[]
  private readonly compiled = new Map<string, ValidateFunction>()

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true })
    addFormats(this.ajv)
    this.ajv.addFormat('binary', true)
    this.ajv.addSchema(doc as object, 'openapi.json')
    this.routes = Object.entries(doc.paths).flatMap(([template, methods]) =>
      Object.keys(methods).map((method) => ({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    )
  }

  /** The documented route template for a concrete method and path, or undefined. */
  route(method: string, path: string): string | undefined {
    return this.routes.find((r) => r.method === method.toLowerCase() && r.pattern.test(path))?.template
  }

  /** Throws with a readable message when the response is not what the document promises. */
  check(method: string, path: string, response: CheckedResponse): void {
    const template = this.route(method, path)
    if (!template) throw new Error(`${method} ${path} is not in the OpenAPI document`)
    const operation = this.doc.paths[template][method.toLowerCase()]
    const status = String(response.status)
    const documented = operation.responses?.[status] ?? operation.responses?.default
    if (!documented) throw new Error(`${method} ${template}: status ${status} is not documented`)
    const mediaTypes = Object.keys(documented.content ?? {})
    if (mediaTypes.length === 0) return
    const mediaType = (response.contentType ?? '').split(';')[0].trim()
    if (!mediaTypes.includes(mediaType))
      throw new Error(`${method} ${template} ${status}: content type ${mediaType} not in ${mediaTypes.join(', ')}`)
    if (mediaType !== 'application/json') return
    const pointer = `openapi.json#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status in (operation.responses ?? {}) ? status : 'default'}/content/${mediaType.replace(/\//g, '~1')}/schema`
    let validate = this.compiled.get(pointer)
    if (!validate) {
      validate = this.ajv.compile({ $ref: pointer })
      this.compiled.set(pointer, validate)
    }
    if (!validate(response.body)) {
      throw new Error(
        `${method} ${template} ${status}: body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${String(JSON.stringify(response.body)).slice(0, 2000)}`,
      )
    }
  }
}

/** Something that answers Fetch API requests: a Hono app, or a wrapper around a real server. */
export interface FetchTarget {
  request(input: string, init?: RequestInit): Response | Promise<Response>
}

/**
 * A request helper that checks every response against the server's own /openapi.json before handing it back, with
 * the body parsed (JSON) or as text.
 */
export async function createCheckedClient(target: FetchTarget) {
  const docResponse = await target.request('/openapi.json')
  if (docResponse.status !== 200) throw new Error(`GET /openapi.json answered ${docResponse.status}`)
  const doc = (await docResponse.json()) as OpenApiDocument
  const checker = new OpenApiChecker(doc)
  return {
    doc,
    checker,
    async request(path: string, init: RequestInit = {}) {
      const response = await target.request(path, init)
      const contentType = response.headers.get('content-type')
      const text = await response.text()
      const body: unknown = contentType?.includes('application/json') && text ? JSON.parse(text) : text
      const url = new URL(path, 'http://checker.invalid')
      checker.check(init.method ?? 'GET', url.pathname, { status: response.status, contentType, body })
      return { status: response.status, headers: response.headers, body: body as any, text }
    },
  }
}
