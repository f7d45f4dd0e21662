import { useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { fetchConversationHistory } from '../../api/history'
import { conversationLink } from '../../navigation/clone-links'

/**
 * spec 1 §2: `autoLoadRecent=true` on the talk page opens the most recent conversation, then leaves the
 * address. Nobody signed in, or no conversation yet: the parameter is simply removed.
 */
export function useAutoLoadRecent({
  requested,
  slug,
  instanceSlug,
  conversationId,
}: Readonly<{
  requested: boolean
  slug: string
  instanceSlug: string | null
  conversationId: string | null
}>) {
  const navigate = useNavigate()
  const done = useRef(false)
  useEffect(() => {
    if (!requested || done.current) return
    done.current = true
    const clearParam = () =>
      navigate({ to: '.', search: (prev) => ({ ...prev, autoLoadRecent: undefined }), replace: true })
    if (conversationId) {
      void clearParam()
      return
    }
    fetchConversationHistory({ slug, instanceSlug, limit: 1 })
      .then((page) => {
        const recent = page.conversations[0]
        return recent
          ? navigate({ ...conversationLink(slug, instanceSlug, recent.id), replace: true })
          : clearParam()
      })
      .catch(() => clearParam())
  }, [requested, slug, instanceSlug, conversationId, navigate])
}
