import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../../renderer/src/app/query-client'
import { createAppRouter } from '../../../../renderer/src/app/router'
import {
  createEmbedRewrite,
  embedHrefOf,
  embedRelativePath,
  productPathOf,
} from '../../../../renderer/src/navigation/embed-rewrite'

const CONFIG = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'
const clone = {
  root: `/embed/lena-hart/${CONFIG}`,
  target: 'lena-hart',
  configId: CONFIG,
  cloneSlug: 'lena-hart',
  instanceSlug: null,
  mainSiteOrigin: 'https://likeness.test',
}
const instance = {
  ...clone,
  root: `/embed/clinic%40lena-hart/${CONFIG}`,
  target: 'clinic@lena-hart',
  instanceSlug: 'clinic',
}

describe('embed addresses to product routes', () => {
  it.each([
    [`/embed/lena-hart/${CONFIG}`, '/'],
    [`/embed/lena-hart/${CONFIG}/`, '/'],
    [`/embed/lena-hart/${CONFIG}/overview`, '/overview'],
    [`/embed/lena-hart/${CONFIG}/conversation/c1`, '/conversation/c1'],
    [`/embed/other/${CONFIG}/call`, null],
    [`/embed/lena-hart/other-config`, null],
    ['/lena-hart/talk', null],
  ])('%s is %s under the root', (pathname, relative) => {
    expect(embedRelativePath(pathname, clone)).toBe(relative)
  })

  it('reads an instance target written with @ or %40', () => {
    expect(embedRelativePath(`/embed/clinic@lena-hart/${CONFIG}/call`, instance)).toBe('/call')
    expect(embedRelativePath(`/embed/clinic%40lena-hart/${CONFIG}/call`, instance)).toBe('/call')
  })

  it.each([
    ['/', '/lena-hart/talk', '/lena-hart/clinic/talk'],
    ['/overview', '/lena-hart', '/lena-hart/clinic'],
    ['/conversation/c1', '/lena-hart/talk/conversation/c1', '/lena-hart/clinic/talk/conversation/c1'],
    ['/call', '/lena-hart/call', '/lena-hart/clinic/call'],
    ['/video', '/lena-hart/video', '/lena-hart/clinic/video'],
    ['/somewhere', null, null],
  ])('%s shows %s (instance: %s)', (relative, forClone, forInstance) => {
    expect(productPathOf(relative, clone)).toBe(forClone)
    expect(productPathOf(relative, instance)).toBe(forInstance)
  })
})

describe('product hrefs back to embed addresses', () => {
  it.each([
    ['/lena-hart/talk', `/embed/lena-hart/${CONFIG}`],
    ['/lena-hart/talk?message=hi', `/embed/lena-hart/${CONFIG}?message=hi`],
    ['/lena-hart', `/embed/lena-hart/${CONFIG}/overview`],
    ['/lena-hart/talk/conversation/c1', `/embed/lena-hart/${CONFIG}/conversation/c1`],
    ['/lena-hart/call', `/embed/lena-hart/${CONFIG}/call`],
    ['/lena-hart/video', `/embed/lena-hart/${CONFIG}/video`],
  ])('%s → %s', (path, href) => {
    expect(embedHrefOf(path, clone)?.href).toBe(`https://likeness.test${href}`)
  })

  it('drops the configured instance first, so its conversations stay in the embed', () => {
    const root = `https://likeness.test/embed/clinic%40lena-hart/${CONFIG}`
    expect(embedHrefOf('/lena-hart/clinic/talk/conversation/c1', instance)?.href).toBe(
      `${root}/conversation/c1`,
    )
    expect(embedHrefOf('/lena-hart/clinic/talk', instance)?.href).toBe(root)
    expect(embedHrefOf('/lena-hart/clinic', instance)?.href).toBe(`${root}/overview`)
  })

  it('sends account pages to the main site with the representing parameter', () => {
    expect(embedHrefOf('/billing', instance)?.href).toBe(
      'https://likeness.test/billing?representing=clinic%40lena-hart',
    )
    expect(embedHrefOf('/lena-hart/call/c1', clone)?.href).toBe('https://likeness.test/lena-hart/call/c1')
  })
})

describe('the app router with the embed rewrite', () => {
  // The router resolves against http://localhost here: the iframe's own origin is the main site's.
  const place = { ...clone, mainSiteOrigin: 'http://localhost' }
  const router = (path: string) =>
    createAppRouter({
      queryClient: createQueryClient(),
      history: createMemoryHistory({ initialEntries: [path] }),
      rewrite: createEmbedRewrite(place),
    })

  it('matches the product route the embed address stands for', () => {
    const r = router(`/embed/lena-hart/${CONFIG}/conversation/c1?parent=https://creator.test`)
    expect(r.state.location.pathname).toBe('/lena-hart/talk/conversation/c1')
    expect(r.getMatchedRoutes(r.state.location.pathname)[2]?.id).toBe(
      '/$slug/talk/conversation/$conversationId',
    )
  })

  it('builds embed hrefs for product links, and main-site addresses for account pages', () => {
    const r = router(`/embed/lena-hart/${CONFIG}`)
    const next = r.buildLocation({
      to: '/$slug/talk/conversation/$conversationId',
      params: { slug: 'lena-hart', conversationId: 'c2' },
    })
    expect(next.publicHref).toBe(`/embed/lena-hart/${CONFIG}/conversation/c2`)
    expect(r.buildLocation({ to: '/$slug', params: { slug: 'lena-hart' } }).publicHref).toBe(
      `/embed/lena-hart/${CONFIG}/overview`,
    )
    expect(r.buildLocation({ to: '/billing' }).publicHref).toBe('/billing?representing=lena-hart')
  })

  it('gives an address on another origin as a full, external one', () => {
    const r = createAppRouter({
      queryClient: createQueryClient(),
      history: createMemoryHistory({ initialEntries: [`/embed/lena-hart/${CONFIG}`] }),
      rewrite: createEmbedRewrite(clone),
    })
    const next = r.buildLocation({ to: '/profile' })
    expect(next.external).toBe(true)
    expect(next.publicHref).toBe('https://likeness.test/profile?representing=lena-hart')
  })
})
