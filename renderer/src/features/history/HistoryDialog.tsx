import './history.css'
import { Button, Dialog, Flex, IconButton, Spinner, Text } from '@radix-ui/themes'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { toast } from 'sonner'
import { useSnapshot } from 'valtio'
import type { ConversationListItem } from '../../../../contract/chat'
import { activeLanguage } from '../../../../contract/i18n'
import { isApiError } from '../../api/client'
import { historyQuery } from '../../api/history'
import { closeDialog, openDialog } from '../../navigation/dialogs.store'
import { CloseIcon } from '../../ui/icons'
import { PlusIcon } from '../../ui/lazy-icons'
import { chatStream } from '../chat'
import { ArchiveDialog, RenameDialog } from './ConversationDialogs'
import { HistoryEntry, type HistoryEntryActions } from './HistoryEntry'
import { historyStrings } from './history.strings'
import { formatEntryDate, groupByDate } from './history-dates'
import { useConversationActions } from './use-conversation-actions'

/**
 * spec 1 §2 'History': a drawer titled 'History' with 'New Conversation', the caller's conversations with this
 * clone grouped by day, newest first, a page at a time. Signed-in users only (spec 1 §6): a 401 shows
 * 'Please log in to view conversation history' and opens sign-in instead.
 */
export function HistoryDialog() {
  const params = useParams({ strict: false }) as {
    slug?: string
    instanceSlug?: string
    conversationId?: string
  }
  const slug = params.slug ?? ''
  const instanceSlug = params.instanceSlug ?? null
  const chat = useSnapshot(chatStream.state)
  const currentId = params.conversationId ?? (chat.session.slug === slug ? chat.conversationId : null) ?? null
  const history = useInfiniteQuery({ ...historyQuery(slug, instanceSlug), enabled: !!slug })
  const actions = useConversationActions({ slug, instanceSlug, currentId })
  const [renaming, setRenaming] = useState<ConversationListItem | null>(null)
  const [archiving, setArchiving] = useState<ConversationListItem | null>(null)

  const unauthorized = isApiError(history.error) && history.error.status === 401
  useEffect(() => {
    if (!unauthorized) return
    toast.error(historyStrings.loginToViewHistory)
    openDialog({ kind: 'signIn', reason: historyStrings.loginToViewHistory })
  }, [unauthorized])
  useEffect(() => {
    if (!slug) closeDialog('history')
  }, [slug])

  const items = useMemo(() => history.data?.pages.flatMap((p) => p.conversations) ?? [], [history.data])
  const now = useMemo(() => new Date(history.dataUpdatedAt || Date.now()), [history.dataUpdatedAt])
  // Day labels are written in the active language: regrouped when it changes.
  const language = activeLanguage()
  const groups = useMemo(
    () => groupByDate(items, (item) => item.updatedAt, now, { locale: language }),
    [items, now, language],
  )

  const entryActions: HistoryEntryActions = {
    onOpen: (item) => {
      closeDialog('history')
      void actions.open(item)
    },
    onRename: setRenaming,
    onRenameInline: (item, title) => void actions.renameInline(item, title),
    onShare: actions.share,
    onCopyShareLink: actions.copyLink,
    onUnshare: (item) => void actions.unshare(item),
    onArchive: setArchiving,
  }

  return (
    <>
      <Dialog.Root open onOpenChange={(open) => (open ? undefined : closeDialog('history'))}>
        <Dialog.Content className="history-drawer" aria-describedby={undefined}>
          <Flex align="center" justify="between" gap="3" className="history-drawer__head">
            <Dialog.Title size="5" mb="0">
              {historyStrings.title}
            </Dialog.Title>
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label={historyStrings.close}>
                <CloseIcon />
              </IconButton>
            </Dialog.Close>
          </Flex>
          <Button
            size="2"
            variant="soft"
            className="history-drawer__new"
            onClick={() => {
              closeDialog('history')
              void actions.startNew()
            }}
          >
            <PlusIcon />
            {historyStrings.newConversation}
          </Button>
          <div className="history-drawer__list">
            {history.isPending || unauthorized ? (
              <Flex justify="center" py="6" role="status" aria-label={historyStrings.loading}>
                <Spinner size="3" />
              </Flex>
            ) : history.isError ? (
              <Flex direction="column" align="center" gap="2" py="6">
                <Text size="2" color="gray">
                  {historyStrings.loadFailed}
                </Text>
                <Button variant="soft" onClick={() => void history.refetch()}>
                  {historyStrings.retry}
                </Button>
              </Flex>
            ) : items.length === 0 ? (
              <Text as="p" size="2" color="gray" align="center" my="6">
                {historyStrings.empty}
              </Text>
            ) : (
              groups.map((group) => (
                <section key={group.key} aria-label={group.label} className="history-group">
                  <Text as="p" size="1" weight="medium" color="gray" className="history-group__label">
                    {group.label}
                  </Text>
                  <ul className="plain-list history-group__list">
                    {group.items.map((item) => (
                      <HistoryEntry
                        key={item.id}
                        item={item}
                        current={item.id === currentId}
                        date={formatEntryDate(new Date(item.updatedAt), now)}
                        actions={entryActions}
                      />
                    ))}
                  </ul>
                </section>
              ))
            )}
            {history.hasNextPage ? (
              <Flex justify="center" py="3">
                <Button
                  variant="ghost"
                  loading={history.isFetchingNextPage}
                  onClick={() => void history.fetchNextPage()}
                >
                  {historyStrings.loadMore}
                </Button>
              </Flex>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Root>
      {renaming ? (
        <RenameDialog
          item={renaming}
          onClose={() => setRenaming(null)}
          onRename={(title) => {
            setRenaming(null)
            void actions.rename(renaming, title)
          }}
        />
      ) : null}
      {archiving ? (
        <ArchiveDialog
          item={archiving}
          onClose={() => setArchiving(null)}
          onArchive={() => {
            setArchiving(null)
            void actions.archive(archiving)
          }}
        />
      ) : null}
    </>
  )
}
