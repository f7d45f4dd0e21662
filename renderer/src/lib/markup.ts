/*
 * What a clone's message may render (spec 1 §9 'Allowed message markup tags'). Messages are markdown,
 * parsed by markdown-to-jsx into React elements (ui/MessageMarkup.tsx): never HTML strings,
 * never dangerouslySetInnerHTML. HTML inside a message is parsed too, but only the allowed tags become
 * elements, and never with an attribute from the message except a safe href on <a>. Script-like elements
 * are dropped with their content; any other tag leaves only its content.
 */

export const ALLOWED_MARKUP_TAGS = [
  'p',
  'a',
  'i',
  'em',
  'br',
  'b',
  'strong',
  'ul',
  'ol',
  'li',
  'hr',
  'code',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'span',
] as const
export type MarkupTag = (typeof ALLOWED_MARKUP_TAGS)[number]

/** Elements dropped together with everything inside them. */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'plaintext',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
  'head',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'button',
  'img',
  'video',
  'audio',
  'source',
  'picture',
  'canvas',
] as const

/** Tags that never have children. */
export const VOID_MARKUP_TAGS: ReadonlySet<string> = new Set(['br', 'hr'])

const ALLOWED: ReadonlySet<string> = new Set(ALLOWED_MARKUP_TAGS)
const DROPPED: ReadonlySet<string> = new Set(DROPPED_WITH_CONTENT)

export const isAllowedMarkupTag = (tag: string): tag is MarkupTag => ALLOWED.has(tag.toLowerCase())
export const isDroppedWithContent = (tag: string): boolean => DROPPED.has(tag.toLowerCase())

const ABSOLUTE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:'])
/** Only to resolve app-relative links: never shown, never requested. */
const RELATIVE_BASE = 'https://app.invalid'

/**
 * A link a message may carry, normalised, or undefined: http(s), mailto and tel addresses, and the app's
 * own relative links ('/lena-hart/talk'). 'javascript:', 'data:', 'vbscript:', protocol-relative
 * ('//host'), other relative forms ('page', '../x') and malformed addresses are refused.
 */
export function safeHref(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined
  const value = raw.trim()
  // Browsers ignore tabs and newlines inside URLs ('java\tscript:'): refuse any control character outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return undefined
  if (value.startsWith('/')) {
    // One leading slash: a path of this app. '//host' and '/\host' would leave it.
    if (value[1] === '/' || value[1] === '\\' || value.includes('\\')) return undefined
    let url: URL
    try {
      url = new URL(value, RELATIVE_BASE)
    } catch {
      return undefined
    }
    return url.origin === RELATIVE_BASE ? `${url.pathname}${url.search}${url.hash}` : undefined
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (!ABSOLUTE_PROTOCOLS.has(url.protocol)) return undefined
  if ((url.protocol === 'http:' || url.protocol === 'https:') && (url.username || url.password))
    return undefined
  return url.href
}

/** A safe href that stays in the app (opens in place); the others leave it (a new tab, or the system's app). */
export const isAppLink = (href: string): boolean => href.startsWith('/')
