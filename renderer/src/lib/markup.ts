import { citationMarkerAt } from './citation-markers'

/*
 * The clone's message markup (spec 1 §9 'Allowed message markup tags'), parsed into a tree that the
 * renderer turns into React elements: never HTML strings, never dangerouslySetInnerHTML.
 *
 * The brain writes markdown-ish text: paragraphs, '- ' bullets, numbered lists, '#' headings, **bold**,
 * *italic*, `code`, fenced code, [links](https://…) and citation markers [1]..[99]. If a message carries
 * HTML, only the allowed tags survive, without attributes except a safe href on <a>; other tags are
 * dropped (script-like ones with their content), and text is always text.
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

export type MarkupNode =
  | { kind: 'text'; text: string }
  | { kind: 'element'; tag: MarkupTag; href?: string; children: MarkupNode[] }
  /** A citation marker '[n]'; the renderer shows a label when the message has citation n, else the raw text. */
  | { kind: 'citation'; index: number; raw: string }

const ALLOWED = new Set<string>(ALLOWED_MARKUP_TAGS)
const VOID_TAGS = new Set(['br', 'hr'])
const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'li', 'hr', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
/** Block-level HTML the sanitiser does not keep, but whose presence means the message is HTML, not markdown. */
const HTML_BLOCK_HINTS = new Set(['div', 'table', 'blockquote', 'section', 'article', 'header', 'footer'])
/** Dropped together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'select',
  'xmp',
]
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

const text = (value: string): MarkupNode => ({ kind: 'text', text: value })
const element = (tag: MarkupTag, children: MarkupNode[] = [], href?: string): MarkupNode =>
  href ? { kind: 'element', tag, href, children } : { kind: 'element', tag, children }

/** An http(s) or mailto address, or undefined: 'javascript:', 'data:', relative and malformed addresses are refused. */
export function safeHref(raw: string | undefined): string | undefined {
  if (!raw) return undefined
  const value = raw.trim()
  // Browsers ignore tabs and newlines inside URLs ('java\tscript:'): refuse any control character outright.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point
  if (!value || /[\u0000-\u001f\u007f]/.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  return SAFE_PROTOCOLS.has(url.protocol) ? url.href : undefined
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** Decodes the common HTML entities; unknown ones stay as written. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
      const valid = Number.isInteger(code) && code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      return valid ? String.fromCodePoint(code) : whole
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole
  })
}

// ---------------------------------------------------------------------------------------------------
// HTML tokens

interface TagToken {
  closing: boolean
  name: string
  attributes: Record<string, string>
  selfClosing: boolean
  length: number
}

const TAG_AT =
  /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/y
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function tagAt(source: string, position: number): TagToken | null {
  TAG_AT.lastIndex = position
  const match = TAG_AT.exec(source)
  if (!match) return null
  const attributes: Record<string, string> = {}
  for (const attr of (match[3] ?? '').matchAll(ATTRIBUTE)) {
    const name = attr[1]?.toLowerCase()
    if (name) attributes[name] = decodeEntities(attr[2] ?? attr[3] ?? attr[4] ?? '')
  }
  return {
    closing: match[1] === '/',
    name: (match[2] ?? '').toLowerCase(),
    attributes,
    selfClosing: match[4] === '/',
    length: match[0].length,
  }
}

/** Removes comments and the elements that are dropped with their content (an unclosed one runs to the end). */
function stripDangerous(source: string): string {
  let out = source.replace(/<!--[\s\S]*?(-->|$)/g, '')
  for (const tag of DROP_WITH_CONTENT) {
    out = out.replace(new RegExp(`<${tag}\\b[\\s\\S]*?(<\\/${tag}\\s*>|$)`, 'gi'), '')
    // A stray closing tag on its own is dropped too.
    out = out.replace(new RegExp(`<\\/${tag}\\s*>`, 'gi'), '')
  }
  return out
}

const HAS_TAG = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^<>]*>/g

