import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { talkLink } from '../../navigation/clone-links'
import { MessageIcon } from '../../ui/icons'
import { profileStrings } from './profile.strings'

/** How many questions show before 'Show more'. */
export const SUGGESTED_QUESTIONS_COLLAPSED = 4

/** Each question opens the chat with it as the first message (spec 1 §2). */
export function SuggestedQuestions({
  slug,
  instanceSlug,
  questions,
}: Readonly<{ slug: string; instanceSlug: string | null; questions: SuggestedQuestion[] }>) {
  const [expanded, setExpanded] = useState(false)
  const headingId = useId()
  const listId = useId()
  if (questions.length === 0) return null
  const hidden = questions.length - SUGGESTED_QUESTIONS_COLLAPSED
  const shown = expanded || hidden <= 0 ? questions : questions.slice(0, SUGGESTED_QUESTIONS_COLLAPSED)
  return (
    <section aria-labelledby={headingId} className="suggested-questions">
      <Heading as="h2" size="4" id={headingId} mb="3">
        {profileStrings.suggestedQuestions}
      </Heading>
      <ul id={listId} className="suggested-questions__list">
        {shown.map((q) => (
          <li key={q.id}>
            <Card asChild size="2" className="suggested-questions__card">
              <Link {...talkLink(slug, instanceSlug, { message: q.question })}>
                <Flex gap="3" align="start">
                  <Text color="gray" className="suggested-questions__icon">
                    <MessageIcon />
                  </Text>
                  <Text size="2">{q.question}</Text>
                </Flex>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <Flex justify="center" mt="3">
          <Button
            variant="ghost"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? profileStrings.showFewerQuestions : profileStrings.showMoreQuestions(hidden)}
          </Button>
        </Flex>
      ) : null}
    </section>
  )
}
