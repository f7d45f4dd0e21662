import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from './errors'

/*
 * Text the database cannot store must never reach it: PostgreSQL text and jsonb refuse the NUL character
 * (U+0000), and jsonb refuses a UTF-16 surrogate without its pair. JSON and percent-encoding carry both
 * happily, so every request is checked here, once, before any route's own validation: path params, query
 * string and body, at any depth, keys included. Routes added later are covered without doing anything.
 */

export const NUL_TEXT = 'must not contain NUL characters'
export const BROKEN_UNICODE_TEXT = 'must be valid Unicode text'

/** In unicode mode a paired surrogate is one code point above U+FFFF: only a lone one matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u

/** Why a string cannot be stored, or null. */
function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return NUL_TEXT
  if (LONE_SURROGATE.test(text)) return BROKEN_UNICODE_TEXT
  return null
}

/** Raw bytes (upload parts) and streams are not text; every other object is walked, whatever its prototype. */
const isBinary = (value: object) =>
  ArrayBuffer.isView(value) ||
  value instanceof ArrayBuffer ||
  typeof (value as { pipe?: unknown }).pipe === 'function'

/**
 * The first unstorable string in a parsed value (keys included), as a dotted path and a reason; null when
 * all are fine. Iterative: a body may nest thousands of levels deep.
 */
export function findUnstorableText(root: unknown): { field: string; problem: string } | null {
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next
    if (typeof value === 'string') {
      const problem = problemOf(value)
      if (problem) return { field: path, problem }
      continue
    }
    if (typeof value !== 'object' || value === null || isBinary(value)) continue
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [String(i), item])
      : Object.entries(value)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!
      const keyProblem = problemOf(key)
      if (keyProblem) return { field: path, problem: keyProblem }
      pending.push({ value: item, path: path ? `${path}.${key}` : key })
    }
  }
  return null
}

const PARTS = [
  ['params', (r: FastifyRequest) => r.params],
  ['querystring', (r: FastifyRequest) => r.query],
  ['body', (r: FastifyRequest) => r.body],
] as const

/** Refuses (400, the server's error shape) any request carrying text the database cannot store. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, read] of PARTS) {
      const found = findUnstorableText(read(request))
      if (found) {
        // Deep nesting makes long paths: the start is enough to find the field.
        const path = found.field.length > 120 ? `${found.field.slice(0, 120)}...` : found.field
        const field = path ? `${path}: ` : ''
        throw badRequest(`Invalid ${where}: ${field}${found.problem}`)
      }
    }
  })
}