function hasBlockHtml(source: string): boolean {
  for (const match of source.matchAll(HAS_TAG)) {
    const name = match[1]?.toLowerCase() ?? ''
    if ((BLOCK_TAGS.has(name) && name !== 'hr') || HTML_BLOCK_HINTS.has(name)) return true
  }
  return false
}

// ---------------------------------------------------------------------------------------------------
// Inline markdown (with inline HTML tags)

interface InlineOptions {
  /** Inside a link label: no nested links or autolinks. */
  inLink?: boolean
}

const isWordChar = (ch: string | undefined) => !!ch && /[\p{L}\p{N}]/u.test(ch)
const isSpace = (ch: string | undefined) => !ch || /\s/.test(ch)

/** The end of an emphasis run opened at `from` with `delimiter`, or -1. */
function closingDelimiter(source: string, from: number, delimiter: string): number {
  let search = from
  while (search < source.length) {
    const at = source.indexOf(delimiter, search)
    if (at < 0) return -1
    const before = source[at - 1]
    const after = source[at + delimiter.length]
    const isDoubleInsideSingle = delimiter.length === 1 && after === delimiter
    if (at > from && !isSpace(before) && !isDoubleInsideSingle) {
      if (delimiter[0] !== '_' || !isWordChar(after)) return at
    }
    search = at + (isDoubleInsideSingle ? 2 : 1)
  }
  return -1
}

const AUTOLINK = /https?:\/\/[^\s<>"'`]+/y
const MARKDOWN_LINK = /\[([^\]\n]+)\]\(([^()\s]+(?:\([^()\s]*\))?[^()\s]*)\)/y

/** Inline markdown and inline HTML tags of one run of text (a paragraph, list item or heading). */
export function parseInline(source: string, options: InlineOptions = {}): MarkupNode[] {
  const nodes: MarkupNode[] = []
  let buffer = ''
  const flush = () => {
    if (buffer) nodes.push(text(decodeEntities(buffer)))
    buffer = ''
  }
  const push = (node: MarkupNode) => {
    flush()
    nodes.push(node)
  }

  let i = 0
  while (i < source.length) {
    const ch = source[i] as string

    if (ch === '\n') {
      push(element('br'))
      i += 1
      continue
    }

    if (ch === '`') {
      const end = source.indexOf('`', i + 1)
      if (end > i + 1) {
        push(element('code', [text(decodeEntities(source.slice(i + 1, end)))]))
        i = end + 1
        continue
      }
    }

    if (ch === '*' || ch === '_') {
      const double = source[i + 1] === ch
      const delimiter = double ? ch + ch : ch
      const opensWord = ch === '*' || !isWordChar(source[i - 1])
      const contentStart = i + delimiter.length
      if (opensWord && !isSpace(source[contentStart])) {
        const end = closingDelimiter(source, contentStart, delimiter)
        if (end > contentStart) {
          push(element(double ? 'strong' : 'em', parseInline(source.slice(contentStart, end), options)))
          i = end + delimiter.length
          continue
        }
      }
    }

    if (ch === '[') {
      if (!options.inLink) {
        MARKDOWN_LINK.lastIndex = i
        const link = MARKDOWN_LINK.exec(source)
        if (link) {
          const href = safeHref(decodeEntities(link[2] ?? ''))
          const label = parseInline(link[1] ?? '', { inLink: true })
          if (href) push(element('a', label, href))
          else {
            flush()
            nodes.push(...label)
          }
          i += link[0].length
          continue
        }
      }
      const marker = citationMarkerAt(source, i)
      if (marker) {
        push({ kind: 'citation', index: marker.index, raw: source.slice(i, i + marker.length) })
        i += marker.length
        continue
      }
    }

    if (ch === 'h' && !options.inLink && !isWordChar(source[i - 1])) {
      AUTOLINK.lastIndex = i
      const found = AUTOLINK.exec(source)
      if (found) {
        // Trailing punctuation belongs to the sentence, not the address.
        const address = found[0].replace(/[.,;:!?)\]]+$/, '')
        const href = safeHref(decodeEntities(address))
        if (href) {
          push(element('a', [text(decodeEntities(address))], href))
          i += address.length
          continue
        }
      }
    }

    if (ch === '<') {
      const tag = tagAt(source, i)
      if (tag) {
        i += tag.length
        if (tag.closing || !ALLOWED.has(tag.name)) continue // a disallowed tag or a stray closing tag is dropped
        if (tag.name === 'br') {
          push(element('br'))
          continue
        }
        if (VOID_TAGS.has(tag.name) || BLOCK_TAGS.has(tag.name)) continue
        const close = findClosingTag(source, i, tag.name)
        const inner = source.slice(i, close?.start ?? source.length)
        const inLink = options.inLink || tag.name === 'a'
        const children = parseInline(inner, { ...options, inLink })
        if (tag.name === 'a') {
          const href = options.inLink ? undefined : safeHref(tag.attributes.href)
          if (href) push(element('a', children, href))
          else {
            flush()
            nodes.push(...children)
          }
        } else {
          push(element(tag.name as MarkupTag, children))
        }
        i = close ? close.end : source.length
        continue
      }
    }

    buffer += ch
    i += 1
  }
  flush()
  return nodes
}

