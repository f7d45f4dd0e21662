import { Flex, Heading, IconButton, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { ChatMessage } from '../../../../contract/chat'
import { dateFormat } from '../../lib/language'
import { callLink } from '../../navigation/clone-links'
import { CloseIcon } from '../../ui/icons'
import { voiceStrings } from './voice.strings'

const FORMATS = {
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { dateStyle: 'medium', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
/** A time or a date, in the active language (null when there is none). */
const formatted = (kind: keyof typeof FORMATS, iso: string | null) => {
  const value = iso ? new Date(iso) : null
  if (!value || Number.isNaN(value.getTime())) return null
  return dateFormat(FORMATS[kind]).format(value)
}

/** Both sides of a call, each line with its speaker and time (spec 2 §2 'Transcript page'). */
export function TranscriptView({
  cloneName,
  slug,
  startedAt,
  messages,
  closable,
}: Readonly<{
  cloneName: string
  slug: string
  startedAt: string | null
  messages: readonly ChatMessage[]
  /** The close link back to /{slug}/call (not on the shared view). */
  closable: boolean
}>) {
  const lines = messages.filter((m) => m.sender !== 'SYSTEM' && m.text.trim())
  const when = formatted('date', startedAt)
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
      {lines.length === 0 ? (
        <Text as="p" color="gray">
          {voiceStrings.transcriptEmpty}
        </Text>
      ) : (
        <ol className="call-transcript__list">
          {lines.map((message) => {
            const user = message.sender === 'USER'
            return (
              <li
                key={message.id}
                className={
                  user ? 'call-transcript__line call-transcript__line--user' : 'call-transcript__line'
                }
              >
                <Flex gap="2" align="baseline">
                  <Text size="1" weight="bold">
                    {user ? voiceStrings.you : cloneName}
                  </Text>
                  <Text size="1" color="gray" asChild>
                    <time dateTime={message.createdAt}>{formatted('time', message.createdAt)}</time>
                  </Text>
                </Flex>
                <Text as="p" size="2">
                  {message.text}
                </Text>
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
