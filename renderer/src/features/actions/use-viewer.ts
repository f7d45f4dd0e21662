import type { UserType } from '../../../../contract/auth'
import { useCurrentUser, useUserType } from '../auth'

export interface Viewer {
  loggedIn: boolean
  staff: boolean
  userType: UserType
}

/** Who is looking at a clone, as the action centre and the command bar need it (spec 1 §1, §6). */
export function useViewer(slug: string | null): Viewer {
  const { user } = useCurrentUser()
  const userType = useUserType(slug)
  return { loggedIn: user !== null, staff: user?.staff ?? false, userType }
}
