import fc from 'fast-check'

/*
 * Request generators for property-based fuzzing, derived from the API's own OpenAPI document (itself generated
 * from the contracts' zod schemas), so the fuzzer follows the routes and shapes the server publishes. Values are
 * mostly valid with a share of hostile ones (wrong types, unstorable strings, deep nesting, huge numbers), so
 * requests get past validation often enough to reach the handlers.
 */

/** A JSON Schema as found in the document (the subset the generators read). */
export interface JsonSchema {
  $ref?: string
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
}

interface Parameter {
  name: string
  in: 'query' | 'path' | 'header' | 'cookie'
  required?: boolean
  schema: JsonSchema
}

interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
}

/** One generated request. */
export interface FuzzRequest {
  method: string
  /** Path with its query string. */
  path: string
  /** The documented path template, for reports. */
  template: string
  body?: string
}

/** Strings that probe storage and parsing: NUL, lone surrogates, brackets, huge digits, unicode. */
const hostileString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '[[[[[[[[',
  '{"a":',
  '0x10',
  '1e309',
  '-0',
  '9'.repeat(400),
  '%00',
  '../../etc/passwd',
  "'; drop table projects; --",
  'ü🙂ｗ',
  ' ',
)

/** JSON text nested 5,000 levels deep. */
const DEEP = `${'['.repeat(5_000)}${']'.repeat(5_000)}`

/** Any JSON value, including nested and hostile ones. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
  fc.constant(JSON.parse(`${'['.repeat(40)}${']'.repeat(40)}`)),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, 2 ** 31),
)

const resolve = (schema: JsonSchema, doc: unknown): JsonSchema => {
  if (!schema.$ref) return schema
  const parts = schema.$ref.replace(/^#\//, '').split('/')
  let node: unknown = doc
  for (const part of parts) node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  return resolve(node as JsonSchema, doc)
}

/** A string arbitrary honouring length and pattern most of the time. */
function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.min(schema.maxLength ?? 40, 80)
  const plain = fc.string({ minLength, maxLength: Math.max(minLength, maxLength) })
  if (schema.pattern) {
    // stringMatching ignores length bounds: the server's own messages cover those.
    const matching = fc.stringMatching(new RegExp(schema.pattern))
    return fc.oneof({ weight: 6, arbitrary: matching }, { weight: 2, arbitrary: plain }, { weight: 1, arbitrary: hostileString })
  }
  return fc.oneof({ weight: 6, arbitrary: plain }, { weight: 1, arbitrary: hostileString })
}

function numberFrom(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e6
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e6
  const inRange = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  return fc.oneof({ weight: 6, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0.5, -0) })
}

/**
 * A value for `schema`: valid most of the time, with a share of anything-goes JSON. `depth` bounds recursion in
 * recursive schemas.
 */
export function valueFrom(schema: JsonSchema, doc: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, doc)
  const valid = validFrom(s, doc, depth)
  return fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: anyJson })
}

function validFrom(s: JsonSchema, doc: unknown, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueFrom(a, doc, depth + 1)))
  if (s.allOf && s.allOf.length > 0) return valueFrom(s.allOf[0], doc, depth + 1)
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  if (types.length > 1) return fc.oneof(...types.map((type) => validFrom({ ...s, type }, doc, depth)))
  switch (types[0]) {
    case 'string':
      return stringFrom(s)
    case 'integer':
      return numberFrom(s, true)
    case 'number':
      return numberFrom(s, false)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(s.items ? valueFrom(s.items, doc, depth + 1) : anyJson, {
            minLength: s.minItems ?? 0,
            maxLength: Math.min(s.maxItems ?? 5, 5),
          })
    case 'object': {
      if (depth > 4) return fc.constant({})
      const properties = Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, valueFrom(v, doc, depth + 1)]))
      const record = fc.record(properties, { requiredKeys: (s.required ?? []).filter((k) => k in properties) })
      if (s.additionalProperties === false) return record
      const extra = fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 })
      return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }))
    }
    default:
      return anyJson
  }
}

