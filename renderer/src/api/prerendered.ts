import type { QueryClient } from '@tanstack/react-query'
import { CloneProfile } from '../../../contract/clone'
import { cloneQueryKey } from './clones'

/** The JSON block the server writes into a clone page (server/web/page-head.ts). */
export const PRERENDER_DATA_ID = 'likeness-prerender'

export interface PrerenderedClone {
  slug: string
  instanceSlug: string | null
  clone: CloneProfile
}

/**
 * The clone the server wrote into this page, or null (the service worker's cached shell, another page,
 * or anything that does not read as a clone profile).
 */
export function readPrerenderedClone(doc: Document = document): PrerenderedClone | null {
  const text = doc.getElementById(PRERENDER_DATA_ID)?.textContent
  if (!text) return null
  try {
    const data = JSON.parse(text) as { slug?: unknown; instanceSlug?: unknown; clone?: unknown }
    const clone = CloneProfile.safeParse(data.clone)
    if (!clone.success || typeof data.slug !== 'string') return null
    const instanceSlug = typeof data.instanceSlug === 'string' ? data.instanceSlug : null
    return { slug: data.slug, instanceSlug, clone: clone.data }
  } catch {
    return null
  }
}

/**
 * Starts the query cache with the clone the page was served with, so the first render shows the same
 * profile the server wrote (no skeleton between the two) and the clone is not fetched again.
 */
export function seedPrerenderedClone(queryClient: QueryClient, doc: Document = document): boolean {
  const prerendered = readPrerenderedClone(doc)
  if (!prerendered) return false
  queryClient.setQueryData(cloneQueryKey(prerendered.slug, prerendered.instanceSlug), prerendered.clone)
  return true
}
