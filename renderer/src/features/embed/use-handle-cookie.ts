import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useContext, useEffect, useState } from 'react'
import { conversationQuery } from '../../api/chat'
import { isApiError } from '../../api/client'
import { conversationLink } from '../../navigation/clone-links'
import { EmbedConversationContext } from './embed-conversation'

export interface HandleCookieInput {
  slug: string
  instanceSlug: string | null
  /** The conversation the address names (the embed's '/conversation/{id}'); null at the embed's root. */
  routeConversationId: string | null
  /** The conversation the talk page shows, once it has one (its first answer names it, or it was opened). */
  threadConversationId: string | null
}

/**
 * spec 1 §3 'embed conversation keys', §7 setConversationCookie {conversationId, slug, instanceSlug}: in an
 * embed, the talk page's conversation is remembered, and the embed's root opens it again for a returning
 * visitor. `resuming` is true while the root decides (the page shows its loading state meanwhile);
 * `forget` is for 'New Conversation'. Only under the embed bridge's provider (spec 1 §8 'Missing store').
 */
export function useHandleCookie({
  slug,
  instanceSlug,
  routeConversationId,
  threadConversationId,
}: HandleCookieInput) {
  const store = useContext(EmbedConversationContext)
  if (!store) throw new Error('Missing store in useHandleCookie()')
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const atRoot = routeConversationId === null
  const [deciding, setDeciding] = useState(() => atRoot && store.peek(slug, instanceSlug) !== null)
  // Once the address names a conversation there is nothing left to decide.
  const resuming = atRoot && deciding

  // The root with a remembered conversation opens it (replacing the root in history); one that can no longer
  // be read (404: claimed by another account, archived) is forgotten, and the root shows an empty chat.
  useEffect(() => {
    if (!atRoot) return
    let live = true
    const resume = async () => {
      const id = await store.read(slug, instanceSlug)
      if (!id) return
      // Offline the fetch would wait for the network: the conversation's page shows its kept copy instead.
      if (onlineManager.isOnline()) {
        try {
          await queryClient.fetchQuery(conversationQuery(id))
        } catch (error) {
          if (isApiError(error) && error.isNotFound) {
            await store.forget(slug, instanceSlug)
            return
          }
          // Any other failure: the conversation's page shows it, with its retry.
        }
      }
      if (!live) return
      await navigate({
        ...conversationLink(slug, instanceSlug, id),
        search: (prev) => prev,
        replace: true,
      })
    }
    setDeciding(store.peek(slug, instanceSlug) !== null)
    void resume()
      .catch((error: unknown) => console.warn(error))
      .finally(() => {
        if (live) setDeciding(false)
      })
    return () => {
      live = false
    }
  }, [atRoot, store, slug, instanceSlug, queryClient, navigate])

  // The page's conversation is remembered; skipped on the conversation's own path when that is already the
  // remembered one (the resumed conversation: spec 1 §7 'skipped on the talk conversation path').
  useEffect(() => {
    if (!threadConversationId || resuming) return
    const onItsPath = routeConversationId === threadConversationId
    if (onItsPath && store.peek(slug, instanceSlug) === threadConversationId) return
    void store.remember(slug, instanceSlug, threadConversationId)
  }, [store, slug, instanceSlug, routeConversationId, threadConversationId, resuming])

  const forget = useCallback(() => void store.forget(slug, instanceSlug), [store, slug, instanceSlug])
  return { resuming, forget }
}
