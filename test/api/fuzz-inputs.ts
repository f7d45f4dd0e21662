import fc from 'fast-check'
import { type ZodType, z } from 'zod'

/*
 * Request inputs for the API fuzz suite (test/api/fuzz.test.ts), generated from the zod schemas the routes
 * declare. Each schema becomes a JSON Schema (z.toJSONSchema) and each node an arbitrary that is mostly
 * valid, so requests get past validation into the handlers and the database, with nasty values mixed in at
 * every level: NUL and lone surrogates inside otherwise valid strings, huge strings, wrong types, extra
 * keys, deep nesting. Values the database knows (the seed's slugs, a conversation the session owns...) are
 * offered by property name, so handlers get past their "not found" answers too.
 */

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
}

/** Real values by property name (slug, conversationId, shareId...), filled from the suite's fixtures. */
export type KnownValues = Record<string, readonly unknown[]>

const LONG = 'x'.repeat(70_000)

/** Strings that have broken servers: control characters, broken UTF-16, injection and path tricks. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0000'.repeat(64),
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '\uffff\ufffe',
    '\u202egnp.exe',
    '',
    ' ',
    '\t\r\n',
    '%00',
    '%',
    "'; drop table users; --",
    '\\',
    '"',
    '../../../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '__proto__',
    'constructor',
    'null',
    'NaN',
    '-1',
    '1e309',
    '💩'.repeat(40),
    'ﷺ'.repeat(200),
    LONG,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
)

/** A value of any JSON type, including deep nesting, where the schema wants something else. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), [], {}, ''),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 400 }).map((depth) => nested(depth)),
)

/** `depth` arrays inside each other, with a NUL string at the bottom. */
const nested = (depth: number): unknown => {
  let value: unknown = ['\u0000']
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

/** Puts `inserted` somewhere inside `s` (the start, the end or between two UTF-16 units). */
const inside = (s: string, inserted: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.nat({ max: s.length }), inserted)
    .map(([at, piece]) => `${s.slice(0, at)}${piece}${s.slice(at)}`)

const brokenUnicode = fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0000\ud83d')

const dateTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString())

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 200, 300)
  const minLength = Math.min(schema.minLength ?? 0, maxLength)
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.format === 'date-time') return dateTime
  if (schema.format === 'email') return fc.emailAddress()
  if (schema.format === 'uri' || schema.format === 'url') return fc.webUrl({ withQueryParameters: true })
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      // A pattern JavaScript cannot read falls through to plain strings.
    }
  }
  return fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
    fc.string({ minLength, maxLength }),
    fc.constantFrom('hello', 'How do I sleep better?', 'lena@likeness.test'),
  )
}

/** What a string node generates: known values, valid strings, valid strings with a NUL inside, nasty ones. */
function stringArb(schema: JsonSchema, known: readonly unknown[]): fc.Arbitrary<unknown> {
  const valid = validString(schema)
  const options: fc.WeightedArbitrary<unknown>[] = [
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: valid.chain((s) => inside(s, brokenUnicode)) },
    { weight: 1, arbitrary: nastyString },
    { weight: 1, arbitrary: wrongType },
  ]
  if (known.length > 0) {
    const knownArb = fc.constantFrom(...known)
    options.push(
      { weight: 10, arbitrary: knownArb },
      {
        weight: 1,
        arbitrary: knownArb.chain((v) => (typeof v === 'string' ? inside(v, brokenUnicode) : fc.constant(v))),
      },
    )
  }
  return fc.oneof(...options)
}

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1e6)
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1e6)
  const lo = Math.max(min, Number.MIN_SAFE_INTEGER)
  const hi = Math.min(max, Number.MAX_SAFE_INTEGER)
  const valid = integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true })
  return fc.oneof(
    { weight: 12, arbitrary: valid },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi, lo - 1, hi + 1, 0.5, -0, 1e308) },
    { weight: 1, arbitrary: fc.oneof(nastyString, wrongType) },
  )
}

/** Extra keys a schema does not name, the prototype-pollution ones included. */
const extraKeys = fc.dictionary(
  fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', '\u0000', 'id', 'userId'), fc.string()),
  fc.oneof(nastyString, wrongType),
  { maxKeys: 3 },
)

