import { Flex, Heading, IconButton, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CallCitation, CallProduct } from '../../../../contract/calls'
import type { ChatMessage } from '../../../../contract/chat'
import { dateFormat } from '../../lib/language'
import { callLink } from '../../navigation/clone-links'
import { CloseIcon } from '../../ui/icons'
import { CallTranscriptLines } from '../calls'
import { voiceStrings } from './voice.strings'

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
/** A date, in the active language (null when there is none). */
const formatted = (iso: string | null) => {
  const value = iso ? new Date(iso) : null
  if (!value || Number.isNaN(value.getTime())) return null
  return dateFormat(DATE).format(value)
}

/** Both sides of a call, each line with its speaker and time (spec 2 §2 'Transcript page'). */
export function TranscriptView({
  cloneName,
  slug,
  startedAt,
  messages,
  closable,
  citations,
  products,
  viewSources = true,
  recording,
}: Readonly<{
  cloneName: string
  slug: string
  startedAt: string | null
  messages: readonly ChatMessage[]
  /** The close link back to /{slug}/call (not on the shared view). */
  closable: boolean
  /** The call's sources and products (call bundle, shared video page); else each message's own. */
  citations?: readonly CallCitation[]
  products?: readonly CallProduct[]
  /** The clone shows its sources (spec 1 viewSources). */
  viewSources?: boolean
  /** The call's recording, under the title and over the lines. */
  recording?: ReactNode
}>) {
  const lines = messages.filter((m) => m.sender !== 'SYSTEM' && m.text.trim())
  const when = formatted(startedAt)
  return (
    <div className="call-transcript">
      <Flex align="start" justify="between" gap="3" mb="4">
        <div>
          <Heading as="h1" size="6">
            {voiceStrings.transcriptTitle(cloneName)}
          </Heading>
          {when ? (
            <Text size="2" color="gray">
              {when}
            </Text>
          ) : null}
        </div>
        {closable ? (
          <IconButton asChild variant="ghost" color="gray" size="3">
            <Link {...callLink(slug)} aria-label={voiceStrings.closeTranscript}>
              <CloseIcon size={20} />
            </Link>
          </IconButton>
        ) : null}
      </Flex>
      {recording}
      {lines.length === 0 ? (
        <Text as="p" color="gray">
          {voiceStrings.transcriptEmpty}
        </Text>
      ) : (
        <CallTranscriptLines
          messages={lines}
          cloneName={cloneName}
          youLabel={voiceStrings.you}
          slug={slug}
          citations={citations}
          products={products}
          viewSources={viewSources}
        />
      )}
    </div>
  )
}
