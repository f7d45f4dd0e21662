import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import Ajv, { type ErrorObject } from 'ajv'

/*
 * The checker of the provider contract tests: the providers' published documents (trimmed, with their source,
 * under test/fixtures/providers/) as JSON schema, every object closed (a field the provider does not list
 * fails), and a local server that records each request a provider client builds.
 */

const FIXTURES = join(__dirname, '../fixtures/providers')

// biome-ignore lint/suspicious/noExplicitAny: provider documents are plain JSON of any shape
export type Json = any

export const providerDocument = (provider: string, file: string): Json =>
  JSON.parse(readFileSync(join(FIXTURES, provider, file), 'utf8'))

/**
 * A schema with every object that lists its properties closed to others (additionalProperties: false), the
 * trimmed parts ({"x-trimmed"}) accepting anything. OpenAPI's `nullable` is kept (Ajv knows it).
 */
export function closed(schema: Json, doc: Json = {}): Json {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, doc))
  if (!schema || typeof schema !== 'object') return schema
  if ('x-trimmed' in schema) return {}
  // OpenAPI 3.0's nullable without a type (Ajv wants one): the schema or null.
  if (schema.nullable === true && schema.type === undefined) {
    const { nullable: _, ...rest } = schema
    return { anyOf: [closed(rest, doc), { type: 'null' }] }
  }
  // allOf of several objects (OpenAI's request = shared properties + its own): one object with all of them,
  // else each part would refuse the others' fields.
  if (Array.isArray(schema.allOf) && schema.allOf.length > 1) {
    const { allOf, ...rest } = schema
    const parts = (allOf as Json[]).map((part) => flatten(part, doc))
    if (parts.every((p) => p && typeof p === 'object' && p.properties)) {
      const merged = {
        ...rest,
        type: 'object',
        properties: Object.assign({}, ...parts.map((p) => p.properties)),
        required: parts.flatMap((p) => p.required ?? []),
      }
      return closed(merged, doc)
    }
  }
  const out: Json = {}
  for (const [k, v] of Object.entries(schema)) {
    // Keyword positions whose values are maps of names to schemas, not schemas.
    if (k === 'properties' || k === 'schemas' || k === 'patternProperties' || k === '$defs') {
      out[k] = Object.fromEntries(Object.entries(v as object).map(([n, s]) => [n, closed(s, doc)]))
    } else out[k] = closed(v, doc)
  }
  // Generated documents use oneOf loosely (Vapi: a model is 'one of' an enum of names or any string): read
  // as anyOf, or every listed name would match both and fail.
  if (out.oneOf) {
    out.anyOf = out.oneOf
    delete out.oneOf
  }
  // NestJS's swagger puts an array's item enum on the array too (Vapi's clientMessages): it is the items'.
  if (out.type === 'array' && Array.isArray(out.enum) && out.items) delete out.enum
  // OpenAPI's nullable admits null whatever the enum says (Ajv checks the enum too).
  if (out.nullable === true && Array.isArray(out.enum) && !out.enum.includes(null))
    out.enum = [...out.enum, null]
  if (out.properties && out.additionalProperties === undefined && !out.allOf && !out.anyOf && !out.oneOf)
    out.additionalProperties = false
  return out
}

/** A schema with its $ref (within the document) and nested allOf resolved into one object, if it is one. */
function flatten(schema: Json, doc: Json): Json {
  if (schema?.$ref) return flatten(deref(doc, schema.$ref), doc)
  if (Array.isArray(schema?.allOf)) {
    const parts = (schema.allOf as Json[]).map((p) => flatten(p, doc))
    return {
      type: 'object',
      properties: Object.assign({}, schema.properties, ...parts.map((p) => p?.properties ?? {})),
      required: [...(schema.required ?? []), ...parts.flatMap((p) => p?.required ?? [])],
    }
  }
  return schema
}

const deref = (doc: Json, ref: string): Json =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc)

const ajvPlain = new Ajv({ strict: false, allErrors: true, validateFormats: false })
/** Form-encoded and multipart values are strings: '1' is a number, 'true' a boolean there. */
const ajvForm = new Ajv({ strict: false, allErrors: true, validateFormats: false, coerceTypes: true })

const cache = new WeakMap<object, Map<string, ReturnType<Ajv['compile']>>>()
/** One compiled validator per schema of a document (compiling a large document takes a while). */
function compiled(doc: Json, schema: Json, form: boolean) {
  const byDoc = cache.get(doc) ?? new Map()
  cache.set(doc, byDoc)
  const key = `${form}:${JSON.stringify(schema)}`
  let validate = byDoc.get(key)
  if (!validate) {
    const root = { allOf: [closed(schema, doc)], components: closed(doc.components ?? {}, doc) }
    validate = (form ? ajvForm : ajvPlain).compile(root)
    byDoc.set(key, validate)
  }
  return validate
}

