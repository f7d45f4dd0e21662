import { Theme } from '@radix-ui/themes'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { vi } from 'vitest'
import type { MeResponse } from '../../../../contract/auth'
import type { CloneProfile } from '../../../../contract/clone'
import { meQueryKey } from '../../../../renderer/src/api/auth'
import { cloneQuery } from '../../../../renderer/src/api/clones'
import { createQueryClient } from '../../../../renderer/src/app/query-client'
import { type Platform, PlatformProvider, setPlatform } from '../../../../renderer/src/platform'
import { createMemoryStorage, createWebPlatform } from '../../../../renderer/src/platform/web'

/**
 * One component under a route with `$slug` params (app-wide dialogs read the clone of the address), with
 * the signed-in user and the clone already in the query cache, toasts shown, and a fake fetch.
 */
export async function renderAtRoute(
  Component: () => ReactNode,
  {
    path = '/$slug/talk',
    url,
    me,
    clone,
    fetch,
    platform: givenPlatform,
  }: {
    path?: string
    url: string
    me: MeResponse
    clone?: CloneProfile
    fetch: typeof globalThis.fetch
    /** Another platform than the web one (e.g. an embed's, test/unit/renderer/support/embed.ts). */
    platform?: Platform
  },
) {
  vi.stubGlobal('fetch', fetch)
  const platform = setPlatform(givenPlatform ?? createWebPlatform(createMemoryStorage()))
  const queryClient = createQueryClient()
  // The app's single retry of a failed query, at once instead of after React Query's back-off.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } })
  queryClient.setQueryData(meQueryKey, me)
  if (clone) queryClient.setQueryData(cloneQuery(clone.slug).queryKey, clone)
  const root = createRootRoute({ component: Outlet })
  const screen = createRoute({ getParentRoute: () => root, path, component: Component })
  const router = createRouter({
    routeTree: root.addChildren([screen]),
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  let view: ReturnType<typeof render> | undefined
  await act(async () => {
    view = render(
      <Theme>
        <PlatformProvider platform={platform}>
          <QueryClientProvider client={queryClient}>
            {/* biome-ignore lint/suspicious/noExplicitAny: a test router, not the app's registered one. */}
            <RouterProvider router={router as any} />
          </QueryClientProvider>
        </PlatformProvider>
        <Toaster />
      </Theme>,
    )
  })
  await act(() => router.load())
  return { ...view!, queryClient, router }
}
