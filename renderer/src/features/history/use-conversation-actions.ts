import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { toast } from 'sonner'
import type { ConversationListItem } from '../../../../contract/chat'
import {
  fetchConversationHistory,
  invalidateConversation,
  unshareConversation,
  updateConversation,
} from '../../api/history'
import { callTranscriptLink, conversationLink, talkLink } from '../../navigation/clone-links'
import { openDialog } from '../../navigation/dialogs.store'
import { chatStream } from '../chat'
import { copyShareLink } from '../share'
import { historyStrings } from './history.strings'
import { patchHistoryEntries, snapshotHistory } from './history-cache'

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * What history does to conversations (spec 1 §4 'Conversations'), with the spec's toasts (§8). Each change
 * invalidates 'conversations', 'conversation' and 'conversation-paginated' for that conversation (§7).
 */
export function useConversationActions({
  slug,
  instanceSlug,
  currentId,
}: Readonly<{ slug: string; instanceSlug: string | null; currentId: string | null }>) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const open = useCallback(
    (item: ConversationListItem) =>
      // spec 2 §2: a call (voice or video) opens its transcript page; a chat its conversation. A video
      // call's list entry carries no share id, so its transcript rather than its shared page.
      navigate(
        item.medium === 'BROWSER_VOICE' || item.medium === 'PHONE_VOICE' || item.medium === 'VIDEO'
          ? callTranscriptLink(slug, item.id)
          : conversationLink(slug, instanceSlug, item.id),
      ).catch((error: unknown) => {
        toast.error(historyStrings.switchFailed(messageOf(error)))
      }),
    [navigate, slug, instanceSlug],
  )

  const startNew = useCallback(() => {
    const started = (async () => {
      chatStream.startNewConversation()
      await navigate(talkLink(slug, instanceSlug))
    })()
    toast.promise(started, {
      loading: historyStrings.creatingConversation,
      success: historyStrings.conversationCreated,
      error: (error: unknown) => historyStrings.createFailed(messageOf(error)),
    })
    return started
  }, [navigate, slug, instanceSlug])

  const applyTitle = useCallback(
    (id: string, title: string) => {
      patchHistoryEntries(queryClient, id, (item) => ({ ...item, title }))
      chatStream.setTitle(id, title)
    },
    [queryClient],
  )

  /** The rename dialog: 'Updating conversation title...', then updated or failed. */
  const rename = useCallback(
    (item: ConversationListItem, title: string) => {
      const renamed = updateConversation(item.id, { title }).then((updated) => {
        applyTitle(item.id, updated.title)
        void invalidateConversation(queryClient, item.id)
        return updated
      })
      toast.promise(renamed, {
        loading: historyStrings.updatingTitle,
        success: historyStrings.titleUpdated,
        error: historyStrings.titleUpdateFailed,
      })
      return renamed.then(
        () => true,
        () => false,
      )
    },
    [applyTitle, queryClient],
  )

  /** The title edited in place: shown at once, put back with 'Failed to rename conversation' on failure. */
  const renameInline = useCallback(
    async (item: ConversationListItem, title: string) => {
      const restore = snapshotHistory(queryClient)
      const before = item.title
      applyTitle(item.id, title)
      try {
        await updateConversation(item.id, { title })
        void invalidateConversation(queryClient, item.id)
      } catch {
        restore()
        chatStream.setTitle(item.id, before)
        toast.error(historyStrings.renameFailed)
      }
    },
    [applyTitle, queryClient],
  )

  const copyLink = useCallback((item: ConversationListItem) => {
    if (item.shareUrl) void copyShareLink(item.shareUrl)
  }, [])

  const unshare = useCallback(
    async (item: ConversationListItem) => {
      try {
        await unshareConversation(item.id)
        patchHistoryEntries(queryClient, item.id, (entry) => ({
          ...entry,
          shareId: null,
          shareUrl: null,
          isSharer: false,
        }))
        toast.success(historyStrings.unshared)
        void invalidateConversation(queryClient, item.id)
      } catch {
        toast.error(historyStrings.unshareFailed)
      }
    },
    [queryClient],
  )

  /**
   * Archive (hidden). Archiving the open conversation goes to the most recently updated other one, or to
   * the empty talk page when there is none (spec 1 §4).
   */
  const archive = useCallback(
    async (item: ConversationListItem) => {
      try {
        await updateConversation(item.id, { hidden: true })
      } catch {
        toast.error(historyStrings.archiveFailed)
        return
      }
      patchHistoryEntries(queryClient, item.id, () => null)
      void invalidateConversation(queryClient, item.id)
      if (item.id !== currentId) return
      let next: ConversationListItem | undefined
      try {
        const page = await fetchConversationHistory({ slug, instanceSlug, limit: 2 })
        next = page.conversations.find((c) => c.id !== item.id)
      } catch {
        next = undefined
      }
      if (next) {
        await navigate(conversationLink(slug, instanceSlug, next.id))
      } else {
        chatStream.startNewConversation()
        await navigate(talkLink(slug, instanceSlug))
      }
    },
    [queryClient, currentId, navigate, slug, instanceSlug],
  )

  const share = useCallback((item: ConversationListItem) => {
    openDialog({ kind: 'share', conversationId: item.id })
  }, [])

  return { open, startNew, rename, renameInline, copyLink, unshare, archive, share }
}
