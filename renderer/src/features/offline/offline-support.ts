import { onlineManager, type QueryClient } from '@tanstack/react-query'
import { getOfflineDb, type OfflineDb } from './offline-db'
import { isOnline, subscribeOnline } from './online-status'
import { persistQueries, restoreQueries } from './query-persistence'

/** Start-up never waits longer than this for the offline store (a slow disk must not delay first paint). */
export const RESTORE_TIMEOUT_MS = 500

/**
 * Called once at start, before the router: queries pause instead of failing while the device is offline,
 * kept answers are back in the cache for the first render, and new answers are kept from now on.
 */
export async function startOfflineSupport(
  queryClient: QueryClient,
  db: OfflineDb = getOfflineDb(),
): Promise<() => void> {
  // TanStack Query assumes it starts online; a reload while offline would otherwise fail every query. It
  // follows isOnline from then on, so a server that cannot be reached pauses queries as being offline does.
  if (typeof navigator !== 'undefined') {
    onlineManager.setOnline(isOnline())
    onlineManager.setEventListener((setOnline) => subscribeOnline(() => setOnline(isOnline())))
  }
  const restore = restoreQueries(queryClient, db).catch((error: unknown) => {
    console.warn('Could not restore answers kept for offline use', error)
    return 0
  })
  await Promise.race([restore, new Promise((resolve) => setTimeout(resolve, RESTORE_TIMEOUT_MS))])
  return persistQueries(queryClient, db)
}

/** Forgets personal data kept for offline use (sign-out). Drafts go too: they may name the visitor. */
export async function forgetOfflineData(db: OfflineDb = getOfflineDb()): Promise<void> {
  await db.clear()
}
