import { Button, Flex, Popover, Text } from '@radix-ui/themes'
import { Slot } from 'radix-ui'
import { useState } from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { MessageIcon } from '../../ui/icons'
import { LightbulbIcon, ShuffleIcon } from '../../ui/lazy-icons'
import { useOnFirstUse } from '../../ui/on-first-use'
import { Tooltip } from '../../ui/tooltip'
import { SUGGESTED_QUESTIONS_SHOWN } from './chat.constants'
import { chatStrings } from './chat.strings'
import { PromptIconButton } from './PromptIconButton'
import { sampleQuestions } from './prompt'

/**
 * spec 1 §2: the suggested-questions popover (max 60% of the viewport high), 3 at a time, Shuffle above 3.
 * The popover is set up when first opened (ui/on-first-use.ts).
 */
export function SuggestedQuestionsPopover({
  questions,
  disabled,
  onAsk,
}: Readonly<{
  questions: readonly SuggestedQuestion[]
  disabled: boolean
  onAsk: (question: string) => void
}>) {
  const popover = useOnFirstUse('click')
  const [shown, setShown] = useState(() => questions.slice(0, SUGGESTED_QUESTIONS_SHOWN))
  const canShuffle = questions.length > SUGGESTED_QUESTIONS_SHOWN
  const trigger = (
    <PromptIconButton
      label={chatStrings.suggestedQuestions}
      aria-haspopup="dialog"
      aria-expanded={popover.open}
    >
      <LightbulbIcon size={18} />
    </PromptIconButton>
  )
  if (!popover.setUp) {
    return (
      <Tooltip content={chatStrings.suggestedQuestions}>
        <Slot.Root {...popover.triggerProps}>{trigger}</Slot.Root>
      </Tooltip>
    )
  }
  return (
    <Popover.Root open={popover.open} onOpenChange={popover.onOpenChange}>
      <Tooltip content={chatStrings.suggestedQuestions}>
        <Popover.Trigger>{trigger}</Popover.Trigger>
      </Tooltip>
      <Popover.Content
        size="2"
        side="top"
        align="end"
        className="suggested-popover"
        maxWidth="min(420px, 92vw)"
      >
        <Flex align="center" justify="between" gap="3" mb="2">
          <Text as="p" size="2" weight="medium">
            {chatStrings.suggestedQuestions}
          </Text>
          {canShuffle ? (
            <Button
              size="1"
              variant="ghost"
              onClick={() => setShown(sampleQuestions(questions, SUGGESTED_QUESTIONS_SHOWN))}
            >
              <ShuffleIcon />
              {chatStrings.shuffle}
            </Button>
          ) : null}
        </Flex>
        <ul className="plain-list suggested-popover__list">
          {shown.map((q) => (
            <li key={q.id}>
              <button
                type="button"
                className="suggested-popover__question"
                disabled={disabled}
                onClick={() => {
                  popover.onOpenChange(false)
                  onAsk(q.question)
                }}
              >
                <MessageIcon />
                <span>{q.question}</span>
              </button>
            </li>
          ))}
        </ul>
      </Popover.Content>
    </Popover.Root>
  )
}
