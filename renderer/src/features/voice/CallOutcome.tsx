import { Button, Flex, Heading, Text } from '@radix-ui/themes'
import { Link } from '@tanstack/react-router'
import type { Ref } from 'react'
import { callTranscriptLink, talkLink } from '../../navigation/clone-links'
import { MessageIcon, PhoneIcon, RefreshIcon, WarningIcon } from '../../ui/icons'
import { MicIcon, ShareIcon } from '../../ui/lazy-icons'
import { CallIndicator } from './CallIndicator'
import type { CallFailure } from './call.machine'
import { voiceStrings } from './voice.strings'

interface OutcomeBase {
  slug: string
  instanceSlug: string | null
  headingRef: Ref<HTMLHeadingElement>
}

function Panel({
  icon,
  plainIcon = false,
  title,
  text,
  headingRef,
  children,
}: Readonly<{
  icon: React.ReactNode
  /** The icon is drawn as is (the clone indicator), not in the round tinted badge. */
  plainIcon?: boolean
  title: string
  text?: string | null
  headingRef: Ref<HTMLHeadingElement>
  children?: React.ReactNode
}>) {
  return (
    <Flex direction="column" align="center" gap="4" className="call-outcome">
      {plainIcon ? icon : <div className="call-outcome__icon">{icon}</div>}
      <Heading as="h1" size="7" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {title}
      </Heading>
      {text ? (
        <Text as="p" size="3" color="gray" align="center" className="call-outcome__text">
          {text}
        </Text>
      ) : null}
      {children ? (
        <Flex gap="3" wrap="wrap" justify="center">
          {children}
        </Flex>
      ) : null}
    </Flex>
  )
}

/** spec 2 §2 'Call ended screen': 'Call Ended' with View Transcript, Share Call, Chat and Call. */
export function CallEndedPanel({
  slug,
  instanceSlug,
  headingRef,
  conversationId,
  canShare,
  onShare,
  onCallAgain,
}: Readonly<
  OutcomeBase & {
    conversationId: string | null
    canShare: boolean
    onShare: () => void
    onCallAgain: () => void
  }
>) {
  return (
    <Panel icon={<PhoneIcon size={32} />} title={voiceStrings.callEnded} headingRef={headingRef}>
      {conversationId ? (
        <Button asChild size="3" variant="soft">
          <Link {...callTranscriptLink(slug, conversationId)}>{voiceStrings.viewTranscript}</Link>
        </Button>
      ) : null}
      {conversationId && canShare ? (
        <Button size="3" variant="soft" onClick={onShare}>
          <ShareIcon />
          {voiceStrings.shareCall}
        </Button>
      ) : null}
      <Button asChild size="3" variant="soft">
        <Link {...talkLink(slug, instanceSlug)}>
          <MessageIcon />
          {voiceStrings.chat}
        </Link>
      </Button>
      <Button size="3" onClick={onCallAgain}>
        <PhoneIcon />
        {voiceStrings.call}
      </Button>
    </Panel>
  )
}

/**
 * spec 2 §2/§8 failures: a denied mic gets 'Enable Microphone access to call'; an unsupported browser the
 * refusal text with no retry; no transcription its plain text; anything else 'Something went wrong' with
 * 'Try Again' and a 'Chat' link.
 */
export function CallFailurePanel({
  slug,
  instanceSlug,
  headingRef,
  failure,
  name,
  imageUrl,
  onRetry,
}: Readonly<
  OutcomeBase & {
    failure: CallFailure | null
    name: string
    imageUrl: string | undefined
    onRetry: () => void
  }
>) {
  const chat = (
    <Button asChild size="3" variant="soft">
      <Link {...talkLink(slug, instanceSlug)}>
        <MessageIcon />
        {voiceStrings.chat}
      </Link>
    </Button>
  )
  const retry = (
    <Button size="3" onClick={onRetry}>
      <RefreshIcon />
      {voiceStrings.tryAgain}
    </Button>
  )
  if (failure === 'microphone-denied') {
    return (
      <Panel
        icon={<MicIcon size={32} />}
        title={voiceStrings.enableMicrophoneTitle}
        text={voiceStrings.enableMicrophoneText}
        headingRef={headingRef}
      >
        {retry}
      </Panel>
    )
  }
  if (failure === 'unsupported-browser') {
    return (
      <Panel icon={<WarningIcon size={32} />} title={voiceStrings.unsupportedBrowser} headingRef={headingRef}>
        {chat}
      </Panel>
    )
  }
  const text =
    failure === 'transcription-unavailable'
      ? voiceStrings.transcriptionUnavailable
      : failure === 'microphone-not-found'
        ? voiceStrings.noMicrophones
        : voiceStrings.tryAgainLater
  // spec 2 §2 'call ring (red tint on failure)': the clone indicator stays, its ring red.
  return (
    <Panel
      icon={<CallIndicator name={name} imageUrl={imageUrl} state="failed" />}
      plainIcon
      title={voiceStrings.somethingWentWrong}
      text={text}
      headingRef={headingRef}
    >
      {retry}
      {chat}
    </Panel>
  )
}
