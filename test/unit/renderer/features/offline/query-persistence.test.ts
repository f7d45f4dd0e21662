import { onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createMemoryOfflineDb,
  type OfflineDb,
} from '../../../../../renderer/src/features/offline/offline-db'
import { startOfflineSupport } from '../../../../../renderer/src/features/offline/offline-support'
import {
  MAX_OFFLINE_AGE_MS,
  MAX_OFFLINE_QUERIES,
  OFFLINE_CACHE_VERSION,
  persistQueries,
  restoreQueries,
} from '../../../../../renderer/src/features/offline/query-persistence'
import { eventually } from '../../../../support/eventually'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  onlineManager.setOnline(true)
})

/** Waits until the offline store holds an entry for the query key. */
const kept = (db: OfflineDb, queryKey: unknown[]) =>
  eventually(async () => expect(await db.get(`query:${JSON.stringify(queryKey)}`)).toBeDefined())
/** Lets a write nothing waits for settle (the memory store has no timers: one macrotask drains it). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const profile = { slug: 'lena-hart', name: 'Dr. Lena Hart' }

describe('answers kept for offline use', () => {
  it('keeps clone profiles and conversations, and nothing else', async () => {
    const db = createMemoryOfflineDb()
    const client = new QueryClient()
    persistQueries(client, db)
    client.setQueryData(['clone', 'lena-hart', null], profile)
    client.setQueryData(['conversations', 'lena-hart'], [{ id: 'c1', title: 'Sleep' }])
    client.setQueryData(['conversation', 'c1'], { id: 'c1', messages: [] })
    client.setQueryData(['usage', 'lena-hart'], { remaining: 3 })
    client.setQueryData(['storage', 'userPreferredLanguage'], 'en')
    await kept(db, ['conversation', 'c1'])
    const keys = (await db.entries()).map(([key]) => key).sort()
    expect(keys).toEqual([
      'query:["clone","lena-hart",null]',
      'query:["conversation","c1"]',
      'query:["conversations","lena-hart"]',
    ])
  })

  it('puts them back into a fresh cache as stale data', async () => {
    const db = createMemoryOfflineDb()
    const first = new QueryClient()
    persistQueries(first, db)
    first.setQueryData(['clone', 'lena-hart', null], profile)
    await kept(db, ['clone', 'lena-hart', null])

    const next = new QueryClient()
    expect(await restoreQueries(next, db)).toBe(1)
    expect(next.getQueryData(['clone', 'lena-hart', null])).toEqual(profile)
    expect(next.getQueryState(['clone', 'lena-hart', null])?.dataUpdatedAt).toBeGreaterThan(0)
  })

  it('counts a kept answer as stale however recent, so an online screen fetches it again', async () => {
    const db = createMemoryOfflineDb()
    const first = new QueryClient()
    persistQueries(first, db)
    first.setQueryData(['conversation', 'c1'], { id: 'c1', messages: ['old'] })
    await kept(db, ['conversation', 'c1'])

    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } })
    await restoreQueries(next, db)
    const fetcher = vi.fn(async () => ({ id: 'c1', messages: ['old', 'new'] }))
    const data = await next.fetchQuery({
      queryKey: ['conversation', 'c1'],
      queryFn: fetcher,
      staleTime: 60_000,
    })
    expect(fetcher).toHaveBeenCalledTimes(1)
    expect(data).toEqual({ id: 'c1', messages: ['old', 'new'] })
  })

  it('never overwrites an answer the cache already has', async () => {
    const db = createMemoryOfflineDb()
    await db.set('query:["clone","lena-hart",null]', {
      version: OFFLINE_CACHE_VERSION,
      queryKey: ['clone', 'lena-hart', null],
      data: { name: 'old' },
      updatedAt: Date.now(),
    })
    const client = new QueryClient()
    client.setQueryData(['clone', 'lena-hart', null], { name: 'fresh' })
    expect(await restoreQueries(client, db)).toBe(0)
    expect(client.getQueryData(['clone', 'lena-hart', null])).toEqual({ name: 'fresh' })
  })

  it('drops old, foreign-version, malformed and surplus entries', async () => {
    const db = createMemoryOfflineDb()
    const now = Date.now()
    const entry = (id: number, updatedAt: number, version = OFFLINE_CACHE_VERSION) => ({
      version,
      queryKey: ['conversation', `c${id}`],
      data: { id },
      updatedAt,
    })
    for (let i = 0; i < MAX_OFFLINE_QUERIES + 5; i++) await db.set(`query:c${i}`, entry(i, now - i * 1000))
    await db.set('query:old', entry(900, now - MAX_OFFLINE_AGE_MS - 1))
    await db.set('query:v0', entry(901, now, OFFLINE_CACHE_VERSION + 1))
    await db.set('query:junk', 'not an entry')
    await db.set('draft:lena-hart:new', { text: 'keep me', savedAt: now })

    const client = new QueryClient()
    expect(await restoreQueries(client, db, now)).toBe(MAX_OFFLINE_QUERIES)
    const left = (await db.entries()).map(([key]) => key)
    expect(left.filter((k) => k.startsWith('query:'))).toHaveLength(MAX_OFFLINE_QUERIES)
    expect(left).toContain('draft:lena-hart:new')
    // The most recent ones stay.
    expect(client.getQueryData(['conversation', 'c0'])).toEqual({ id: 0 })
    expect(client.getQueryData(['conversation', `c${MAX_OFFLINE_QUERIES + 4}`])).toBeUndefined()
  })

  it('at start, pauses queries while offline instead of failing them, with kept answers ready', async () => {
    const db = createMemoryOfflineDb()
    await db.set('query:["clone","lena-hart",null]', {
      version: OFFLINE_CACHE_VERSION,
      queryKey: ['clone', 'lena-hart', null],
      data: profile,
      updatedAt: Date.now() - 60_000,
    })
    vi.stubGlobal('navigator', { onLine: false })
    const client = new QueryClient()
    await startOfflineSupport(client, db)
    expect(onlineManager.isOnline()).toBe(false)
    expect(client.getQueryData(['clone', 'lena-hart', null])).toEqual(profile)
    const fetcher = vi.fn(async () => ({ name: 'from network' }))
    void client.fetchQuery({ queryKey: ['clone', 'lena-hart', null], queryFn: fetcher, staleTime: 0 })
    await eventually(() =>
      expect(client.getQueryState(['clone', 'lena-hart', null])?.fetchStatus).toBe('paused'),
    )
    expect(fetcher).not.toHaveBeenCalled()
  })

  it('starts even when the offline store fails', async () => {
    const db = createMemoryOfflineDb()
    vi.spyOn(db, 'entries').mockRejectedValue(new Error('IndexedDB blocked'))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const stop = await startOfflineSupport(new QueryClient(), db)
    expect(typeof stop).toBe('function')
  })
})

describe('a store that refuses writes', () => {
  it('is given up on after the first failure, with one warning', async () => {
    const db = createMemoryOfflineDb()
    const set = vi.spyOn(db, 'set').mockRejectedValue(new Error('QuotaExceededError'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const client = new QueryClient()
    persistQueries(client, db)
    client.setQueryData(['clone', 'a', null], { name: 'A' })
    await eventually(() => expect(warn).toHaveBeenCalledTimes(1))
    client.setQueryData(['clone', 'b', null], { name: 'B' })
    await settle()
    expect(set).toHaveBeenCalledTimes(1)
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
