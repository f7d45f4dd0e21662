/** HTML building blocks for the pages the server writes (page-head.ts, prerender.ts). */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Escapes text for an HTML text node or a quoted attribute value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c)

/**
 * JSON for a `<script type="application/json">` block: `<` is written as \u003c, so no string in it can
 * close the script element or open a comment; JSON.parse reads it back unchanged.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const cut = flat.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?]+$/, '')}…`
}

/** A stylesheet's <link> in the web build's pages. */
export const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g
