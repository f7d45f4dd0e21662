/**
 * spec 1 §7 'Link preview' (GET /api/og): an image for a website citation. The server has no
 * internet access, so instead of fetching the page's own og:image it draws a 1200x630 card from
 * what it knows: the host, the path and, for one of the clone's documents, its title. Every piece
 * of text comes from the request, so all of it is escaped (an SVG opened directly runs scripts).
 */

import { LRUCache } from 'lru-cache'

/** Bounded: every distinct URL asked for costs one entry. */
export const LINK_PREVIEW_CACHE_SIZE = 500
/** A document title may change; a cached card is redrawn after this long. */
export const CARD_TTL_MS = 10 * 60 * 1000

export interface LinkPreviewCard {
  svg: string
  etag: string
}

/**
 * The drawn cards by URL: least recently used leave first past `max`, and a card older than `ttlMs` is drawn
 * again. `clock` is for tests (lru-cache reads performance.now by default).
 */
export function createLinkPreviewCards(
  max = LINK_PREVIEW_CACHE_SIZE,
  ttlMs = CARD_TTL_MS,
  clock?: { now(): number },
): LRUCache<string, LinkPreviewCard> {
  // With a test clock, read it on every check (lru-cache otherwise keeps "now" for a millisecond).
  return new LRUCache<string, LinkPreviewCard>({
    max,
    ttl: ttlMs,
    ...(clock ? { perf: clock, ttlResolution: 0 } : {}),
  })
}

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630
const TITLE_LINE_CHARS = 30
const TITLE_MAX_LINES = 3

/** XML 1.0 'Char': tab, newlines and the printable planes; lone surrogates and most controls are not. */
function isXmlChar(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  )
}

/** XML text and attribute escaping, dropping characters XML 1.0 forbids (and lone surrogates). */
export function escapeXml(text: string): string {
  return [...text]
    .filter(isXmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

export function truncate(text: string, max: number): string {
  const chars = [...text]
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
}

/** Greedy word wrap into at most `maxLines` lines; the last line ends with '…' when text is left over. */
export function wrapWords(text: string, lineChars: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ''
  const words = text.split(/\s+/).filter(Boolean)
  for (const [i, word] of words.entries()) {
    const next = line ? `${line} ${word}` : word
    if ([...next].length <= lineChars || !line) {
      line = truncate(next, lineChars)
      continue
    }
    lines.push(line)
    line = word
    if (lines.length === maxLines) {
      lines[maxLines - 1] = truncate(`${lines[maxLines - 1]} ${words.slice(i).join(' ')}`, lineChars)
      return lines
    }
  }
  if (line) lines.push(line)
  return lines
}

/** The path as a person reads it: percent-escapes decoded when valid, query kept short. */
function readablePath(url: URL): string {
  let path = `${url.pathname}${url.search}`
  try {
    path = decodeURI(path)
  } catch {
    // Keep the encoded form: it is still escaped below.
  }
  return path === '/' ? '' : path
}

export function renderLinkPreview(url: URL, title: string | null): string {
  const bareHost = url.hostname.replace(/^www\./, '')
  const host = escapeXml(truncate(bareHost, 40))
  const initial = escapeXml([...bareHost][0]?.toUpperCase() ?? '?')
  const path = escapeXml(truncate(readablePath(url), 70))
  const titleLines = title ? wrapWords(title, TITLE_LINE_CHARS, TITLE_MAX_LINES).map(escapeXml) : []
  const titleText = titleLines
    .map((line, i) => `<tspan x="80" dy="${i === 0 ? 0 : 66}">${line}</tspan>`)
    .join('')
  const titleY = 300 - (titleLines.length - 1) * 33
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" role="img" aria-label="${host}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f2937"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs>
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>
<rect x="80" y="80" width="72" height="72" rx="16" fill="#6366f1"/>
<text x="116" y="130" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="40" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>
<text x="176" y="130" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="40" font-weight="600" fill="#e5e7eb">${host}</text>
${titleLines.length > 0 ? `<text x="80" y="${titleY}" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="54" font-weight="700" fill="#ffffff">${titleText}</text>` : ''}
<text x="80" y="${CARD_HEIGHT - 80}" font-family="ui-monospace, SFMono-Regular, Menlo, monospace" font-size="30" fill="#9ca3af">${path}</text>
</svg>
`
}
