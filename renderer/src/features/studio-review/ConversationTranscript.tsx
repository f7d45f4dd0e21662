import { Badge, Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { type Ref, useState } from 'react'
import type {
  ReviewCitation,
  ReviewConversationDetail,
  ReviewMessage,
} from '../../../../contract/studio-review'
import { reviewConversationQuery } from '../../api/studio-review'
import { ReviseAnswerDialog } from './ReviseAnswerDialog'
import { formatReviewTime, sourcesOf, visitorLabel } from './review-format'
import { studioReviewStrings as s } from './studio-review.strings'

/**
 * The open conversation, read-only, as a transcript: the visitor's messages, the clone's answers marked with
 * their sources named, and (for the creator) a Revise button on each answer; answers already revised show
 * the improved answer now in effect.
 */
export function ConversationTranscript({
  slug,
  id,
  name,
  canRevise,
  headingRef,
}: Readonly<{
  slug: string
  id: string
  name: string
  canRevise: boolean
  headingRef: Ref<HTMLHeadingElement>
}>) {
  const conversation = useQuery(reviewConversationQuery(slug, id))
  const [revising, setRevising] = useState<{ answer: ReviewMessage; question: string | null } | null>(null)

  if (conversation.isPending) return <Spinner size="3" role="status" aria-label={s.loadingConversation} />
  if (conversation.isError) {
    return (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.conversationFailed}</Text>
        <Button variant="soft" onClick={() => void conversation.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  }
  const c = conversation.data
  return (
    <Flex direction="column" gap="3">
      <TranscriptHeader conversation={c} headingRef={headingRef} />
      {c.messages.length === 0 ? <Text color="gray">{s.noMessages}</Text> : null}
      <ol className="review-transcript" aria-label={c.title}>
        {c.messages.map((m, i) => (
          <li key={m.id} className={`review-message review-message--${m.sender.toLowerCase()}`}>
            <TranscriptMessage
              message={m}
              name={name}
              onRevise={
                canRevise && m.sender === 'CLONE' && !m.fromStudio && m.status !== 'streaming'
                  ? () => setRevising({ answer: m, question: questionBefore(c.messages, i) })
                  : null
              }
              answerNumber={c.messages.slice(0, i + 1).filter((x) => x.sender === 'CLONE').length}
            />
          </li>
        ))}
      </ol>
      {revising ? (
        <ReviseAnswerDialog
          slug={slug}
          conversationId={c.id}
          name={name}
          answer={revising.answer}
          question={revising.question}
          onClose={() => setRevising(null)}
        />
      ) : null}
    </Flex>
  )
}

/** The visitor's latest message before the answer at `index`. */
function questionBefore(messages: readonly ReviewMessage[], index: number): string | null {
  for (let i = index - 1; i >= 0; i -= 1) if (messages[i]!.sender === 'USER') return messages[i]!.text
  return null
}

function TranscriptHeader({
  conversation: c,
  headingRef,
}: Readonly<{ conversation: ReviewConversationDetail; headingRef: Ref<HTMLHeadingElement> }>) {
  const visitor = visitorLabel(c.visitor)
  return (
    <Flex direction="column" gap="1" className="review-transcript__header">
      <Heading as="h2" size="5" ref={headingRef} tabIndex={-1}>
        {c.title}
      </Heading>
      <Text size="2">
        {visitor.name}
        {visitor.email ? <Text color="gray"> · {visitor.email}</Text> : null}
      </Text>
      <Flex gap="2" wrap="wrap" align="center">
        <Badge color="gray" variant="soft">
          {s.media[c.medium]}
        </Badge>
        {c.archived ? (
          <Badge color="amber" variant="soft">
            {s.archived}
          </Badge>
        ) : null}
        <Text size="1" color="gray">
          {s.started(formatReviewTime(c.createdAt))} · {s.messageCount(c.messageCount)}
        </Text>
      </Flex>
    </Flex>
  )
}

function senderLabel(message: ReviewMessage, name: string): string {
  if (message.sender === 'USER') return s.visitor
  if (message.sender === 'OWNER') return s.announcement(name)
  if (message.sender === 'SYSTEM') return s.system
  return name
}

function TranscriptMessage({
  message: m,
  name,
  onRevise,
  answerNumber,
}: Readonly<{ message: ReviewMessage; name: string; onRevise: (() => void) | null; answerNumber: number }>) {
  return (
    <article
      className="review-bubble"
      aria-label={s.messageLabel(senderLabel(m, name), formatReviewTime(m.createdAt))}
    >
      <Flex justify="between" align="center" gap="2" wrap="wrap" mb="1">
        <Flex gap="2" align="center">
          <Text size="1" weight="bold">
            {senderLabel(m, name)}
          </Text>
          {m.sender === 'CLONE' ? (
            <Badge size="1" variant="soft">
              {s.cloneAnswer}
            </Badge>
          ) : null}
          {m.revision ? (
            <Badge size="1" color="green" variant="soft">
              {s.revised}
            </Badge>
          ) : null}
        </Flex>
        <Text size="1" color="gray" asChild>
          <time dateTime={m.createdAt}>{formatReviewTime(m.createdAt)}</time>
        </Text>
      </Flex>
      <Text as="p" size="2" className="review-bubble__text">
        {m.text}
      </Text>
      {m.status === 'interrupted' ? (
        <Text as="p" size="1" color="gray">
          {s.unfinished}
        </Text>
      ) : null}
      {m.status === 'stopped' ? (
        <Text as="p" size="1" color="gray">
          {s.stopped}
        </Text>
      ) : null}
      {m.attachments > 0 ? (
        <Text as="p" size="1" color="gray">
          {s.attachments(m.attachments)}
        </Text>
      ) : null}
      <AnswerSources message={m} />
      {m.revision ? (
        <div className="review-revision">
          <Text size="1" weight="medium" color="green">
            {s.revisedAnswer}
          </Text>
          <Text as="p" size="2">
            {m.revision.text}
          </Text>
        </div>
      ) : null}
      {onRevise ? (
        <Button size="1" variant="soft" mt="2" onClick={onRevise} aria-label={s.reviseLabel(answerNumber)}>
          {s.revise}
        </Button>
      ) : null}
    </article>
  )
}

function AnswerSources({ message }: Readonly<{ message: ReviewMessage }>) {
  const { used, relevant } = sourcesOf(message.text, message.citations)
  if (used.length + relevant.length === 0) return null
  return (
    <div className="review-sources">
      {used.length > 0 ? (
        <>
          <Text size="1" weight="medium" color="gray">
            {s.sources}
          </Text>
          <ol>
            {used.map((c) => (
              <li key={c.index} value={c.index}>
                <SourceTitle citation={c} />
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {relevant.length > 0 ? (
        <>
          <Text size="1" weight="medium" color="gray">
            {s.relevantSources}
          </Text>
          <ul>
            {relevant.map((c) => (
              <li key={c.index}>
                <SourceTitle citation={c} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}

function SourceTitle({ citation }: Readonly<{ citation: ReviewCitation }>) {
  return citation.url ? (
    <a href={citation.url} target="_blank" rel="noreferrer noopener">
      {citation.title}
    </a>
  ) : (
    citation.title
  )
}
