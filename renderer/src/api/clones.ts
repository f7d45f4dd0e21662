import { queryOptions } from '@tanstack/react-query'
import { CloneList, CloneProfile } from '../../../contract/clone'
import { apiRequest } from './client'

export const cloneQueryKey = (slug: string, instanceSlug?: string | null) =>
  ['clone', slug, instanceSlug ?? null] as const

export const clonesQueryKey = ['clones'] as const

export const fetchClone = (slug: string, instanceSlug?: string | null, signal?: AbortSignal) =>
  apiRequest({
    path: instanceSlug
      ? `/api/clones/${encodeURIComponent(slug)}/${encodeURIComponent(instanceSlug)}`
      : `/api/clones/${encodeURIComponent(slug)}`,
    schema: CloneProfile,
    signal,
  })

export const fetchClones = (signal?: AbortSignal) =>
  apiRequest({ path: '/api/clones', schema: CloneList, signal })

/** A clone's profile (optionally for an instance): GET /api/clones/:slug[/:instanceSlug]. */
export const cloneQuery = (slug: string, instanceSlug?: string | null) =>
  queryOptions({
    queryKey: cloneQueryKey(slug, instanceSlug),
    queryFn: ({ signal }) => fetchClone(slug, instanceSlug, signal),
  })

/** The directory shown on /explore: GET /api/clones. */
export const clonesQuery = () =>
  queryOptions({
    queryKey: clonesQueryKey,
    queryFn: ({ signal }) => fetchClones(signal),
  })