/** Query and path values travel as text: objects become JSON, the rest String(). */
const asText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value))

/** Percent-encodes text; lone surrogates (which encodeURIComponent refuses) become U+FFFD as a browser would send. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, (c, i: number, all: string) => {
  const code = c.charCodeAt(0)
  const pairedHigh = code < 0xdc00 && /[\udc00-\udfff]/.test(all[i + 1] ?? '')
  const pairedLow = code >= 0xdc00 && /[\ud800-\udbff]/.test(all[i - 1] ?? '')
  return pairedHigh || pairedLow ? c : '\ufffd'
}))

/**
 * Requests for every operation of the document. `fixed` pins some query parameters most of the time (a project id
 * that exists, so requests get past authorization); they are still sometimes dropped or replaced.
 */
export function requestsFrom(doc: { paths: Record<string, Record<string, Operation>> }, fixed: Record<string, string> = {}) {
  return fc.oneof(...requestsPerOperation(doc, fixed))
}

/** One arbitrary per operation of the document (see `requestsFrom`), in the document's order. */
export function requestsPerOperation(doc: { paths: Record<string, Record<string, Operation>> }, fixed: Record<string, string> = {}): fc.Arbitrary<FuzzRequest>[] {
  const operations = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
  )
  return operations.map(({ template, method, operation }) => {
      const parameters = operation.parameters ?? []
      const pathParams = parameters.filter((p) => p.in === 'path')
      const queryParams = parameters.filter((p) => p.in === 'query')
      const pathArb = fc.tuple(...pathParams.map((p) => valueFrom(p.schema, doc)))
      const queryArb = fc.tuple(
        ...queryParams.map((p) => {
          const value = p.name in fixed ? fc.oneof({ weight: 8, arbitrary: fc.constant(fixed[p.name] as unknown) }, { weight: 2, arbitrary: valueFrom(p.schema, doc) }) : valueFrom(p.schema, doc)
          // Optional parameters are often left out, required ones rarely.
          return fc.option(value, { freq: p.required ? 20 : 2, nil: undefined })
        }),
      )
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema
      const bodyArb = bodySchema
        ? fc.oneof(
            {
              weight: 9,
              arbitrary: fc.tuple(valueFrom(bodySchema, doc), fc.boolean()).map(([value, pin]) => {
                // A body that names a project (the price request) gets the pinned one half of the time.
                const named = pin && value !== null && typeof value === 'object' && !Array.isArray(value) && 'projectId' in value
                return JSON.stringify(named && fixed.projectId ? { ...value, projectId: fixed.projectId } : value)
              }),
            },
            { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', `{"a":${DEEP}}`) },
            {
              // Deep nesting where the schema allows anything (analytics properties). Kept as text: a 5,000-deep
              // value would overflow fast-check's own printing and shrinking.
              weight: 1,
              arbitrary: valueFrom(bodySchema, doc).map((v) => JSON.stringify(v).replace('"properties":{', `"properties":{"deep":${DEEP},`)),
            },
          )
        : fc.constant(undefined)
      const extraArb = fc.option(fc.tuple(fc.stringMatching(/^[a-z_]{1,8}$/), fc.string({ maxLength: 8 })), { freq: 5, nil: undefined })
      return fc.tuple(pathArb, queryArb, bodyArb, extraArb).map(([pathValues, queryValues, body, extra]): FuzzRequest => {
        let path = template
        pathParams.forEach((p, i) => {
          // `.` and `..` are dot segments, which URL parsing removes even percent-encoded: not a value a path can carry.
          const text = asText(pathValues[i]).replace(/^\.{1,2}$/, '$&x')
          path = path.replace(`{${p.name}}`, encode(text) || '%20')
        })
        const query = queryParams
          .map((p, i) => (queryValues[i] === undefined ? null : `${encode(p.name)}=${encode(asText(queryValues[i]))}`))
          .filter((q): q is string => q !== null)
        if (extra) query.push(`${encode(extra[0])}=${encode(extra[1])}`)
        return { method, template, path: query.length > 0 ? `${path}?${query.join('&')}` : path, body }
      })
    })
}
