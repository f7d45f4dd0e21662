import { lazy, Suspense } from 'react'
import { usePlatform } from '../../platform'
import { useCurrentUser } from '../auth'

const StaffToolbar = lazy(() => import('./StaffToolbar').then((m) => ({ default: m.StaffToolbar })))

/**
 * spec 1 §6 'Staff: ... a staff toolbar'. Mounted once in the root layout; the toolbar's code loads only for a
 * signed-in staff user, never in an embed (npm run bench:size).
 */
export function StaffToolbarHost() {
  const { user } = useCurrentUser()
  const embedded = usePlatform().embed !== null
  if (!user?.staff || embedded) return null
  return (
    <Suspense fallback={null}>
      <StaffToolbar />
    </Suspense>
  )
}
