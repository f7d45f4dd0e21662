import { Badge, Button, Flex, Text } from '@radix-ui/themes'
import { memo, useCallback, useMemo } from 'react'
import type { ChatMessage, MessageAffiliate } from '../../../../contract/chat'
import { affiliateProductHref } from '../../api/chat'
import { resolveMediaUrl } from '../../api/client'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { RefreshIcon } from '../../ui/icons'
import { ExternalLinkIcon, MegaphoneIcon, ShoppingBagIcon } from '../../ui/lazy-icons'
import { MessageMarkup } from '../../ui/MessageMarkup'
import { Tooltip } from '../../ui/tooltip'
import { CitationLabel, citationsByIndex, countSources } from '../citations'
import { MessageFiles } from '../uploads'
import { chatStrings } from './chat.strings'
import { useChatMessagesContext } from './chat-context'
import { formatSeparatorTime, type ThreadLine } from './chat-rows'
import { isRetryable } from './chat-stream.machine'
import { MessageActions } from './MessageActions'

/** The visitor's message: the files sent with it, then plain text with line breaks kept. */
export const UserMessage = memo(function UserMessage({ message }: Readonly<{ message: ChatMessage }>) {
  return (
    <article className="chat-message chat-message--user" aria-label={chatStrings.yourMessage}>
      {message.files.length > 0 ? <MessageFiles urls={message.files} /> : null}
      {message.text ? <p className="chat-bubble chat-bubble--user">{message.text}</p> : null}
    </article>
  )
})

export function CloneAvatar() {
  const { cloneName, cloneImageUrl } = useChatMessagesContext()
  return (
    <Avatar
      size="2"
      radius="full"
      src={cloneImageUrl}
      fallback={initialsOf(cloneName)}
      alt=""
      className="chat-message__avatar"
    />
  )
}

/**
 * A clone answer: safe markup, clickable citation labels, a Sources button and product cards. An answer
 * that broke off shows what it got to, marked interrupted, with spec 1 §8's fallback text and, when
 * `retryable`, a Retry button.
 */
export const CloneMessage = memo(function CloneMessage({
  message,
  retryable = false,
}: Readonly<{ message: ChatMessage; retryable?: boolean }>) {
  const { cloneName, viewSources, openSources, MessageToolbar, retry } = useChatMessagesContext()
  const byIndex = useMemo(
    () => (viewSources ? citationsByIndex(message.citations) : null),
    [viewSources, message.citations],
  )
  const sourceCount = useMemo(
    () => (viewSources ? countSources(message.citations, message.text) : 0),
    [viewSources, message.citations, message.text],
  )
  const openOne = useCallback((index: number) => openSources(message.id, index), [openSources, message.id])
  const renderCitation = useCallback(
    (index: number) => {
      const citation = byIndex?.get(index)
      return citation ? <CitationLabel citation={citation} messageId={message.id} onOpen={openOne} /> : null
    },
    [byIndex, openOne, message.id],
  )
  if (isRetryable(message)) {
    return (
      <article
        className="chat-message chat-message--clone chat-message--interrupted"
        aria-label={chatStrings.cloneMessage(cloneName)}
      >
        <CloneAvatar />
        <div className="chat-message__body">
          {message.text ? (
            <div className="chat-markup">
              <MessageMarkup text={message.text} renderCitation={renderCitation} />
            </div>
          ) : null}
          <div className="chat-interrupted">
            <Badge size="1" color="orange" variant="soft">
              {chatStrings.interrupted}
            </Badge>
            <Text as="p" size="2">
              {chatStrings.fallbackReply}
            </Text>
            {retryable && retry ? (
              <Button size="1" variant="soft" onClick={() => retry(message.id)}>
                <RefreshIcon />
                {chatStrings.retry}
              </Button>
            ) : null}
          </div>
        </div>
      </article>
    )
  }
  return (
    <article className="chat-message chat-message--clone" aria-label={chatStrings.cloneMessage(cloneName)}>
      <CloneAvatar />
      <div className="chat-message__body">
        <div className="chat-markup">
          <MessageMarkup text={message.text} renderCitation={renderCitation} />
        </div>
        {message.messageAffiliates.length > 0 ? (
          <ul className="product-cards plain-list">
            {message.messageAffiliates.map((product, i) => (
              <li key={`${product.url}-${i}`}>
                <ProductCard product={product} messageId={message.id} fromStudio={message.fromStudio} />
              </li>
            ))}
          </ul>
        ) : null}
        {sourceCount > 0 ? (
          <Flex mt="2">
            <Button
              size="1"
              variant="soft"
              color="gray"
              radius="full"
              onClick={() => openSources(message.id)}
            >
              {chatStrings.sources}
              <Badge size="1" radius="full" color="gray" variant="surface" aria-hidden>
                {sourceCount}
              </Badge>
            </Button>
          </Flex>
        ) : null}
        {/* Save/copy and the command bar share one row under the answer, wrapping on narrow screens. */}
        <Flex align="center" gap="3" mt="1" wrap="wrap" className="message-tools">
          <MessageActions message={message} />
          {MessageToolbar ? <MessageToolbar message={message} /> : null}
        </Flex>
      </div>
    </article>
  )
})

