// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  clearDraft,
  DRAFT_SAVE_DELAY_MS,
  draftKey,
  loadDraft,
  saveDraft,
  useDraft,
} from '../../../../../renderer/src/features/offline/drafts'
import { createMemoryOfflineDb } from '../../../../../renderer/src/features/offline/offline-db'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const scope = { slug: 'lena-hart', instanceSlug: 'clinic', conversationId: null }

describe('drafts', () => {
  it('names one draft per clone, instance and conversation', () => {
    expect(draftKey(scope)).toBe('draft:lena-hart@clinic:new')
    expect(draftKey({ slug: 'lena-hart', conversationId: 'c1' })).toBe('draft:lena-hart:c1')
  })

  it('saves, loads and clears; a blank draft removes the entry', async () => {
    const db = createMemoryOfflineDb()
    await saveDraft(scope, 'How do I sleep better?', db)
    expect(await loadDraft(scope, db)).toBe('How do I sleep better?')
    await saveDraft(scope, '   ', db)
    expect(await db.entries()).toEqual([])
    await saveDraft(scope, 'again', db)
    await clearDraft(scope, db)
    expect(await loadDraft(scope, db)).toBe('')
  })

  it('useDraft restores the draft, keeps typing shortly after each change, and clears after a send', async () => {
    const db = createMemoryOfflineDb()
    await saveDraft(scope, 'typed while offline', db)
    const { result, unmount } = renderHook(() => useDraft(scope, db))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    expect(result.current.text).toBe('typed while offline')

    vi.useFakeTimers()
    act(() => result.current.setText('typed while offline, more'))
    expect(await loadDraft(scope, db)).toBe('typed while offline')
    await act(async () => {
      vi.advanceTimersByTime(DRAFT_SAVE_DELAY_MS)
    })
    vi.useRealTimers()
    await waitFor(async () => expect(await loadDraft(scope, db)).toBe('typed while offline, more'))

    act(() => result.current.clear())
    expect(result.current.text).toBe('')
    await waitFor(async () => expect(await loadDraft(scope, db)).toBe(''))
    unmount()
  })

  it('saves at once when the page is hidden or the prompt goes away', async () => {
    const db = createMemoryOfflineDb()
    const { result, unmount } = renderHook(() => useDraft(scope, db))
    await waitFor(() => expect(result.current.loaded).toBe(true))
    act(() => result.current.setText('do not lose me'))
    unmount()
    await waitFor(async () => expect(await loadDraft(scope, db)).toBe('do not lose me'))
  })
})
