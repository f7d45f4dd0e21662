import { useEffect, useRef } from 'react'
import { subscribe, useSnapshot } from 'valtio'
import type { ChatStreamStore } from '../chat'
import { DRAFT_SAVE_DELAY_MS, loadDraft, saveDraft } from '../offline'

/**
 * Keeps the prompt's draft in the offline store (features/offline/drafts.ts), so a message typed offline,
 * or before a reload or a crash, is never lost: restored when the page opens, saved shortly after typing,
 * removed once sent (the store empties the draft on send and puts it back if the send fails).
 */
export function usePersistedDraft(store: ChatStreamStore) {
  const session = useSnapshot(store.state.session)
  const slug = session.slug
  const instanceSlug = session.instanceSlug
  const conversationId = session.conversationId
  const restoring = useRef(false)

  useEffect(() => {
    if (!slug) return
    const scope = { slug, instanceSlug, conversationId }
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | null = null
    let latest: string | null = null

    restoring.current = true
    loadDraft(scope)
      .catch(() => '')
      .then((stored) => {
        restoring.current = false
        // Text typed before the stored draft arrived wins.
        if (!cancelled && stored && !store.state.draft.text) store.setDraft(stored)
      })

    const flush = () => {
      if (timer) clearTimeout(timer)
      timer = null
      if (latest !== null) void saveDraft(scope, latest).catch(() => undefined)
      latest = null
    }
    // The text only: the draft's files change with every upload's progress and are not kept.
    let seen = store.state.draft.text
    const unsubscribe = subscribe(store.state.draft, () => {
      const text = store.state.draft.text
      if (restoring.current || text === seen) return
      seen = text
      latest = text
      if (timer) clearTimeout(timer)
      timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS)
    })
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onHide)
    return () => {
      cancelled = true
      flush()
      unsubscribe()
      document.removeEventListener('visibilitychange', onHide)
    }
  }, [store, slug, instanceSlug, conversationId])
}
