import type { QueryClient } from '@tanstack/react-query'
import { createMemoryHistory, type LocationRewrite } from '@tanstack/react-router'
import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { vi } from 'vitest'
import { App } from '../../../../renderer/src/app/providers'
import { createQueryClient } from '../../../../renderer/src/app/query-client'
import { createAppRouter } from '../../../../renderer/src/app/router'
import { type Platform, setPlatform } from '../../../../renderer/src/platform'
import {
  createMemoryStorage,
  createWebPlatform,
  type KeyValueStorage,
} from '../../../../renderer/src/platform/web'

/** The whole app at a URL, on the web platform with in-memory storage and a fake fetch. */
export async function renderApp(
  url: string,
  {
    fetch,
    storage = createMemoryStorage(),
    strict = false,
    platform: givenPlatform,
    queryClient = createQueryClient(),
    rewrite,
  }: {
    fetch: typeof globalThis.fetch
    storage?: KeyValueStorage
    strict?: boolean
    /** Another platform than the web one on `storage` (e.g. one whose storage answers late). */
    platform?: Platform
    /** A query cache prepared beforehand (e.g. seeded as main.tsx seeds it). */
    queryClient?: QueryClient
    /** Embed mode's router rewrite (navigation/embed-rewrite.ts). */
    rewrite?: LocationRewrite
  },
) {
  vi.stubGlobal('fetch', fetch)
  const platform = setPlatform(givenPlatform ?? createWebPlatform(storage))
  // The app's single retry of a failed query, at once instead of after React Query's 1 s back-off.
  const defaults = queryClient.getDefaultOptions()
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } })
  const history = createMemoryHistory({ initialEntries: [url] })
  const router = createAppRouter({ queryClient, history, rewrite })
  let view: ReturnType<typeof render> | undefined
  await act(async () => {
    const app = <App platform={platform} queryClient={queryClient} router={router} />
    view = render(strict ? <StrictMode>{app}</StrictMode> : app)
  })
  return { ...view!, router, platform, queryClient, storage }
}