/** Errors of a value against a schema within a document (its #/components/... references resolve). */
export function schemaErrors(
  doc: Json,
  schema: Json,
  value: unknown,
  { form = false }: { form?: boolean } = {},
): string[] {
  const validate = compiled(doc, schema, form)
  if (validate(value)) return []
  return (validate.errors ?? []).map(describeError)
}

const describeError = (e: ErrorObject) =>
  `${e.instancePath || '/'} ${e.message}${e.keyword === 'additionalProperties' ? `: ${(e.params as { additionalProperty: string }).additionalProperty}` : ''}`

/**
 * The errors worth reading: with anyOf/oneOf, Ajv lists every branch's complaint; the ones naming a field
 * the document does not list, or a wrong type, are what the tests report.
 */
export const unknownFields = (errors: string[]) =>
  errors.filter((e) => e.includes('must NOT have additional'))

/** 'a[b][0][c]' form keys (Stripe's encoding) as nested objects and arrays. */
export function formToObject(entries: Iterable<[string, string]>): Json {
  const root: Json = {}
  for (const [key, value] of entries) {
    const parts = key.replace(/\]/g, '').split('[')
    let node = root
    parts.forEach((part, i) => {
      const last = i === parts.length - 1
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '')
      if (last) node[part] = value
      else node = node[part] ??= nextIsIndex ? [] : {}
    })
  }
  return root
}

/** The OpenAPI operation a method and path name (path templates such as {id} match one segment). */
export function operationOf(doc: Json, method: string, path: string): Json | undefined {
  for (const [template, ops] of Object.entries(doc.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`)
    if (pattern.test(path)) return ops[method.toLowerCase()]
  }
  return undefined
}

export interface CapturedRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: Buffer
  contentType: string
}

/** A request body as the provider reads it: JSON, a form, or multipart (files as '<file>'). */
export async function bodyOf(request: CapturedRequest): Promise<Json> {
  if (request.contentType.startsWith('application/json')) return JSON.parse(request.body.toString('utf8'))
  if (request.contentType.startsWith('application/x-www-form-urlencoded'))
    return [...new URLSearchParams(request.body.toString('utf8'))]
  if (request.contentType.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(request.body), {
      headers: { 'content-type': request.contentType },
    }).formData()
    return Object.fromEntries([...form].map(([k, v]) => [k, typeof v === 'string' ? v : '<file>']))
  }
  return request.body.toString('utf8')
}

type Answer = { status?: number; json?: unknown; body?: string; contentType?: string }

/** A local stand-in of a provider: records every request, answers what `answer` says. */
export class CaptureServer {
  readonly requests: CapturedRequest[] = []
  private server: Server | null = null
  url = ''

  constructor(private readonly answer: (request: CapturedRequest) => Answer) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://local')
        const captured: CapturedRequest = {
          method: req.method ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type'] ?? ''),
        }
        this.requests.push(captured)
        const a = this.answer(captured)
        res.statusCode = a.status ?? 200
        res.setHeader('content-type', a.contentType ?? 'application/json')
        res.end(a.body ?? JSON.stringify(a.json ?? {}))
      })
    })
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this.url
  }

  async stop() {
    await new Promise((resolve) => this.server?.close(resolve))
  }

  take(): CapturedRequest[] {
    return this.requests.splice(0)
  }
}

/**
 * Everything a recorded request breaks of its OpenAPI operation: no such operation, a query parameter the
 * operation does not list or a wrong value, a body field the schema does not list or of the wrong type.
 */
export async function requestErrors(doc: Json, request: CapturedRequest, pathPrefix = ''): Promise<string[]> {
  const path = request.path.slice(pathPrefix.length)
  const op = operationOf(doc, request.method, path)
  if (!op) return [`${request.method} ${path} is no documented operation`]
  const errors: string[] = []
  const params = (op.parameters ?? []).map((p: Json) => (p.$ref ? deref(doc, p.$ref) : p))
  for (const [name, value] of request.query) {
    const param = params.find((p: Json) => p.in === 'query' && p.name === name)
    if (!param) errors.push(`query ${name} is not a documented parameter`)
    else
      errors.push(
        ...schemaErrors(doc, param.schema ?? {}, value, { form: true }).map((e) => `query ${name}: ${e}`),
      )
  }
  const body = request.body.length ? await bodyOf(request) : undefined
  if (body === undefined) return errors
  const media = request.contentType.split(';')[0]?.trim() ?? ''
  const content = op.requestBody?.content?.[media]
  if (!content) return [...errors, `${media} is not a documented request body of ${request.method} ${path}`]
  const value = Array.isArray(body) ? Object.fromEntries(body) : body
  errors.push(...schemaErrors(doc, content.schema, value, { form: media !== 'application/json' }))
  return errors
}
