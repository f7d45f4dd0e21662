import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api/client'

export const QUERY_STALE_TIME_MS = 30_000

/** A 4xx answer will not change on a retry (a 404 must show 'not found' at once); other failures retry once. */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false
  return failureCount < 1
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  })
}
