import { Badge, DropdownMenu, IconButton, Text } from '@radix-ui/themes'
import { type KeyboardEvent, useState } from 'react'
import { CONVERSATION_TITLE_MAX, type ConversationListItem } from '../../../../contract/chat'
import { LinkIcon, MessageIcon, PhoneIcon, VideoIcon } from '../../ui/icons'
import { ArchiveIcon, MoreIcon, PencilIcon, ShareIcon, UnlinkIcon } from '../../ui/lazy-icons'
import { historyStrings } from './history.strings'
import { titleProblem } from './title-rules'

export interface HistoryEntryActions {
  onOpen: (item: ConversationListItem) => void
  onRename: (item: ConversationListItem) => void
  onRenameInline: (item: ConversationListItem, title: string) => void
  onShare: (item: ConversationListItem) => void
  onCopyShareLink: (item: ConversationListItem) => void
  onUnshare: (item: ConversationListItem) => void
  onArchive: (item: ConversationListItem) => void
}

/** spec 1 §3 'medium': how the conversation happened. */
function MediumIcon({ medium }: Readonly<{ medium: ConversationListItem['medium'] }>) {
  if (medium === 'BROWSER_VOICE' || medium === 'PHONE_VOICE') return <PhoneIcon />
  if (medium === 'VIDEO') return <VideoIcon />
  return <MessageIcon />
}

/**
 * One history entry (spec 1 §2): medium icon, title, date, 'Current' on the open one, and its menu. The open
 * conversation's title is edited in place (clicking it again has nothing to open); any entry's menu renames it
 * in a dialog. Only the sharer sees 'Manage Share Link' (spec 1 §6).
 */
export function HistoryEntry({
  item,
  current,
  date,
  actions,
}: Readonly<{ item: ConversationListItem; current: boolean; date: string; actions: HistoryEntryActions }>) {
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState(item.title)
  const problem = editing ? titleProblem(draft) : null

  const finish = (save: boolean) => {
    setEditing(false)
    const title = draft.trim()
    if (save && !titleProblem(draft) && title !== item.title) actions.onRenameInline(item, title)
    else setDraft(item.title)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') finish(true)
    if (event.key === 'Escape') {
      event.stopPropagation()
      finish(false)
    }
  }

  return (
    <li className={current ? 'history-entry history-entry--current' : 'history-entry'}>
      <span className="history-entry__icon" aria-hidden>
        <MediumIcon medium={item.medium} />
      </span>
      <span className="visually-hidden">
        {item.medium === 'BROWSER_VOICE' || item.medium === 'PHONE_VOICE'
          ? historyStrings.voiceCall
          : item.medium === 'VIDEO'
            ? historyStrings.videoCall
            : null}
      </span>
      {editing ? (
        <div className="history-entry__main">
          <input
            className="history-entry__input"
            aria-label={historyStrings.editTitle}
            aria-invalid={problem ? true : undefined}
            value={draft}
            maxLength={CONVERSATION_TITLE_MAX + 20}
            // biome-ignore lint/a11y/noAutofocus: the person asked to edit this title just now
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => finish(true)}
          />
          {problem ? (
            <Text size="1" color="red" role="alert">
              {problem}
            </Text>
          ) : null}
        </div>
      ) : (
        <button
          type="button"
          className="history-entry__main"
          onClick={() => (current ? setEditing(true) : actions.onOpen(item))}
          title={current ? historyStrings.editTitle : undefined}
        >
          <span className="history-entry__title">{item.title}</span>
          <Text as="span" size="1" color="gray" className="history-entry__date">
            <time dateTime={item.updatedAt}>{date}</time>
            {item.isSharer ? (
              <span className="history-entry__shared">
                <LinkIcon size={12} />
                {historyStrings.shared}
              </span>
            ) : null}
          </Text>
        </button>
      )}
      {current ? (
        <Badge size="1" variant="soft" radius="full">
          {historyStrings.current}
        </Badge>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <IconButton variant="ghost" color="gray" size="1" aria-label={historyStrings.entryMenu(item.title)}>
            <MoreIcon />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content size="2" align="end">
          <DropdownMenu.Item onSelect={() => actions.onRename(item)}>
            <PencilIcon />
            {historyStrings.rename}
          </DropdownMenu.Item>
          {item.isSharer && item.shareUrl ? (
            // A labelled group rather than a submenu: a submenu has no room beside the drawer on a phone.
            <DropdownMenu.Group>
              <DropdownMenu.Separator />
              <DropdownMenu.Label>
                <ShareIcon />
                <span className="history-menu__label">{historyStrings.manageShareLink}</span>
              </DropdownMenu.Label>
              <DropdownMenu.Item onSelect={() => actions.onCopyShareLink(item)}>
                <LinkIcon />
                {historyStrings.copyShareLink}
              </DropdownMenu.Item>
              <DropdownMenu.Item color="red" onSelect={() => actions.onUnshare(item)}>
                <UnlinkIcon />
                {historyStrings.unshareConversation}
              </DropdownMenu.Item>
            </DropdownMenu.Group>
          ) : (
            <DropdownMenu.Item onSelect={() => actions.onShare(item)}>
              <ShareIcon />
              {historyStrings.share}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator />
          <DropdownMenu.Item color="red" onSelect={() => actions.onArchive(item)}>
            <ArchiveIcon />
            {historyStrings.archive}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </li>
  )
}
