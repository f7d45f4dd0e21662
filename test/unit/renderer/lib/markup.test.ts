import { describe, expect, it } from 'vitest'
import {
  ALLOWED_MARKUP_TAGS,
  isAllowedMarkupTag,
  isAppLink,
  isDroppedWithContent,
  safeHref,
} from '../../../../renderer/src/lib/markup'

/*
 * The message markup policy (spec 1 §9); how messages render with it is in
 * test/unit/renderer/ui/MessageMarkup.test.tsx.
 */

describe('allowed tags', () => {
  it('are exactly the spec list', () => {
    expect([...ALLOWED_MARKUP_TAGS].sort()).toEqual(
      ['p', 'a', 'i', 'em', 'br', 'b', 'strong', 'ul', 'ol', 'li', 'hr', 'code', 'pre']
        .concat(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span'])
        .sort(),
    )
    expect(isAllowedMarkupTag('STRONG')).toBe(true)
    for (const tag of ['div', 'img', 'u', 'table', 'script', 'iframe', 'svg', 'form', 'input']) {
      expect(isAllowedMarkupTag(tag)).toBe(false)
    }
  })

  it('drop script-like and embedding elements with their content', () => {
    for (const tag of ['script', 'SCRIPT', 'style', 'iframe', 'object', 'embed', 'template', 'svg', 'math']) {
      expect(isDroppedWithContent(tag)).toBe(true)
    }
    for (const tag of ['div', 'u', 'p', 'a']) expect(isDroppedWithContent(tag)).toBe(false)
  })
})

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a?b=c', 'http://example.com/a?b=c'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
    ['  https://example.com/x  ', 'https://example.com/x'],
    // The app's own pages.
    ['/relative/path', '/relative/path'],
    ['/lena-hart/talk?message=hi#top', '/lena-hart/talk?message=hi#top'],
  ])('allows %s', (raw, href) => {
    expect(safeHref(raw)).toBe(href)
  })

  it.each([
    'javascript:alert(1)',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'vbscript:x',
    'data:text/html;base64,xx',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    '//evil.example',
    '/\\evil.example',
    '/\\/evil.example',
    'relative/page',
    '../up',
    'ftp://example.com',
    'file:///etc/passwd',
    'https://user:secret@example.com/',
    '',
    null,
    undefined,
  ])('refuses %s', (raw) => {
    expect(safeHref(raw)).toBeUndefined()
  })

  it('tells the app’s own links from those that leave it', () => {
    expect(isAppLink(safeHref('/lena-hart')!)).toBe(true)
    expect(isAppLink(safeHref('https://example.com/')!)).toBe(false)
    expect(isAppLink(safeHref('mailto:a@b.co')!)).toBe(false)
  })
})
