import { createMemoryHistory } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '../../../../renderer/src/app/query-client'
import { createAppRouter } from '../../../../renderer/src/app/router'

const router = createAppRouter({ queryClient: createQueryClient(), history: createMemoryHistory() })
const routeIdOf = (pathname: string) => router.getMatchedRoutes(pathname)[2]?.id

describe('route table', () => {
  it.each([
    ['/', '/'],
    ['/explore', '/explore'],
    ['/profile', '/profile'],
    ['/billing', '/billing'],
    ['/actions', '/actions'],
    ['/privacy-policy', '/privacy-policy'],
    ['/terms-of-use', '/terms-of-use'],
    ['/memberships/clinic@lena-hart', '/memberships/$target'],
    ['/studio/lena-hart/build/questions', '/studio/$slug/build/questions'],
    ['/studio/lena-hart/conversations', '/studio/$slug/conversations'],
    ['/studio/lena-hart/analytics', '/studio/$slug/analytics'],
    ['/lena-hart', '/$slug'],
    ['/lena-hart/talk', '/$slug/talk'],
    ['/lena-hart/talk/conversation/c-1', '/$slug/talk/conversation/$conversationId'],
    ['/lena-hart/talk/conversation/shared/s-1', '/$slug/talk/conversation/shared/$shareId'],
    ['/lena-hart/call', '/$slug/call'],
    ['/lena-hart/call/shared/s-1', '/$slug/call/shared/$shareId'],
    ['/lena-hart/call/transcript', '/$slug/call/transcript'],
    ['/lena-hart/call/c-1', '/$slug/call/$conversationId'],
    ['/lena-hart/video', '/$slug/video'],
    ['/lena-hart/clinic', '/$slug/$instanceSlug'],
    ['/lena-hart/clinic/talk', '/$slug/$instanceSlug/talk'],
    ['/lena-hart/clinic/talk/conversation/c-1', '/$slug/$instanceSlug/talk/conversation/$conversationId'],
    [
      '/lena-hart/clinic/talk/conversation/shared/s-1',
      '/$slug/$instanceSlug/talk/conversation/shared/$shareId',
    ],
    ['/lena-hart/clinic/call', '/$slug/$instanceSlug/call'],
    ['/lena-hart/clinic/video', '/$slug/$instanceSlug/video'],
  ])('%s → %s', (pathname, id) => {
    expect(routeIdOf(pathname)).toBe(id)
  })

  it('lets static segments win over $instanceSlug', () => {
    // '/{slug}/talk' is the chat, not an instance called 'talk'; the same for call and video.
    expect(routeIdOf('/lena-hart/talk')).toBe('/$slug/talk')
    expect(routeIdOf('/lena-hart/call')).toBe('/$slug/call')
    expect(routeIdOf('/lena-hart/video')).toBe('/$slug/video')
    expect(routeIdOf('/lena-hart/call/transcript')).toBe('/$slug/call/transcript')
    // and the product's pages over '/$slug' and '/$slug/$instanceSlug'.
    expect(routeIdOf('/explore')).toBe('/explore')
    expect(routeIdOf('/memberships/lena-hart')).toBe('/memberships/$target')
  })

  it('extracts params', () => {
    const [, params] = router.getMatchedRoutes('/lena-hart/clinic/talk/conversation/c-1')
    expect(params).toMatchObject({ slug: 'lena-hart', instanceSlug: 'clinic', conversationId: 'c-1' })
  })

  it('is configured for intent preloading with pending, error and not-found screens', () => {
    expect(router.options.defaultPreload).toBe('intent')
    expect(router.options.defaultPendingComponent).toBeDefined()
    expect(router.options.defaultErrorComponent).toBeDefined()
    expect(router.options.defaultNotFoundComponent).toBeDefined()
  })
})
