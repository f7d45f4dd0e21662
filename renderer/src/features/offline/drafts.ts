import { useCallback, useEffect, useRef, useState } from 'react'
import { getOfflineDb, type OfflineDb } from './offline-db'

/**
 * Unsent message drafts, kept in the offline store so a message typed offline (or before a crash or a
 * reload) is never lost. One draft per clone, instance and conversation ('new' before one exists).
 */
export interface DraftScope {
  slug: string
  instanceSlug?: string | null
  conversationId?: string | null
}

interface StoredDraft {
  text: string
  savedAt: number
}

/** Typing is saved this long after the last keystroke (and at once when the page hides). */
export const DRAFT_SAVE_DELAY_MS = 400

export const draftKey = ({ slug, instanceSlug, conversationId }: DraftScope) =>
  `draft:${slug}${instanceSlug ? `@${instanceSlug}` : ''}:${conversationId ?? 'new'}`

async function loadDraftByKey(key: string, db: OfflineDb): Promise<string> {
  const stored = await db.get<StoredDraft>(key)
  return typeof stored?.text === 'string' ? stored.text : ''
}

export const loadDraft = (scope: DraftScope, db: OfflineDb = getOfflineDb()) =>
  loadDraftByKey(draftKey(scope), db)

/** Saves the text; an empty or blank draft removes the entry. */
export async function saveDraft(scope: DraftScope, text: string, db: OfflineDb = getOfflineDb()) {
  if (!text.trim()) return db.del(draftKey(scope))
  return db.set(draftKey(scope), { text, savedAt: Date.now() } satisfies StoredDraft)
}

export const clearDraft = (scope: DraftScope, db: OfflineDb = getOfflineDb()) => db.del(draftKey(scope))

/**
 * A prompt's text backed by the offline store: restored on mount, saved shortly after each change.
 * `clear()` after a successful send. `loaded` is false until the stored draft was read.
 */
export function useDraft(scope: DraftScope, db: OfflineDb = getOfflineDb()) {
  const key = draftKey(scope)
  const [text, setTextState] = useState('')
  const [loaded, setLoaded] = useState(false)
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; text: string } | null>(null)
  const scopeRef = useRef(scope)
  scopeRef.current = scope

  const flush = useCallback(() => {
    const current = pending.current
    if (!current) return
    clearTimeout(current.timer)
    pending.current = null
    void saveDraft(scopeRef.current, current.text, db).catch(() => undefined)
  }, [db])

  useEffect(() => {
    let cancelled = false
    setLoaded(false)
    loadDraftByKey(key, db)
      .catch(() => '')
      .then((stored) => {
        if (cancelled) return
        // Text typed before the stored draft arrived wins.
        setTextState((typed) => typed || stored)
        setLoaded(true)
      })
    return () => {
      cancelled = true
    }
  }, [key, db])

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush()
    }
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', flush)
    return () => {
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', flush)
      flush()
    }
  }, [flush])

  const setText = useCallback(
    (next: string) => {
      setTextState(next)
      if (pending.current) clearTimeout(pending.current.timer)
      pending.current = { text: next, timer: setTimeout(flush, DRAFT_SAVE_DELAY_MS) }
    },
    [flush],
  )

  const clear = useCallback(() => {
    if (pending.current) clearTimeout(pending.current.timer)
    pending.current = null
    setTextState('')
    void clearDraft(scopeRef.current, db).catch(() => undefined)
  }, [db])

  return { text, setText, clear, loaded }
}
