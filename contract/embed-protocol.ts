import { PRODUCT_ID } from './product'

/*
 * The embed's wire between the host page (the snippet, /embed.js) and the product inside its iframe
 * (spec 1 §4, 2 §7 'Parent window events'). Plain TypeScript on purpose: the snippet must stay a few KB,
 * so nothing here may import zod. Both sides post only to the exact origin of the other (never '*') and
 * ignore any message whose origin (and, in the parent, whose source window) is not the other side's.
 */

/** Every message type carries the product's prefix: '{product}:text-exhausted' and so on. */
export const embedMessageType = <N extends string>(name: N) => `${PRODUCT_ID}:${name}` as const

export const EMBED_MESSAGES = {
  /** iframe to parent: the product has started; the parent may now send 'opened' / 'closed'. */
  ready: embedMessageType('ready'),
  /** iframe to parent: the content's preferred height in CSS pixels (inline layout grows with it). */
  resize: embedMessageType('resize'),
  /** iframe to parent: the visitor closed the panel (bubble layout's close button). */
  close: embedMessageType('close'),
  /** iframe to parent: the visitor expanded (true) or collapsed (false) the bubble's panel (spec 2 §2). */
  expand: embedMessageType('expand'),
  /** iframe to parent: the per-configuration text limit was reached (replaces the paywall). */
  textExhausted: embedMessageType('text-exhausted'),
  /** iframe to parent: the per-configuration voice limit was reached (replaces the paywall). */
  voiceExhausted: embedMessageType('voice-exhausted'),
  /** parent to iframe: the bubble's panel opened (the product focuses its prompt). */
  opened: embedMessageType('opened'),
  /** parent to iframe: the bubble's panel closed. */
  closed: embedMessageType('closed'),
} as const

/** What the iframe tells the parent. */
export type EmbedChildMessage =
  | { type: typeof EMBED_MESSAGES.ready; configId: string }
  | { type: typeof EMBED_MESSAGES.resize; configId: string; height: number }
  | { type: typeof EMBED_MESSAGES.close; configId: string }
  | { type: typeof EMBED_MESSAGES.expand; configId: string; expanded: boolean }
  | { type: typeof EMBED_MESSAGES.textExhausted; configId: string }
  | { type: typeof EMBED_MESSAGES.voiceExhausted; configId: string }

/** What the parent tells the iframe. */
export type EmbedParentMessage =
  | { type: typeof EMBED_MESSAGES.opened }
  | { type: typeof EMBED_MESSAGES.closed }

const CHILD_TYPES: ReadonlySet<string> = new Set([
  EMBED_MESSAGES.ready,
  EMBED_MESSAGES.resize,
  EMBED_MESSAGES.close,
  EMBED_MESSAGES.expand,
  EMBED_MESSAGES.textExhausted,
  EMBED_MESSAGES.voiceExhausted,
])
const PARENT_TYPES: ReadonlySet<string> = new Set([EMBED_MESSAGES.opened, EMBED_MESSAGES.closed])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A message from the iframe, checked by shape (the caller checks origin and source first). */
export function readChildMessage(data: unknown): EmbedChildMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !CHILD_TYPES.has(data.type)) return null
  if (typeof data.configId !== 'string' || data.configId.length === 0 || data.configId.length > 100)
    return null
  if (data.type === EMBED_MESSAGES.resize) {
    const height = data.height
    if (typeof height !== 'number' || !Number.isFinite(height) || height < 0 || height > 10_000) return null
    return { type: EMBED_MESSAGES.resize, configId: data.configId, height: Math.round(height) }
  }
  if (data.type === EMBED_MESSAGES.expand) {
    if (typeof data.expanded !== 'boolean') return null
    return { type: EMBED_MESSAGES.expand, configId: data.configId, expanded: data.expanded }
  }
  return { type: data.type, configId: data.configId } as EmbedChildMessage
}

/** A message from the parent, checked by shape (the caller checks origin first). */
export function readParentMessage(data: unknown): EmbedParentMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !PARENT_TYPES.has(data.type)) return null
  return { type: data.type } as EmbedParentMessage
}

/**
 * An origin as browsers write it ('https://creator.example', 'http://localhost:5174'): scheme, host and
 * an optional port, nothing else. The same rule checks a configuration's allowed origins and the parent
 * origin the snippet passes to the iframe.
 */
export function normaliseOrigin(input: string): string | null {
  const value = input.trim()
  if (!/^https?:\/\/[^/?#\s]+$/i.test(value)) return null
  try {
    const url = new URL(value)
    if (url.username || url.password) return null
    // Letters, digits, hyphens and dots (punycode for other scripts), or an IPv6 address: never a ';' or ','
    // that would end or extend the CSP directive the origin goes into, nor a '*' (issue #27).
    if (!/^(\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*)$/.test(url.hostname)) return null
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}

/** The embed's layouts: inline in a container of the host page, or a bubble in a corner opening a panel. */
export const EMBED_LAYOUTS = ['inline', 'bubble'] as const
export type EmbedLayoutName = (typeof EMBED_LAYOUTS)[number]

/**
 * Where the product runs in an iframe: `/embed/{target}/{configId}` plus the embed-relative path of spec 1
 * §2 'Embed link translation' ('' or '/', '/overview', '/conversation/{id}', '/call', '/video'). The target
 * is the clone's slug, or 'instanceSlug@cloneSlug' for an instance (as the memberships page reads it).
 */
export const EMBED_PREFIX = '/embed'

export const embedTarget = (cloneSlug: string, instanceSlug?: string | null) =>
  instanceSlug ? `${instanceSlug}@${cloneSlug}` : cloneSlug

export function parseEmbedTarget(target: string): { cloneSlug: string; instanceSlug: string | null } | null {
  const value = target.trim()
  if (!value) return null
  const at = value.indexOf('@')
  if (at === -1) return { cloneSlug: value, instanceSlug: null }
  const instanceSlug = value.slice(0, at)
  const cloneSlug = value.slice(at + 1)
  if (!instanceSlug || !cloneSlug || cloneSlug.includes('@')) return null
  return { cloneSlug, instanceSlug }
}

/** The embed root of a configuration: '/embed/{target}/{configId}'. */
export const embedRoot = (target: string, configId: string) =>
  `${EMBED_PREFIX}/${encodeURIComponent(target)}/${encodeURIComponent(configId)}`

/** The query the snippet adds to the iframe's first address: who the parent is, and the layout it shows. */
export const EMBED_QUERY = { parent: 'parent', layout: 'layout' } as const

/**
 * The header the product sends on its API requests while running in an iframe: the configuration's id.
 * The server checks it (an existing configuration of the clone asked) and marks conversations the request
 * starts with medium EMBED (spec 1 §3 'Conversation'); anything else in it is ignored.
 */
export const EMBED_CONFIG_HEADER = `x-${PRODUCT_ID}-embed` as const