/** The matching closing tag of `name` from `from`, counting nested tags of the same name. */
function findClosingTag(source: string, from: number, name: string): { start: number; end: number } | null {
  const pattern = new RegExp(`<(\\/?)${name}\\b[^<>]*>`, 'gi')
  pattern.lastIndex = from
  let depth = 1
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    if (match[1] === '/') depth -= 1
    else if (!match[0].endsWith('/>')) depth += 1
    if (depth === 0) return { start: match.index, end: match.index + match[0].length }
  }
  return null
}

// ---------------------------------------------------------------------------------------------------
// Markdown blocks

const FENCE = /^\s*```/
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/
const RULE = /^\s*([-*_])(\s*\1){2,}\s*$/
const BULLET = /^\s*[-*+•]\s+(.*)$/
const ORDERED = /^\s*\d{1,9}[.)]\s+(.*)$/

function parseMarkdownBlocks(source: string): MarkupNode[] {
  const lines = source.split('\n')
  const blocks: MarkupNode[] = []
  let paragraph: string[] = []
  let list: { tag: 'ul' | 'ol'; items: string[] } | null = null

  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push(element('p', parseInline(paragraph.join('\n'))))
    paragraph = []
  }
  const flushList = () => {
    if (list)
      blocks.push(
        element(
          list.tag,
          list.items.map((item) => element('li', parseInline(item))),
        ),
      )
    list = null
  }
  const flush = () => {
    flushParagraph()
    flushList()
  }
  const addItem = (tag: 'ul' | 'ol', item: string) => {
    flushParagraph()
    if (list?.tag !== tag) {
      flushList()
      list = { tag, items: [] }
    }
    list.items.push(item)
  }

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string
    if (FENCE.test(line)) {
      flush()
      const code: string[] = []
      i += 1
      while (i < lines.length && !FENCE.test(lines[i] as string)) {
        code.push(lines[i] as string)
        i += 1
      }
      blocks.push(element('pre', [element('code', [text(code.join('\n'))])]))
      continue
    }
    if (!line.trim()) {
      flush()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      const level = (heading[1] ?? '#').length
      blocks.push(element(`h${level}` as MarkupTag, parseInline(heading[2] ?? '')))
      continue
    }
    if (RULE.test(line)) {
      flush()
      blocks.push(element('hr'))
      continue
    }
    const bullet = BULLET.exec(line)
    if (bullet) {
      addItem('ul', bullet[1] ?? '')
      continue
    }
    const ordered = ORDERED.exec(line)
    if (ordered) {
      addItem('ol', ordered[1] ?? '')
      continue
    }
    const openList = list as { tag: 'ul' | 'ol'; items: string[] } | null
    if (openList && /^\s+/.test(line)) {
      // An indented line continues the last list item.
      openList.items[openList.items.length - 1] += `\n${line.trim()}`
      continue
    }
    flushList()
    paragraph.push(line)
  }
  flush()
  return blocks
}

// ---------------------------------------------------------------------------------------------------
// HTML documents

/** A message written in HTML: a small tree builder keeping only the allowed tags. */
function parseHtmlBlocks(source: string): MarkupNode[] {
  const root: MarkupNode[] = []
  const stack: { tag: MarkupTag; children: MarkupNode[] }[] = []
  const current = () => stack.at(-1)?.children ?? root
  let textRun = ''

  const flushText = () => {
    if (textRun) {
      // In HTML, line breaks in text are spaces; the inline parser still finds markdown and markers.
      current().push(...parseInline(textRun.replace(/\s*\n\s*/g, ' ')))
    }
    textRun = ''
  }
  const closeUpTo = (tag: string) => {
    const at = stack.map((s) => s.tag).lastIndexOf(tag as MarkupTag)
    if (at < 0) return
    while (stack.length > at) {
      const open = stack.pop()!
      const node = element(open.tag, open.children)
      current().push(node)
    }
  }

  let i = 0
  while (i < source.length) {
    if (source[i] === '<') {
      const tag = tagAt(source, i)
      if (tag) {
        flushText()
        i += tag.length
        if (!ALLOWED.has(tag.name)) continue
        const name = tag.name as MarkupTag
        if (tag.closing) {
          closeUpTo(name)
          continue
        }
        // Like the browser's parser: a block inside a paragraph closes the paragraph first.
        if (BLOCK_TAGS.has(name) && stack.some((s) => s.tag === 'p')) closeUpTo('p')
        if (name === 'li') {
          const openLi = stack.map((s) => s.tag).lastIndexOf('li')
          const openList = Math.max(
            stack.map((s) => s.tag).lastIndexOf('ul'),
            stack.map((s) => s.tag).lastIndexOf('ol'),
          )
          if (openLi > openList) closeUpTo('li')
        }
        if (VOID_TAGS.has(name)) {
          current().push(element(name))
          continue
        }
        if (tag.selfClosing) continue
        if (name === 'a') {
          const close = findClosingTag(source, i, 'a')
          const inner = source.slice(i, close?.start ?? source.length)
          const children = parseInline(inner.replace(/\s*\n\s*/g, ' '), { inLink: true })
          const href = stack.some((s) => s.tag === 'a') ? undefined : safeHref(tag.attributes.href)
          if (href) current().push(element('a', children, href))
          else current().push(...children)
          i = close ? close.end : source.length
          continue
        }
        if (name === 'pre' || name === 'code') {
          const close = findClosingTag(source, i, name)
          const inner = source.slice(i, close?.start ?? source.length).replace(/<[^<>]*>/g, '')
          current().push(element(name, [text(decodeEntities(inner))]))
          i = close ? close.end : source.length
          continue
        }
        stack.push({ tag: name, children: [] })
        continue
      }
    }
    textRun += source[i]
    i += 1
  }
  flushText()
  while (stack.length > 0) {
    const open = stack.pop()!
    current().push(element(open.tag, open.children))
  }
  return root
}

/** The clone's message text as a tree of allowed elements, text and citation markers. */
export function parseMarkup(source: string): MarkupNode[] {
  const normalised = stripDangerous(source.replace(/\r\n?/g, '\n'))
  return hasBlockHtml(normalised) ? parseHtmlBlocks(normalised) : parseMarkdownBlocks(normalised)
}

/** The plain text of a tree (for tests, hover cards and accessible names). */
export function markupText(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.text
      if (node.kind === 'citation') return node.raw
      if (node.tag === 'br') return '\n'
      return markupText(node.children)
    })
    .join('')
}
