import { Flex, IconButton } from '@radix-ui/themes'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { ChatMessage } from '../../../../contract/chat'
import { toggleMessageSave } from '../../api/history'
import { CITATION_MARKER_SOURCE } from '../../lib/citation-markers'
import { BookmarkIcon, CheckIcon, CopyIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { chatStrings } from './chat.strings'
import { useChatMessagesContext } from './chat-context'
import { toggleSaved, useMessageSaved } from './saved-messages'

/** spec 1 §9: the copy button shows 'complete' for 1 s. */
export const COPY_CONFIRMATION_MS = 1_000

/** The text a copy puts on the clipboard: the answer without its [n] citation markers. */
export const copyableText = (text: string) =>
  text
    .replace(new RegExp(`\\s?${CITATION_MARKER_SOURCE}`, 'g'), '')
    .replace(/<[^>]+>/g, '')
    .trim()

/**
 * spec 1 §2 'Message actions': save / unsave (optimistic, rolled back with 'Failed to save message') and
 * copy. None in a read-only view (spec 1 §6 'Shared view').
 */
export function MessageActions({ message }: Readonly<{ message: ChatMessage }>) {
  const { readOnly } = useChatMessagesContext()
  const saved = useMessageSaved(message.id, message.saved)
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  if (readOnly) return null

  const onSave = async () => {
    const ok = await toggleSaved(message.id, message.saved, toggleMessageSave)
    if (!ok) toast.error(chatStrings.saveFailed)
  }
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(copyableText(message.text))
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    } catch {
      toast.error(chatStrings.copyFailed)
    }
  }
  const saveLabel = saved ? chatStrings.unsaveMessage : chatStrings.saveMessage
  return (
    <Flex gap="1" className="message-actions">
      <Tooltip content={saveLabel}>
        <IconButton
          size="1"
          variant="ghost"
          color={saved ? undefined : 'gray'}
          aria-label={saveLabel}
          aria-pressed={saved}
          onClick={() => void onSave()}
        >
          <BookmarkIcon filled={saved} />
        </IconButton>
      </Tooltip>
      <Tooltip content={copied ? chatStrings.copied : chatStrings.copyMessage}>
        <IconButton
          size="1"
          variant="ghost"
          color={copied ? 'green' : 'gray'}
          aria-label={copied ? chatStrings.copied : chatStrings.copyMessage}
          onClick={() => void onCopy()}
        >
          {copied ? <CheckIcon /> : <CopyIcon />}
        </IconButton>
      </Tooltip>
    </Flex>
  )
}
