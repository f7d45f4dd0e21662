import { Flex, IconButton } from '@radix-ui/themes'
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import type { ChatMessage } from '../../../../contract/chat'
import { BugIcon, PencilIcon, QuoteIcon, ToneIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { useViewer } from '../actions'
import { chatStream, useChatMessagesContext } from '../chat'
import { ReadAloudButton } from '../read-aloud'
import { hasVisibleCitations, type MessageTool, messageTools, questionBefore } from './command-bar'
import { openCommandBarDialog } from './command-bar.store'
import { commandBarStrings as s } from './command-bar.strings'

/**
 * The tools under a clone message (spec 1 §2 'Command bar', §6): the creator's Revise, Adjust tone and
 * View citations, Read aloud on clones with a voice, and staff's Debug. Nothing where the view has no
 * message tools (shared, read-only views).
 */
export function CommandBar({ message }: Readonly<{ message: ChatMessage }>) {
  const { messageTools: scope, readOnly, viewSources, openSources, cloneName } = useChatMessagesContext()
  const viewer = useViewer(scope?.slug ?? null)
  // Only the first message's id is read: later messages never re-render the bar.
  const firstId = useSnapshot(chatStream.state).messages[0]?.id
  if (!scope || readOnly) return null
  const tools = messageTools({
    sender: message.sender,
    fromStudio: message.fromStudio,
    isFirst: firstId === message.id,
    hasCitations: hasVisibleCitations(message),
    userType: viewer.userType,
    staff: viewer.staff,
    viewSources,
    hasVoice: scope.hasVoice,
    embedLogoMode: scope.embedLogoMode,
  })
  if (tools.length === 0) return null

  const { slug } = scope
  const question = () => questionBefore(chatStream.state.messages, message.id)
  const buttons: Record<
    Exclude<MessageTool, 'readAloud'>,
    { label: string; icon: ReactNode; run: () => void }
  > = {
    revise: {
      label: s.revise,
      icon: <PencilIcon size={14} />,
      run: () => openCommandBarDialog({ kind: 'revise', slug, cloneName, message, question: question() }),
    },
    tone: {
      label: s.adjustTone,
      icon: <ToneIcon size={14} />,
      run: () => openCommandBarDialog({ kind: 'tone', slug, cloneName, message, question: question() }),
    },
    citations: { label: s.viewCitations, icon: <QuoteIcon size={14} />, run: () => openSources(message.id) },
    debug: {
      label: s.debug,
      icon: <BugIcon size={14} />,
      run: () => openCommandBarDialog({ kind: 'debug', message }),
    },
  }

  return (
    <Flex role="toolbar" aria-label={s.toolbar} gap="3" align="center" className="command-bar">
      {tools.map((tool) =>
        tool === 'readAloud' ? (
          <ReadAloudButton key={tool} messageId={message.id} slug={slug} text={message.text} />
        ) : (
          <Tooltip key={tool} content={buttons[tool].label}>
            <IconButton
              size="1"
              variant="ghost"
              color="gray"
              aria-label={buttons[tool].label}
              onClick={buttons[tool].run}
            >
              {buttons[tool].icon}
            </IconButton>
          </Tooltip>
        ),
      )}
    </Flex>
  )
}
