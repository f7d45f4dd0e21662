import { describe, expect, it } from 'vitest'
import { shareStrings } from '../../../../../renderer/src/features/share/share.strings'
import {
  SHARE_ROW_PLATFORMS,
  shareTarget,
  UnknownSharePlatformError,
} from '../../../../../renderer/src/features/share/share-links'

const content = {
  url: 'https://likeness.example/lena-hart/talk/conversation/shared/AbC_12-xyz',
  text: 'Check out my conversation with Dr. Lena Hart & co',
}

const hrefOf = (platform: string, c = content) => {
  const target = shareTarget(platform, c)
  if (target.kind !== 'link') throw new Error(`no link for ${platform}`)
  return new URL(target.href)
}

describe('shareTarget (spec 1 §2 share row, §7 share links)', () => {
  it('LinkedIn: the share-article link with the url and a title', () => {
    const href = hrefOf('linkedin')
    expect(`${href.origin}${href.pathname}`).toBe('https://www.linkedin.com/shareArticle')
    expect(href.searchParams.get('mini')).toBe('true')
    expect(href.searchParams.get('url')).toBe(content.url)
    expect(href.searchParams.get('title')).toBe(content.text)
  })

  it('X/Twitter: the tweet intent with text, url and the product handle', () => {
    const href = hrefOf('twitter')
    expect(`${href.origin}${href.pathname}`).toBe('https://twitter.com/intent/tweet')
    expect(href.searchParams.get('text')).toBe(content.text)
    expect(href.searchParams.get('url')).toBe(content.url)
    expect(href.searchParams.get('via')).toBe('likeness')
  })

  it('Facebook: the sharer with the url', () => {
    const href = hrefOf('facebook')
    expect(`${href.origin}${href.pathname}`).toBe('https://www.facebook.com/sharer/sharer.php')
    expect(href.searchParams.get('u')).toBe(content.url)
  })

  it('WhatsApp: wa.me with the text followed by the url', () => {
    const href = hrefOf('whatsapp')
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/')
    expect(href.searchParams.get('text')).toBe(`${content.text} ${content.url}`)
  })

  it('email: mailto with a subject and a body holding the link', () => {
    const target = shareTarget('email', { ...content, subject: 'A conversation' })
    expect(target.kind).toBe('link')
    const href = (target as { href: string }).href
    expect(href.startsWith('mailto:?')).toBe(true)
    const params = new URLSearchParams(href.slice('mailto:?'.length))
    expect(params.get('subject')).toBe('A conversation')
    expect(params.get('body')).toBe(`${content.text}\n\n${content.url}`)
    // Spaces are %20, never '+', which mail clients show literally.
    expect(href).not.toContain('+')
  })

  it('Instagram: no link, the spec’s message instead', () => {
    expect(shareTarget('instagram', content)).toEqual({
      kind: 'manual',
      message: shareStrings.instagramUnsupported,
    })
    expect(shareStrings.instagramUnsupported).toBe(
      'Instagram does not support direct URL sharing. Please share manually.',
    )
  })

  it('an unknown platform is an error', () => {
    expect(() => shareTarget('myspace', content)).toThrow(UnknownSharePlatformError)
    expect(() => shareTarget('', content)).toThrow('Unknown share platform: ')
  })

  it('the icon row is X/Twitter, LinkedIn, WhatsApp and email, without Facebook', () => {
    expect([...SHARE_ROW_PLATFORMS]).toEqual(['twitter', 'linkedin', 'whatsapp', 'email'])
  })
})
