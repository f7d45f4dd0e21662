import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { handOffEmbedToken, meQueryKey } from '../../api/auth'

/** An embed token worth sending: what a session token looks like (anything else is ignored). */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/

export const handoffToken = (value: unknown): string | null =>
  typeof value === 'string' && TOKEN.test(value) ? value : null

/** The page that opened this one (`?origin=`), only as an http(s) address: never a javascript: link. */
export function embedOrigin(value: unknown): URL | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null
  } catch {
    return null
  }
}

export type HandoffState = 'none' | 'pending' | 'done' | 'failed'

/** Tokens already sent (React's strict mode runs effects twice; a token is traded once). */
const traded = new Set<string>()

/**
 * spec 1 §2 '/memberships/...?origin=...&token=...': the embed's token signs the visitor in here. It is
 * removed from the address at once (history, bookmarks and referrers never keep it) and traded for this
 * site's session cookie; the page then reads the signed-in user again.
 */
export function useEmbedHandoff(tokenParam: unknown): HandoffState {
  const [token] = useState(() => handoffToken(tokenParam))
  const [state, setState] = useState<HandoffState>(token ? 'pending' : 'none')
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    if (!token) return
    void navigate({ to: '.', search: (prev) => ({ ...prev, token: undefined }), replace: true })
    if (traded.has(token)) return
    traded.add(token)
    handOffEmbedToken(token).then(
      async () => {
        // A read of the user sent before the cookie existed may still be on its way; invalidating would
        // reuse it (a first fetch is never cancelled for a refetch) and keep its signed-out answer.
        await queryClient.cancelQueries({ queryKey: meQueryKey })
        await queryClient.invalidateQueries({ queryKey: meQueryKey })
        setState('done')
      },
      () => setState('failed'),
    )
  }, [token, navigate, queryClient])

  return state
}