function objectArb(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const names = Object.keys(properties)
  const record = fc.record(
    Object.fromEntries(names.map((name) => [name, valueArb(properties[name]!, known, name, depth + 1)])),
    // Optional keys come and go; required ones are usually there (and sometimes missing).
    { requiredKeys: names.filter((n) => required.has(n)) },
  )
  const dropOne = record.chain((value) => {
    const keys = Object.keys(value as object)
    if (keys.length === 0) return fc.constant(value)
    return fc.constantFrom(...keys).map((k) => {
      const { [k]: _dropped, ...rest } = value as Record<string, unknown>
      return rest
    })
  })
  return fc.oneof(
    { weight: 12, arbitrary: record },
    { weight: 1, arbitrary: dropOne },
    {
      weight: 1,
      arbitrary: fc.tuple(record, extraKeys).map(([value, extra]) => ({ ...extra, ...(value as object) })),
    },
    { weight: 1, arbitrary: wrongType },
  )
}

/** An arbitrary for one schema node; `name` is the property it sits under (for known values). */
export function valueArb(
  schema: JsonSchema,
  known: KnownValues,
  name?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const knownHere = name ? (known[name] ?? []) : []
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueArb(s, known, name, depth)))
  if (schema.allOf?.length) return valueArb(schema.allOf[0]!, known, name, depth)
  if ('const' in schema)
    return fc.oneof({ weight: 12, arbitrary: fc.constant(schema.const) }, stringArb({}, []))
  if (schema.enum)
    return fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...schema.enum) }, stringArb({}, []))
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return stringArb(schema, knownHere)
    case 'integer':
    case 'number': {
      const numbers = numberArb(schema, type === 'integer')
      return knownHere.length ? fc.oneof(fc.constantFrom(...knownHere), numbers) : numbers
    }
    case 'boolean':
      return fc.oneof({ weight: 12, arbitrary: fc.boolean() }, wrongType)
    case 'null':
      return fc.constant(null)
    case 'array': {
      const items = schema.items ? valueArb(schema.items, known, name, depth + 1) : fc.jsonValue()
      const maxLength = Math.min(schema.maxItems ?? 4, 4) + 1
      return fc.oneof(
        { weight: 8, arbitrary: fc.array(items, { minLength: schema.minItems ?? 0, maxLength }) },
        wrongType,
      )
    }
    case 'object':
      return depth > 6 ? wrongType : objectArb(schema, known, depth)
    default:
      // No type (any): anything JSON, or a known value.
      return knownHere.length
        ? fc.oneof(fc.constantFrom(...knownHere), fc.jsonValue({ maxDepth: 2 }))
        : fc.jsonValue({ maxDepth: 2 })
  }
}

/** The JSON Schema of a route's zod schema (input side), or undefined when there is none to read. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  // The contract's schemas are zod/mini's, which are not classic ZodTypes: both are $ZodTypes of zod's core.
  if (!(schema instanceof z.core.$ZodType)) return undefined
  try {
    return z.toJSONSchema(schema as ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema
  } catch {
    return {}
  }
}

/**
 * A whole request body: usually one generated from the schema, sometimes something else entirely (no
 * body, another JSON type, deep nesting, a body just under or over the size limit, broken JSON).
 */
export type RawBody = { kind: 'json'; value: unknown } | { kind: 'raw'; payload: string; contentType: string }

