import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import type { CloneProfile } from '../../../../contract/clone'
import { cloneQuery } from '../../api/clones'

export interface RouteClone {
  slug: string | null
  /** The clone of the current address (from the query cache the screen filled), or null. */
  clone: CloneProfile | null
  conversationId: string | null
}

/** The clone and conversation of the current address: app-wide dialogs live outside the screens. */
export function useRouteClone(): RouteClone {
  const params = useParams({ strict: false }) as {
    slug?: string
    instanceSlug?: string
    conversationId?: string
  }
  const slug = params.slug ?? null
  const query = useQuery({ ...cloneQuery(slug ?? '', params.instanceSlug), enabled: slug !== null })
  return { slug, clone: query.data ?? null, conversationId: params.conversationId ?? null }
}
