import { useQuery } from '@tanstack/react-query'
import { type UserType, userTypeOf } from '../../../../contract/auth'
import { meQuery } from '../../api/auth'

/**
 * The signed-in user (TanStack Query key ['me']), or null. While the first answer is on its way `loaded`
 * is false; an unreachable server counts as signed out.
 */
export function useCurrentUser() {
  const query = useQuery(meQuery())
  return {
    user: query.data?.user ?? null,
    relationships: query.data?.relationships ?? [],
    loaded: query.isSuccess || query.isError,
  }
}

/** spec 1 §1: admin (CREATOR), collab (CONTRIBUTOR), consumer_signed_in, or anonymous, for one clone. */
export function useUserType(slug: string | null | undefined): UserType {
  const { user, relationships } = useCurrentUser()
  return userTypeOf(user !== null, slug ? relationships.find((r) => r.cloneSlug === slug)?.type : null)
}
