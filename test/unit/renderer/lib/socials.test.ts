import { describe, expect, it } from 'vitest'
import type { Socials } from '../../../../contract/clone'
import { hasSocialLinks, socialLinks, urlLink } from '../../../../renderer/src/lib/socials'

const none: Socials = {
  instagram: null,
  linkedin: null,
  twitter: null,
  facebook: null,
  youtube: null,
  website: null,
  extras: [],
}

describe('socialLinks', () => {
  it('builds the handle links of spec 1 §2', () => {
    const links = socialLinks({
      ...none,
      instagram: '@lenahart',
      linkedin: 'lena-hart',
      twitter: 'lenahart',
      facebook: 'lena.hart',
      youtube: '@LenaHartSleeps',
    })
    expect(links.map(({ kind, display, href }) => ({ kind, display, href }))).toEqual([
      { kind: 'instagram', display: 'instagram.com/lenahart', href: 'https://instagram.com/lenahart' },
      { kind: 'linkedin', display: 'linkedin.com/in/lena-hart', href: 'https://linkedin.com/in/lena-hart' },
      { kind: 'twitter', display: 'twitter.com/lenahart', href: 'https://twitter.com/lenahart' },
      { kind: 'facebook', display: 'facebook.com/lena.hart', href: 'https://facebook.com/lena.hart' },
      {
        kind: 'youtube',
        display: 'youtube.com/@LenaHartSleeps',
        href: 'https://youtube.com/@LenaHartSleeps',
      },
    ])
  })

  it('accepts a full profile URL instead of a handle', () => {
    const [link] = socialLinks({ ...none, instagram: 'https://www.instagram.com/lenahart/' })
    expect(link).toMatchObject({
      display: 'www.instagram.com/lenahart/',
      href: 'https://www.instagram.com/lenahart/',
    })
  })

  it('shows extras and website as host plus path, adding https:// and omitting a bare /', () => {
    const links = socialLinks({
      ...none,
      website: 'lenahart.example.com',
      extras: ['http://podcast.example.com/episodes', 'https://shop.example.com/'],
    })
    expect(links.map(({ kind, display, href }) => ({ kind, display, href }))).toEqual([
      { kind: 'extra', display: 'podcast.example.com/episodes', href: 'http://podcast.example.com/episodes' },
      { kind: 'extra', display: 'shop.example.com', href: 'https://shop.example.com/' },
      { kind: 'website', display: 'lenahart.example.com', href: 'https://lenahart.example.com/' },
    ])
  })

  it('expands lists and hides empty entries', () => {
    const links = socialLinks({
      ...none,
      twitter: ['a', '  ', 'b'],
      website: ['', 'example.com/x'],
      extras: [''],
    })
    expect(links.map((l) => l.display)).toEqual(['twitter.com/a', 'twitter.com/b', 'example.com/x'])
  })

  it('shows an unparsable URL as given, without a link', () => {
    expect(urlLink('website', 'not a url')).toEqual({ kind: 'website', display: 'not a url', href: null })
    expect(urlLink('extra', 'javascript:alert(1)')).toMatchObject({ href: null })
    expect(urlLink('extra', 'ftp://files.example.com/a')).toMatchObject({ href: null })
  })
})

describe('hasSocialLinks', () => {
  it('is false when every social is empty', () => {
    expect(hasSocialLinks(none)).toBe(false)
    expect(hasSocialLinks({ ...none, instagram: '', twitter: [], extras: ['  '] })).toBe(false)
  })

  it('is true with one non-empty entry', () => {
    expect(hasSocialLinks({ ...none, extras: ['example.com'] })).toBe(true)
  })
})
