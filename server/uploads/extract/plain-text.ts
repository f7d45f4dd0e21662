// No imports: the reader process (extract-worker.ts) loads this for EPUB chapters, and stays small.

/**
 * The characters of a text file's bytes (issue #27): UTF-8 unless a byte-order mark says UTF-16 (a Windows
 * Notepad .txt) or the bytes look like UTF-16 without one (NUL in every other byte of the first kilobyte).
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  const head = bytes.subarray(0, 1024)
  let evenNul = 0
  let oddNul = 0
  for (let i = 0; i < head.length; i++) if (head[i] === 0) i % 2 === 0 ? evenNul++ : oddNul++
  const pairs = head.length / 2
  if (pairs >= 2 && oddNul > pairs * 0.6 && evenNul < pairs * 0.1)
    return new TextDecoder('utf-16le').decode(bytes)
  if (pairs >= 2 && evenNul > pairs * 0.6 && oddNul < pairs * 0.1)
    return new TextDecoder('utf-16be').decode(bytes)
  return new TextDecoder('utf-8').decode(bytes)
}

/**
 * Text as it can be stored and shown: no NUL (PostgreSQL refuses it in text: the read failed at every
 * restart, issue #27) and no other control characters but tab and line breaks.
 */
export function storableText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
}

/** The readable text of a text-like file: html without tags, subtitles without cue numbers and timings. */
export function plainText(raw: string, extension: string): string {
  if (extension === 'html') return htmlText(raw)
  if (extension === 'srt') return subtitleText(raw)
  return raw.trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The visible text of an html page: scripts, styles and comments dropped, tags removed, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|section|article|header|footer|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' '
  }
  return ENTITIES[name.toLowerCase()] ?? entity
}

/** 'Subtitles (srt)': cue numbers and '00:00:01,000 --> 00:00:04,000' lines carry no words. */
function subtitleText(srt: string): string {
  return srt
    .split(/\r?\n/)
    .filter((line) => !/^\s*\d+\s*$/.test(line) && !/-->/.test(line))
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
