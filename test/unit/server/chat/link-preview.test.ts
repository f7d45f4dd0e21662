import { describe, expect, it } from 'vitest'
import {
  CARD_TTL_MS,
  createLinkPreviewCards,
  escapeXml,
  LINK_PREVIEW_CACHE_SIZE,
  renderLinkPreview,
  wrapWords,
} from '../../../../server/chat/link-preview'

describe('link preview card', () => {
  it('escapes XML specials and drops characters XML forbids', () => {
    expect(escapeXml(`<a href="x" onclick='y'>&</a>\u0000\u0007`)).toBe(
      '&lt;a href=&quot;x&quot; onclick=&apos;y&apos;&gt;&amp;&lt;/a&gt;',
    )
    expect(escapeXml('lone \uD800 surrogate, pair 😀 kept')).toBe('lone  surrogate, pair 😀 kept')
  })

  it('wraps a long title into at most three lines, ending with an ellipsis', () => {
    const lines = wrapWords('one two three four five six seven eight nine ten eleven twelve', 10, 3)
    expect(lines).toHaveLength(3)
    expect(lines.every((l) => [...l].length <= 10)).toBe(true)
    expect(lines[2]!.endsWith('…')).toBe(true)
    expect(wrapWords('short title', 10, 3)).toEqual(['short', 'title'])
  })

  it('is a 1200x630 SVG with host, path and title, and no markup from the URL', () => {
    const svg = renderLinkPreview(
      new URL('https://www.example.com/a%20b/<img src=x>'),
      'Title with <script>alert(1)</script> & more',
    )
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/)
    expect(svg).toContain('>example.com<')
    expect(svg).toContain('/a b/')
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<img')
    expect(svg).toContain('&lt;script&gt;')
  })
})

describe('link preview card cache', () => {
  const card = (n: number) => ({ svg: `<svg>${n}</svg>`, etag: `"${n}"` })

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cache = createLinkPreviewCards(2)
    cache.set('a', card(1))
    cache.set('b', card(2))
    expect(cache.get('a')).toEqual(card(1))
    cache.set('c', card(3))
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')).toEqual(card(1))
    expect(cache.get('c')).toEqual(card(3))
    expect(cache.size).toBe(2)
  })

  it(`draws a card again after ${CARD_TTL_MS / 60_000} minutes, and holds ${LINK_PREVIEW_CACHE_SIZE} by default`, () => {
    let now = 1_000
    const cache = createLinkPreviewCards(undefined, undefined, { now: () => now })
    expect(cache.max).toBe(LINK_PREVIEW_CACHE_SIZE)
    cache.set('a', card(1))
    now += CARD_TTL_MS - 1
    expect(cache.get('a')).toEqual(card(1))
    // Reading does not extend a card's life: a title changed in the meantime shows within the TTL.
    now += 2
    expect(cache.get('a')).toBeUndefined()
  })
})
