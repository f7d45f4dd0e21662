import { Badge, Flex, Heading, Text } from '@radix-ui/themes'
import { useId } from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { MessageIcon } from '../../ui/icons'
import { VerifiedBadge } from '../../ui/VerifiedBadge'
import { SUGGESTED_QUESTIONS_SHOWN } from '../chat'
import { talkStrings } from './talk.strings'

export interface StartScreenProps {
  name: string
  imageUrl: string | undefined
  verified: boolean
  headline: string | null
  instanceName: string | null
  /** Already filtered by options.suggestQuestions; at most 3 are shown (spec 1 §9). */
  questions: readonly SuggestedQuestion[]
  onAsk: (question: string) => void
  disabled: boolean
}

/** The chat before the first message: who you are talking to and a few questions to start with. */
export function StartScreen({
  name,
  imageUrl,
  verified,
  headline,
  instanceName,
  questions,
  onAsk,
  disabled,
}: Readonly<StartScreenProps>) {
  const headingId = useId()
  const shown = questions.slice(0, SUGGESTED_QUESTIONS_SHOWN)
  return (
    <div className="talk-start">
      <Flex direction="column" align="center" gap="3" className="talk-start__intro">
        <Avatar
          src={imageUrl}
          alt=""
          fallback={initialsOf(name)}
          size="7"
          radius="full"
          className="talk-start__avatar"
        />
        <Flex align="center" gap="2" justify="center" wrap="wrap">
          <Heading as="h2" size="6" align="center">
            {name}
          </Heading>
          {verified ? <VerifiedBadge size={20} /> : null}
        </Flex>
        {instanceName ? (
          <Badge size="2" variant="soft" radius="full">
            {instanceName}
          </Badge>
        ) : null}
        {headline ? (
          <Text as="p" size="2" color="gray" align="center" className="talk-start__headline">
            {headline}
          </Text>
        ) : null}
      </Flex>
      {shown.length > 0 ? (
        <section aria-labelledby={headingId} className="talk-start__questions">
          <Text as="p" size="1" color="gray" weight="medium" id={headingId} className="talk-start__label">
            {talkStrings.suggestedQuestions}
          </Text>
          <ul className="plain-list talk-start__list">
            {shown.map((q) => (
              <li key={q.id}>
                <button
                  type="button"
                  className="talk-start__question"
                  disabled={disabled}
                  onClick={() => onAsk(q.question)}
                >
                  <MessageIcon />
                  <span>{q.question}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <Text as="p" size="2" color="gray" align="center">
          {talkStrings.startHint}
        </Text>
      )}
    </div>
  )
}
