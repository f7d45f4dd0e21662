import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import type { Ref } from 'react'
import type { SuggestedQuestion } from '../../../../contract/clone'
import { initialsOf } from '../../lib/initials'
import { Avatar } from '../../ui/avatar'
import { VideoIcon } from '../../ui/icons'
import { MAX_SUGGESTED_QUESTIONS } from './video.constants'
import { videoStrings } from './video.strings'

/**
 * spec 2 §2 'Start overlay': avatar, name, headline, 'Start Call', and up to 3 suggested questions under
 * 'Some Inspiration' (a picked question starts the call with it).
 */
export function VideoStartOverlay({
  name,
  headline,
  imageUrl,
  questions,
  blockedReason,
  headingRef,
  onStart,
}: Readonly<{
  name: string
  headline: string | null
  imageUrl: string | undefined
  questions: readonly SuggestedQuestion[]
  blockedReason: string | null
  headingRef: Ref<HTMLHeadingElement>
  onStart: (question?: string) => void
}>) {
  const shown = questions.slice(0, MAX_SUGGESTED_QUESTIONS)
  return (
    <Flex direction="column" align="center" gap="4" className="video-overlay video-start">
      <Avatar src={imageUrl} alt="" fallback={initialsOf(name)} size="8" radius="full" />
      <Heading as="h1" size="6" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {name}
      </Heading>
      {headline ? (
        <Text as="p" size="3" color="gray" align="center">
          {headline}
        </Text>
      ) : null}
      <Button
        size="3"
        onClick={() => onStart()}
        aria-disabled={blockedReason ? 'true' : undefined}
        title={blockedReason ?? undefined}
      >
        <VideoIcon />
        {videoStrings.startCall}
      </Button>
      {blockedReason ? (
        <Text size="2" color="gray" align="center">
          {blockedReason}
        </Text>
      ) : null}
      {shown.length > 0 ? (
        <Flex direction="column" align="center" gap="2" className="video-start__questions">
          <Text as="p" size="2" weight="medium" color="gray">
            {videoStrings.inspiration}
          </Text>
          {shown.map((q) => (
            <Button key={q.id} variant="soft" color="gray" onClick={() => onStart(q.question)}>
              {q.question}
            </Button>
          ))}
        </Flex>
      ) : null}
    </Flex>
  )
}
