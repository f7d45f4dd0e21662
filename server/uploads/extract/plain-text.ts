// No imports: the document worker thread (extract-worker.ts) loads this for EPUB chapters, and stays small.

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
