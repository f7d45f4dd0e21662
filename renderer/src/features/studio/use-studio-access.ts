import { useQuery } from '@tanstack/react-query'
import { cloneQuery } from '../../api/clones'
import { isCloneCreator, isCloneTeam } from '../../lib/clone-team'
import { useCurrentUser } from '../auth'

type Relationships = ReturnType<typeof useCurrentUser>['relationships']

/**
 * Who may open a clone's studio page: the signed-in user, whether they may see it (`canSee`, the clone's
 * team by default) and whether they may change it (its CREATOR). Pages load their data only when allowed.
 */
export function useStudioAccess(
  slug: string,
  canSee: (slug: string, relationships: Relationships) => boolean = isCloneTeam,
) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && canSee(slug, relationships)
  return { user, allowed, editable: isCloneCreator(slug, relationships) }
}

/** The same, with the clone's name for the page's titles (its address until the clone is loaded). */
export function useStudioClone(
  slug: string,
  canSee?: (slug: string, relationships: Relationships) => boolean,
) {
  const access = useStudioAccess(slug, canSee)
  const clone = useQuery({ ...cloneQuery(slug), enabled: access.allowed })
  return { ...access, name: clone.data?.name ?? slug }
}
