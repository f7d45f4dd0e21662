import { describe, expect, it } from 'vitest'
import {
  isAppNavigation,
  isNeverCached,
  isRuntimeCachedFont,
  isRuntimeCachedImage,
  NAVIGATION_DENYLIST,
} from '../../../pwa/src/routing-rules'

const origin = 'https://likeness.test'
const url = (path: string) => new URL(path, origin)

describe('what the service worker never caches', () => {
  const never = [
    '/api',
    '/api/clones/lena-hart',
    '/api/clone/talk/messages/stream',
    '/api/auth/sign-in',
    '/api/affiliate/lena-hart',
    '/dev/outbox',
    '/dev',
    '/auth/callback?code=1',
  ]
  for (const path of never) {
    it(`never caches ${path}, nor answers it as a navigation`, () => {
      expect(isNeverCached(url(path), origin)).toBe(true)
      expect(isAppNavigation(url(path), origin)).toBe(false)
      expect(NAVIGATION_DENYLIST.some((re) => re.test(path))).toBe(true)
      expect(isRuntimeCachedImage({ url: url(path), method: 'GET', destination: 'image' }, origin)).toBe(
        false,
      )
      expect(isRuntimeCachedFont({ url: url(path), method: 'GET', destination: 'font' }, origin)).toBe(false)
    })
  }

  it('does not confuse lookalike app routes with the API', () => {
    expect(isNeverCached(url('/apiary'), origin)).toBe(false)
    expect(isNeverCached(url('/developer-clone'), origin)).toBe(false)
    expect(isAppNavigation(url('/apiary'), origin)).toBe(true)
    expect(isAppNavigation(url('/developer-clone/talk'), origin)).toBe(true)
  })
})

describe('navigation fallback', () => {
  it('answers app routes with the shell', () => {
    for (const path of [
      '/',
      '/explore',
      '/lena-hart',
      '/lena-hart/clinic',
      '/lena-hart/talk?message=hello',
      '/lena-hart/talk/conversation/3f2b',
      '/memberships/clinic@lena-hart?origin=https%3A%2F%2Fx.test%2Fa.b',
    ]) {
      expect(isAppNavigation(url(path), origin), path).toBe(true)
    }
  })

  it('never answers embed pages (their framing policy is per configuration), but keeps lookalikes', () => {
    for (const path of [
      '/embed',
      '/embed/lena-hart/3f2b',
      '/embed/clinic@lena-hart/3f2b/overview?parent=x',
    ]) {
      expect(isAppNavigation(url(path), origin), path).toBe(false)
    }
    expect(isAppNavigation(url('/embedded-clone'), origin)).toBe(true)
  })

  it('leaves media and files to the network', () => {
    for (const path of [
      '/media/lena.jpg',
      '/media',
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-512.png',
    ]) {
      expect(isAppNavigation(url(path), origin), path).toBe(false)
    }
  })

  it('never answers other origins', () => {
    expect(isAppNavigation(new URL('https://evil.example/explore'), origin)).toBe(false)
    expect(isNeverCached(new URL('https://evil.example/api/x'), origin)).toBe(false)
  })
})

describe('runtime caches', () => {
  it('keeps clone images and fonts, same-origin or https', () => {
    expect(
      isRuntimeCachedImage({ url: url('/media/lena.jpg'), method: 'GET', destination: 'image' }, origin),
    ).toBe(true)
    expect(
      isRuntimeCachedImage(
        { url: new URL('https://images.example/portrait.png'), method: 'GET', destination: 'image' },
        origin,
      ),
    ).toBe(true)
    expect(
      isRuntimeCachedFont({ url: url('/assets/inter.woff2'), method: 'GET', destination: 'font' }, origin),
    ).toBe(true)
  })

  it('ignores other methods, destinations and insecure hosts', () => {
    expect(
      isRuntimeCachedImage({ url: url('/media/lena.jpg'), method: 'POST', destination: 'image' }, origin),
    ).toBe(false)
    expect(
      isRuntimeCachedImage({ url: url('/media/lena.jpg'), method: 'GET', destination: '' }, origin),
    ).toBe(false)
    expect(
      isRuntimeCachedImage(
        { url: new URL('http://images.example/portrait.png'), method: 'GET', destination: 'image' },
        origin,
      ),
    ).toBe(false)
  })
})
