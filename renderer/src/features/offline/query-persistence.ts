import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { OfflineDb } from './offline-db'

/**
 * Keeps the answers a visitor needs offline (the clone profile, the directory, recent conversations)
 * in the offline store, and puts them back into the query cache at start. Restored answers count as
 * stale, so an online start still fetches fresh ones; offline, queries pause and show what was kept.
 */

/** Query-key roots worth keeping (the spec's conversation keys, and the profile's). */
export const OFFLINE_QUERY_ROOTS: readonly string[] = [
  'clone',
  'clones',
  'conversations',
  'conversation',
  'conversation-paginated',
]
/** Bounded: the most recent answers only. */
export const MAX_OFFLINE_QUERIES = 60
export const MAX_OFFLINE_AGE_MS = 30 * 24 * 60 * 60 * 1000
/** Bump when a kept answer's shape changes: older entries are then dropped instead of misread. */
export const OFFLINE_CACHE_VERSION = 1

const PREFIX = 'query:'

interface PersistedQuery {
  version: number
  queryKey: QueryKey
  data: unknown
  updatedAt: number
}

export const shouldKeepOffline = (queryKey: QueryKey) =>
  typeof queryKey[0] === 'string' && OFFLINE_QUERY_ROOTS.includes(queryKey[0])

const storageKeyFor = (queryKey: QueryKey) => `${PREFIX}${JSON.stringify(queryKey)}`

const isPersistedQuery = (value: unknown): value is PersistedQuery =>
  typeof value === 'object' &&
  value !== null &&
  (value as PersistedQuery).version === OFFLINE_CACHE_VERSION &&
  Array.isArray((value as PersistedQuery).queryKey) &&
  typeof (value as PersistedQuery).updatedAt === 'number' &&
  (value as PersistedQuery).data !== undefined

/**
 * Writes every successful answer of a kept query, from now on. Returns the unsubscribe. A store that
 * refuses a write (blocked storage in an embed, a full disk) is given up on, with one warning.
 */
export function persistQueries(queryClient: QueryClient, db: OfflineDb, now = () => Date.now()): () => void {
  let failed = false
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (failed || event.type !== 'updated' || event.action.type !== 'success') return
    const { queryKey, state } = event.query
    if (!shouldKeepOffline(queryKey) || state.data === undefined) return
    const entry: PersistedQuery = {
      version: OFFLINE_CACHE_VERSION,
      queryKey,
      data: state.data,
      updatedAt: state.dataUpdatedAt || now(),
    }
    db.set(storageKeyFor(queryKey), entry).catch((error: unknown) => {
      if (failed) return
      failed = true
      unsubscribe()
      console.warn('Answers cannot be kept for offline use here', error)
    })
  })
  return unsubscribe
}

/**
 * Puts kept answers into the cache where it has none, dropping old, foreign-version and surplus entries.
 * Returns how many were restored.
 */
export async function restoreQueries(
  queryClient: QueryClient,
  db: OfflineDb,
  now = Date.now(),
): Promise<number> {
  const kept: Array<{ key: string; entry: PersistedQuery }> = []
  const drop: string[] = []
  for (const [key, value] of await db.entries()) {
    if (!key.startsWith(PREFIX)) continue
    if (!isPersistedQuery(value) || now - value.updatedAt > MAX_OFFLINE_AGE_MS) drop.push(key)
    else kept.push({ key, entry: value })
  }
  kept.sort((a, b) => b.entry.updatedAt - a.entry.updatedAt)
  for (const surplus of kept.splice(MAX_OFFLINE_QUERIES)) drop.push(surplus.key)
  await Promise.all(drop.map((key) => db.del(key)))

  let restored = 0
  for (const { entry } of kept) {
    if (queryClient.getQueryData(entry.queryKey) !== undefined) continue
    queryClient.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.updatedAt })
    // Kept answers are a fallback, never fresh: the first screen that uses one fetches it again (online),
    // however recently it was kept. Offline, that fetch waits and the kept answer shows.
    void queryClient.invalidateQueries({ queryKey: entry.queryKey, exact: true, refetchType: 'none' })
    restored++
  }
  return restored
}

/** Forgets every kept answer (for sign-out: conversations are personal). */
export async function forgetQueries(db: OfflineDb): Promise<void> {
  const keys = (await db.entries()).map(([key]) => key).filter((key) => key.startsWith(PREFIX))
  await Promise.all(keys.map((key) => db.del(key)))
}
