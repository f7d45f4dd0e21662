import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import { talkLink } from '../../navigation/clone-links'
import { MessageIcon, RefreshIcon, VideoIcon, WarningIcon } from '../../ui/icons'
import { videoStrings } from './video.strings'

/** spec 2 §2: 'Connecting' (then 'Hold on, …' after 5 s) or 'Starting Video' while the replica is away. */
export function ConnectingOverlay({ text }: Readonly<{ text: string }>) {
  return (
    <Flex
      direction="column"
      align="center"
      justify="center"
      gap="3"
      className="video-overlay video-overlay--dim"
    >
      <Spinner size="3" />
      <Text as="p" size="3" weight="medium" className="video-overlay__text">
        {text}
      </Text>
    </Flex>
  )
}

/** spec 2 §2 'Waiting room': 'You're in the queue', a high-demand message, 'Waiting'. */
export function WaitingRoom({ headingRef }: Readonly<{ headingRef: Ref<HTMLHeadingElement> }>) {
  return (
    <Flex direction="column" align="center" justify="center" gap="3" className="video-overlay">
      <Heading as="h1" size="6" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {videoStrings.queueTitle}
      </Heading>
      <Text as="p" size="3" color="gray" align="center">
        {videoStrings.queueHighDemand}
      </Text>
      <Flex align="center" gap="2">
        <Spinner />
        <Text size="2" weight="medium">
          {videoStrings.waiting}
        </Text>
      </Flex>
    </Flex>
  )
}

/** spec 2 §2/§8 'Failure overlay': 'Something went wrong...', 'Try again in a few minutes', 'Try Again'. */
/** spec 2 §4, §8: the call failed; a failed recording says so ('Recording Unavailable'). */
export function FailureOverlay({
  headingRef,
  title,
  onRetry,
}: Readonly<{ headingRef: Ref<HTMLHeadingElement>; title: string; onRetry: () => void }>) {
  return (
    <Flex direction="column" align="center" justify="center" gap="4" className="video-overlay">
      <div className="call-outcome__icon">
        <WarningIcon size={32} />
      </div>
      <Heading as="h1" size="6" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {title}
      </Heading>
      <Text as="p" size="3" color="gray" align="center">
        {videoStrings.tryLater}
      </Text>
      <Button size="3" onClick={onRetry}>
        <RefreshIcon />
        {videoStrings.tryAgain}
      </Button>
    </Flex>
  )
}

/** spec 2 §2 'Video-ended screen with Chat and Call Again'. */
export function VideoEnded({
  slug,
  instanceSlug,
  headingRef,
  onCallAgain,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  headingRef: Ref<HTMLHeadingElement>
  onCallAgain: () => void
}>) {
  return (
    <Flex direction="column" align="center" justify="center" gap="4" className="video-overlay">
      <div className="call-outcome__icon">
        <VideoIcon size={32} />
      </div>
      <Heading as="h1" size="7" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {videoStrings.callEnded}
      </Heading>
      <Flex gap="3" wrap="wrap" justify="center">
        <Button asChild size="3" variant="soft">
          <Link {...talkLink(slug, instanceSlug)}>
            <MessageIcon />
            {videoStrings.chat}
          </Link>
        </Button>
        <Button size="3" onClick={onCallAgain}>
          <VideoIcon />
          {videoStrings.callAgain}
        </Button>
      </Flex>
    </Flex>
  )
}