/** spec 1 §2: the affiliate product card, linking through the affiliate redirect in a new tab. */
export function ProductCard({
  product,
  messageId,
  fromStudio,
}: Readonly<{ product: MessageAffiliate; messageId: string; fromStudio: boolean }>) {
  const image = resolveMediaUrl(product.imageUrl)
  return (
    <a
      className="product-card"
      href={affiliateProductHref(messageId, product.url, fromStudio)}
      target="_blank"
      rel="noopener noreferrer"
    >
      <span className="product-card__image" aria-hidden>
        {image ? <img src={image} alt="" loading="lazy" /> : <ShoppingBagIcon size={24} />}
      </span>
      <span className="product-card__text">
        <Text as="span" size="1" color="gray">
          {chatStrings.product}
        </Text>
        <Text as="span" size="2" weight="medium" className="clamp-2">
          {product.title}
        </Text>
      </span>
      <ExternalLinkIcon className="product-card__external" />
    </a>
  )
}

/** spec 1 §2: a creator announcement, under 'Sent by {clone name}' with a tooltip saying it is not AI. */
export const CreatorAnnouncement = memo(function CreatorAnnouncement({
  message,
}: Readonly<{ message: ChatMessage }>) {
  const { cloneName } = useChatMessagesContext()
  return (
    <div className="chat-announcement">
      <div className="chat-separator">
        <Tooltip content={chatStrings.sentByTooltip(cloneName)}>
          <button type="button" className="chat-separator__label chat-separator__label--button">
            <MegaphoneIcon size={14} />
            {chatStrings.sentBy(cloneName)}
          </button>
        </Tooltip>
      </div>
      <article className="chat-message chat-message--owner" aria-label={chatStrings.sentBy(cloneName)}>
        <div className="chat-markup chat-bubble chat-bubble--owner">
          <MessageMarkup text={message.text} />
        </div>
      </article>
    </div>
  )
})

/** spec 1 §2: the time between messages more than 8 hours apart. */
export function TimestampSeparator({ at }: Readonly<{ at: string }>) {
  return (
    <div className="chat-separator">
      <time className="chat-separator__label" dateTime={at}>
        {formatSeparatorTime(at)}
      </time>
    </div>
  )
}

export function SystemNotice({ message }: Readonly<{ message: ChatMessage }>) {
  return (
    <Text as="p" size="1" color="gray" align="center" className="chat-system">
      {message.text}
    </Text>
  )
}

/**
 * A line another feature added (contact capture, spec 1 §4): the visitor's bubble, a plain clone line
 * without tools (it is not a stored answer), or the clone typing.
 */
export function ThreadLineView({ line }: Readonly<{ line: ThreadLine }>) {
  const { cloneName } = useChatMessagesContext()
  if (line.from === 'visitor') {
    return (
      <article className="chat-message chat-message--user" aria-label={chatStrings.yourMessage}>
        <p className="chat-bubble chat-bubble--user">{line.text}</p>
      </article>
    )
  }
  if (line.from === 'typing') {
    return (
      <div className="chat-message chat-message--clone">
        <CloneAvatar />
        <div className="chat-message__body">
          <span className="typing-dots" role="status" aria-label={chatStrings.receiving(cloneName)}>
            <span className="typing-dots__dot" />
            <span className="typing-dots__dot" />
            <span className="typing-dots__dot" />
          </span>
        </div>
      </div>
    )
  }
  return (
    <article className="chat-message chat-message--clone" aria-label={chatStrings.cloneMessage(cloneName)}>
      <CloneAvatar />
      <div className="chat-message__body">
        <p className="chat-markup chat-line">{line.text}</p>
      </div>
    </article>
  )
}
