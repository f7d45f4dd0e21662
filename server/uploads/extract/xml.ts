import { ExtractError, UNREADABLE_TEXT } from './limits'

/** What a reader does with the tags and text of an XML part; `name` is the tag's local name (no prefix). */
export interface XmlHandler {
  open?(name: string, attrs: string, selfClosing: boolean): void
  close?(name: string): void
  text?(text: string): void
  /** True once the reader has what it needs: the rest of the part is not read. */
  done?(): boolean
}

/** A tag, comment or text run longer than this is malformed (a document's are far shorter). */
const MAX_PENDING = 1024 * 1024
/** Deeper nesting than any real document: refused rather than followed. */
const MAX_DEPTH = 2048

/**
 * A small, tolerant, streaming walk over XML text (issue #15: malformed XML is refused with a clear error,
 * never a crash or a hang). It scans with indexOf and one pass per tag, no backtracking regular
 * expressions, and checks that tags nest and close, so a broken part throws ExtractError(UNREADABLE_TEXT).
 */
export function walkXml(chunks: Iterable<string>, handler: XmlHandler): void {
  const stack: string[] = []
  let sawRoot = false
  let buf = ''
  for (const chunk of chunks) {
    buf += chunk
    let pos = 0
    while (pos < buf.length) {
      const lt = buf.indexOf('<', pos)
      if (lt === -1) {
        // Text runs on into the next chunk; keep an unfinished entity with it.
        const amp = buf.lastIndexOf('&')
        const keepFrom =
          amp >= pos && buf.indexOf(';', amp) === -1 && buf.length - amp < 16 ? amp : buf.length
        if (keepFrom > pos) handler.text?.(decodeXmlEntities(buf.slice(pos, keepFrom)))
        pos = keepFrom
        break
      }
      if (lt > pos) handler.text?.(decodeXmlEntities(buf.slice(pos, lt)))
      pos = lt
      const end = markupEnd(buf, lt)
      if (end === -1) {
        if (buf.length - lt > MAX_PENDING) throw malformed()
        break
      }
      const markup = buf.slice(lt, end)
      pos = end
      if (markup.startsWith('<![CDATA[')) handler.text?.(markup.slice(9, -3))
      else if (markup.startsWith('<!') || markup.startsWith('<?')) {
        // comments, the declaration and a doctype carry no text
      } else if (markup.startsWith('</')) {
        const name = localName(markup.slice(2, -1).trim())
        if (stack.pop() !== name) throw malformed()
        handler.close?.(name)
      } else {
        const selfClosing = markup.endsWith('/>')
        const inner = markup.slice(1, selfClosing ? -2 : -1)
        const nameEnd = inner.search(/[\s/]|$/)
        const name = localName(inner.slice(0, nameEnd))
        if (name === '' || (sawRoot && stack.length === 0)) throw malformed()
        sawRoot = true
        if (!selfClosing) {
          if (stack.length >= MAX_DEPTH) throw malformed()
          stack.push(name)
        }
        handler.open?.(name, inner.slice(nameEnd), selfClosing)
        if (selfClosing) handler.close?.(name)
      }
      if (handler.done?.()) return
    }
    buf = buf.slice(pos)
    if (buf.length > MAX_PENDING) throw malformed()
    if (handler.done?.()) return
  }
  if (!sawRoot || stack.length > 0 || buf.includes('<')) throw malformed()
}

function malformed(): ExtractError {
  return new ExtractError(UNREADABLE_TEXT)
}

/** Where the markup starting at `lt` ends (just past its '>'), or -1 if it is not complete in `buf`. */
function markupEnd(buf: string, lt: number): number {
  const closer = buf.startsWith('<!--', lt)
    ? '-->'
    : buf.startsWith('<![CDATA[', lt)
      ? ']]>'
      : buf.startsWith('<?', lt)
        ? '?>'
        : null
  if (closer) {
    const at = buf.indexOf(closer, lt + 2)
    return at === -1 ? -1 : at + closer.length
  }
  // A '>' inside a quoted attribute value does not end the tag.
  let quote = ''
  for (let i = lt + 1; i < buf.length; i++) {
    const c = buf[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '>') return i + 1
    else if (c === '<') throw malformed()
  }
  return -1
}

function localName(qualified: string): string {
  return qualified.slice(qualified.indexOf(':') + 1)
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
}

/** '&amp;', '&#233;', '&#x1F600;' decoded; an unknown entity is kept as written. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{1,8});/g, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return XML_ENTITIES[name] ?? entity
  })
}

/** The value of attribute `name` (qualified as written, e.g. 'r:id') in a tag's attribute text. */
export function xmlAttr(attrs: string, name: string): string | undefined {
  let at = 0
  while (true) {
    at = attrs.indexOf(name, at)
    if (at === -1) return undefined
    const before = at === 0 ? ' ' : attrs[at - 1]
    let i = at + name.length
    while (attrs[i] === ' ' || attrs[i] === '\t' || attrs[i] === '\n' || attrs[i] === '\r') i++
    if (/\s/.test(before ?? '') && attrs[i] === '=') {
      i++
      while (attrs[i] === ' ' || attrs[i] === '\t' || attrs[i] === '\n' || attrs[i] === '\r') i++
      const quote = attrs[i]
      if (quote === '"' || quote === "'") {
        const close = attrs.indexOf(quote, i + 1)
        if (close !== -1) return decodeXmlEntities(attrs.slice(i + 1, close))
      }
    }
    at += name.length
  }
}
