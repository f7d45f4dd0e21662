import './citations.css'
import { Flex, HoverCard, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import type { MessageCitation } from '../../../../contract/chat'
import { messageSourcesQuery } from '../../api/chat'
import { CitationTypeIcon } from './CitationTypeIcon'
import { CITATION_HOVER_DELAY_MS } from './citations.constants'
import { citationsStrings } from './citations.strings'

/** The snippet shown in the hover card: the first words of the cited passage. */
const snippetOf = (text: string) => (text.length > 220 ? `${text.slice(0, 220).trimEnd()}…` : text)

/**
 * The cited passage's first words. A conversation's messages carry no citation text (contract
 * MessageCitation): the message's sources load when the preview first opens.
 */
function CitationSnippet({
  citation,
  messageId,
}: Readonly<{ citation: MessageCitation; messageId: string }>) {
  const sources = useQuery({ ...messageSourcesQuery(messageId), enabled: citation.text === undefined })
  const text = citation.text ?? sources.data?.citations.find((c) => c.index === citation.index)?.text
  if (!text) return null
  return (
    <Text as="p" size="1" color="gray" className="clamp-3">
      {snippetOf(text)}
    </Text>
  )
}

/**
 * A citation marker [n] as a clickable label (spec 1 §2): click opens the source, hovering for 250 ms
 * (spec 1 §9) shows its title, type and a snippet.
 */
export function CitationLabel({
  citation,
  messageId,
  onOpen,
  overlayShown = false,
}: Readonly<{
  citation: MessageCitation
  messageId: string
  onOpen: (index: number) => void
  /** The Sources overlay is open where its state is not in the address (a call's transcript). */
  overlayShown?: boolean
}>) {
  const [open, setOpen] = useState(false)
  // While the Sources overlay is open (the `citations` parameter) the preview stays shut: behind the
  // overlay it would be useless, and as the top layer it would take the Escape meant for the overlay.
  const inAddress = Boolean((useSearch({ strict: false }) as { citations?: unknown }).citations)
  const overlayOpen = overlayShown || inAddress
  return (
    <HoverCard.Root
      open={open && !overlayOpen}
      onOpenChange={setOpen}
      openDelay={CITATION_HOVER_DELAY_MS}
      closeDelay={120}
    >
      <HoverCard.Trigger>
        <button
          type="button"
          className="citation-label"
          aria-label={citationsStrings.source(citation.index)}
          onClick={() => {
            setOpen(false)
            onOpen(citation.index)
          }}
        >
          {citation.index}
        </button>
      </HoverCard.Trigger>
      <HoverCard.Content size="1" maxWidth="320px" className="citation-card">
        <Flex direction="column" gap="1">
          <Flex align="center" gap="1" className="citation-card__type">
            <CitationTypeIcon citation={citation} size={14} />
            <Text size="1" color="gray">
              {citationsStrings.types[citation.type]}
            </Text>
          </Flex>
          <Text as="p" size="2" weight="medium">
            {citation.title}
          </Text>
          <CitationSnippet citation={citation} messageId={messageId} />
        </Flex>
      </HoverCard.Content>
    </HoverCard.Root>
  )
}