export function bodyArb(
  schema: JsonSchema | undefined,
  known: KnownValues,
): fc.Arbitrary<RawBody | undefined> {
  const fromSchema = schema
    ? valueArb(schema, known).map((value): RawBody => ({ kind: 'json', value }))
    : fc.jsonValue({ maxDepth: 3 }).map((value): RawBody => ({ kind: 'json', value }))
  const other = fc.oneof(
    fc.constant(undefined),
    wrongType.map((value): RawBody => ({ kind: 'json', value })),
    fc.constantFrom<RawBody>(
      { kind: 'raw', payload: '{"a":', contentType: 'application/json' },
      { kind: 'raw', payload: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: 'application/json' },
      { kind: 'raw', payload: `{"text":"${'y'.repeat(1_100_000)}"}`, contentType: 'application/json' },
      { kind: 'raw', payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
      { kind: 'raw', payload: '{"text":"\\u0000"}', contentType: 'application/json' },
      { kind: 'raw', payload: '{"text":"\\ud800"}', contentType: 'application/json' },
      { kind: 'raw', payload: 'hello\u0000', contentType: 'text/plain' },
      { kind: 'raw', payload: 'a=%00&b=%ED%A0%80', contentType: 'application/x-www-form-urlencoded' },
      { kind: 'raw', payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x' },
      { kind: 'raw', payload: 'garbage', contentType: 'multipart/form-data; boundary=x' },
      { kind: 'raw', payload: 'garbage', contentType: 'multipart/form-data' },
      {
        kind: 'raw',
        payload: '--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nabc',
        contentType: 'multipart/form-data; boundary=x',
      },
      {
        kind: 'raw',
        payload:
          '--x\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nconsumer\r\n--x\r\n' +
          'Content-Disposition: form-data; name="files"; filename="\u0000.png"\r\n\r\n\u0000\r\n--x--\r\n',
        contentType: 'multipart/form-data; boundary=x',
      },
    ),
  )
  return fc.oneof({ weight: 9, arbitrary: fromSchema }, { weight: 1, arbitrary: other })
}

/** Percent-encodes what encodeURIComponent can, and lone surrogates as the (invalid) bytes of a surrogate. */
export function encodeLoosely(value: string): string {
  let out = ''
  for (const ch of value) {
    try {
      out += encodeURIComponent(ch)
    } catch {
      out += '%ED%A0%80'
    }
  }
  return out
}

/** Broken percent-encoding for paths and query strings, sent as is. */
export const rawUrlPiece = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '..%2F..',
)

/** A query string from a generated object: repeated keys for arrays, JSON for objects, raw pieces at times. */
export function queryStringArb(schema: JsonSchema | undefined, known: KnownValues): fc.Arbitrary<string> {
  const values = schema ? valueArb(schema, known) : fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 })
  return fc.oneof(
    { weight: 8, arbitrary: values.map(toQueryString) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(values.map(toQueryString), fc.constantFrom('slug', 'url', 'to', 'cursor', 'x'), rawUrlPiece)
        .map(([q, key, raw]) => `${q}${q ? '&' : ''}${key}=${raw}`),
    },
  )
}

function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : `q=${encodeLoosely(String(value))}`
  }
  const parts: string[] = []
  for (const [key, v] of Object.entries(value)) {
    const list = Array.isArray(v) ? v : [v]
    for (const item of list) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)
      parts.push(`${encodeLoosely(key)}=${encodeLoosely(text)}`)
    }
  }
  return parts.join('&')
}

/** Fills a route's `:param` and `*` segments from generated values (encoded, or raw broken pieces). */
export function pathArb(
  url: string,
  schema: JsonSchema | undefined,
  known: KnownValues,
): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!)
  const hasWildcard = url.endsWith('*')
  if (names.length === 0 && !hasWildcard) return fc.constant(url)
  const properties = schema?.properties ?? {}
  const segment = (name: string) =>
    fc.oneof(
      { weight: 9, arbitrary: valueArb(properties[name] ?? { type: 'string' }, known, name) },
      { weight: 1, arbitrary: rawUrlPiece.map((raw) => ({ raw })) },
    )
  const wildcard = fc.oneof(
    fc.constantFrom(
      '',
      'index.html',
      'lena-hart',
      'lena-hart/talk',
      '..%2F..%2Fpackage.json',
      '%00',
      'a%00.js',
    ),
    fc.array(nastyString.map(encodeLoosely), { maxLength: 3 }).map((parts) => parts.join('/')),
  )
  return fc.tuple(fc.tuple(...names.map(segment)), wildcard).map(([values, rest]) => {
    let path = url
    names.forEach((name, i) => {
      const v = values[i]
      const text =
        typeof v === 'object' && v !== null && 'raw' in v
          ? String((v as { raw: string }).raw)
          : encodeLoosely(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))
      path = path.replace(`:${name}`, text === '' ? '%20' : text)
    })
    return hasWildcard ? `${path.slice(0, -1)}${rest}` : path
  })
}
