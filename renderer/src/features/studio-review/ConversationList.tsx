import { Badge, Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import { ConversationMedium } from '../../../../contract/chat'
import type { ReviewConversation, ReviewConversationPage } from '../../../../contract/studio-review'
import { formatReviewTime, visitorLabel } from './review-format'
import { studioReviewStrings as s } from './studio-review.strings'

/**
 * The list pane: a medium filter, the conversations newest activity first, and 'Load more'. Each entry is a
 * button that opens its conversation; the open one is marked for assistive technology.
 */
export function ConversationList({
  list,
  name,
  medium,
  onMedium,
  openId,
  onOpen,
}: Readonly<{
  list: UseInfiniteQueryResult<InfiniteData<ReviewConversationPage>>
  name: string
  medium: ConversationMedium | null
  onMedium: (medium: ConversationMedium | null) => void
  openId: string | null
  onOpen: (id: string) => void
}>) {
  const filterId = useId()
  const conversations = list.data?.pages.flatMap((p) => p.conversations) ?? []

  let content: React.ReactNode
  if (list.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (list.isError && conversations.length === 0) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void list.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else if (conversations.length === 0) {
    content = (
      <Flex direction="column" gap="1" py="4">
        <Heading as="h2" size="3">
          {s.empty}
        </Heading>
        <Text color="gray" size="2">
          {medium ? s.emptyMedium(s.media[medium]) : s.emptyBody(name)}
        </Text>
      </Flex>
    )
  } else {
    content = (
      <>
        <ul className="review-list" aria-label={s.listLabel}>
          {conversations.map((c) => (
            <li key={c.id}>
              <ConversationEntry conversation={c} open={c.id === openId} onOpen={onOpen} />
            </li>
          ))}
        </ul>
        {list.isFetchNextPageError ? (
          <Text color="red" size="2" role="alert">
            {s.loadMoreFailed}
          </Text>
        ) : null}
        {list.hasNextPage ? (
          <Button
            variant="soft"
            onClick={() => void list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            disabled={list.isFetchingNextPage}
          >
            {s.loadMore}
          </Button>
        ) : null}
      </>
    )
  }

  return (
    <Flex direction="column" gap="3">
      <div>
        <Text as="label" htmlFor={filterId} size="2" weight="medium" mb="1" style={{ display: 'block' }}>
          {s.mediumLabel}
        </Text>
        <select
          id={filterId}
          className="review-select"
          value={medium ?? ''}
          onChange={(e) => {
            const parsed = ConversationMedium.safeParse(e.target.value)
            onMedium(parsed.success ? parsed.data : null)
          }}
        >
          <option value="">{s.allMedia}</option>
          {ConversationMedium.options.map((m) => (
            <option key={m} value={m}>
              {s.media[m]}
            </option>
          ))}
        </select>
      </div>
      {content}
    </Flex>
  )
}

function ConversationEntry({
  conversation: c,
  open,
  onOpen,
}: Readonly<{ conversation: ReviewConversation; open: boolean; onOpen: (id: string) => void }>) {
  const visitor = visitorLabel(c.visitor)
  return (
    <button
      type="button"
      className="review-entry"
      data-conversation-id={c.id}
      aria-current={open ? 'true' : undefined}
      onClick={() => onOpen(c.id)}
    >
      <Flex justify="between" gap="2" align="start">
        <Text weight="medium" className="review-entry__title">
          {c.title}
        </Text>
        <Badge color="gray" variant="soft">
          {s.media[c.medium]}
        </Badge>
      </Flex>
      <Text size="2" as="div">
        {visitor.name}
        {visitor.email ? <Text color="gray"> · {visitor.email}</Text> : null}
      </Text>
      <Text size="1" color="gray" as="div">
        {s.messageCount(c.messageCount)} · {s.lastActivity(formatReviewTime(c.lastActivityAt))}
        {c.archived ? ` · ${s.archivedShort}` : ''}
      </Text>
    </button>
  )
}
