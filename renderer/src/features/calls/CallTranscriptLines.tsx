// Imported here, not only by the feature's index.ts: the renderer's modules are side-effect free to the
// bundler (pwa/renderer-treeshake.ts), so a CSS import in an index that only re-exports is dropped.
import './calls.css'
import { Badge, Button, Flex, Text } from '@radix-ui/themes'
import { useCallback, useMemo, useState } from 'react'
import { proxy } from 'valtio'
import type { CallCitation, CallProduct } from '../../../../contract/calls'
import type { ChatMessage } from '../../../../contract/chat'
import { dateFormat } from '../../lib/language'
import type { CitationsParam } from '../../navigation/search-params'
import { MessageMarkup } from '../../ui/MessageMarkup'
import { chatStrings, ProductCard } from '../chat'
import {
  CitationLabel,
  CitationsOverlay,
  citationsByIndex,
  citationsParamFor,
  countSources,
} from '../citations'

/*
 * A call's transcript lines with their sources (spec 2 §5/§7, audit P2-48), shared by the voice transcript
 * page, the shared call page and the shared video page: the answers render as the chat's do, with clickable
 * citation markers that open the Sources overlay, a Sources button and product cards.
 */

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit' }
const timeOf = (iso: string) => {
  const value = new Date(iso)
  return Number.isNaN(value.getTime()) ? null : dateFormat(TIME).format(value)
}

/**
 * The messages with the call's own lists of sources and products (the call bundle, the shared video page)
 * in place of what each message carries, so its markers open the Sources overlay from what is on screen.
 * Without a list, each message keeps its own (the shared conversation's summaries; the overlay loads the rest).
 */
export function withCallSources(
  messages: readonly ChatMessage[],
  citations?: readonly CallCitation[],
  products?: readonly CallProduct[],
): ChatMessage[] {
  const byMessage = <T extends { messageId: string }>(items: readonly T[]) => {
    const map = new Map<string, Omit<T, 'messageId'>[]>()
    for (const { messageId, ...item } of items) map.set(messageId, [...(map.get(messageId) ?? []), item])
    return map
  }
  const citationsOf = citations ? byMessage(citations) : null
  const productsOf = products ? byMessage(products) : null
  return messages.map((message) => ({
    ...message,
    citations: citationsOf ? (citationsOf.get(message.id) ?? []) : message.citations,
    messageAffiliates: productsOf ? (productsOf.get(message.id) ?? []) : message.messageAffiliates,
  }))
}

/** An answer's text as the chat shows it: clickable citation markers, product cards, a Sources button. */
function AnswerText({
  message,
  viewSources,
  openSources,
  overlayShown,
}: Readonly<{
  message: ChatMessage
  viewSources: boolean
  openSources: (messageId: string, citation?: number) => void
  overlayShown: boolean
}>) {
  const byIndex = useMemo(
    () => (viewSources ? citationsByIndex(message.citations) : null),
    [viewSources, message.citations],
  )
  const sourceCount = viewSources ? countSources(message.citations, message.text) : 0
  const openOne = useCallback((index: number) => openSources(message.id, index), [openSources, message.id])
  const renderCitation = useCallback(
    (index: number) => {
      const citation = byIndex?.get(index)
      return citation ? (
        <CitationLabel
          citation={citation}
          messageId={message.id}
          onOpen={openOne}
          overlayShown={overlayShown}
        />
      ) : null
    },
    [byIndex, openOne, message.id, overlayShown],
  )
  return (
    <>
      <div className="chat-markup call-transcript__text">
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
          <Button size="1" variant="soft" color="gray" radius="full" onClick={() => openSources(message.id)}>
            {chatStrings.sources}
            <Badge size="1" radius="full" color="gray" variant="surface" aria-hidden>
              {sourceCount}
            </Badge>
          </Button>
        </Flex>
      ) : null}
    </>
  )
}

/** Both sides of a call, each line with its speaker and time; the answers with their sources and products. */
export function CallTranscriptLines({
  messages,
  cloneName,
  youLabel,
  slug,
  citations,
  products,
  viewSources = true,
}: Readonly<{
  messages: readonly ChatMessage[]
  cloneName: string
  youLabel: string
  slug: string
  /** The call's sources and products (call bundle, shared video page); else each message's own. */
  citations?: readonly CallCitation[]
  products?: readonly CallProduct[]
  /** The clone shows its sources (spec 1 viewSources). */
  viewSources?: boolean
}>) {
  const shown = useMemo(
    () =>
      withCallSources(messages, citations, products).filter((m) => m.sender !== 'SYSTEM' && m.text.trim()),
    [messages, citations, products],
  )
  // The Sources overlay reads the messages on screen: whole citations open without a request.
  const view = useMemo(() => proxy({ messages: shown }), [shown])
  const [sourcesParam, setSourcesParam] = useState<CitationsParam | undefined>(undefined)
  const openSources = useCallback(
    (messageId: string, citation?: number) => setSourcesParam(citationsParamFor(messageId, citation)),
    [],
  )
  return (
    <>
      <ol className="call-transcript__list">
        {shown.map((message) => {
          const user = message.sender === 'USER'
          return (
            <li
              key={message.id}
              className={user ? 'call-transcript__line call-transcript__line--user' : 'call-transcript__line'}
            >
              <Flex gap="2" align="baseline">
                <Text size="1" weight="bold">
                  {user ? youLabel : cloneName}
                </Text>
                <Text size="1" color="gray" asChild>
                  <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
                </Text>
              </Flex>
              {user ? (
                <Text as="p" size="2">
                  {message.text}
                </Text>
              ) : (
                <AnswerText
                  message={message}
                  viewSources={viewSources}
                  openSources={openSources}
                  overlayShown={sourcesParam !== undefined}
                />
              )}
            </li>
          )
        })}
      </ol>
      <CitationsOverlay
        param={sourcesParam}
        slug={slug}
        view={view}
        onClose={() => setSourcesParam(undefined)}
        onShowAll={(messageId) => openSources(messageId)}
      />
    </>
  )
}
