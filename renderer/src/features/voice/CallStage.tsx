import { Badge, Button, Flex, Heading, IconButton, Text } from '@radix-ui/themes'
import type { Ref } from 'react'
import { PhoneIcon } from '../../ui/icons'
import { MicIcon } from '../../ui/lazy-icons'
import { Tooltip } from '../../ui/tooltip'
import { CreditRing } from '../billing'
import { CallSettingsButton, DeviceSettings, PlaybackBlocked, useCallSettings } from '../calls'
import { CallIndicator } from './CallIndicator'
import { type CallStatus, CloneStatus } from './call.machine'
import { HangUpIcon, MicOffIcon } from './call-icons'
import { voiceStrings } from './voice.strings'

export interface CallStageProps {
  name: string
  imageUrl: string | undefined
  status: Extract<CallStatus, 'IDLE' | 'CONNECTING' | 'ACTIVE'>
  clone: CloneStatus
  muted: boolean
  /** The countdown text ('12 minutes', 'Unlimited'), or null when not shown (spec 2 §6). */
  countdown: string | null
  /** spec 2 §6 'remaining-credit ring' for voice seconds, or null when not shown (quota -1, no email). */
  credit: { remaining: number; quota: number } | null
  /** The Call button's refusal (the quota tooltip), or null when a call may start. */
  startBlocked: string | null
  headingRef: Ref<HTMLHeadingElement>
  /** spec 2 §2 settings: the remembered microphone and speaker, and what picking one does. */
  devices: {
    microphone: string | undefined
    speaker: string | undefined
    onMicrophone: (deviceId: string) => void
    onSpeaker: (deviceId: string) => void
  }
  /** spec 2 §2 'manual playback': the browser holds the clone's voice until a click. */
  playbackBlocked: boolean
  onResumePlayback: () => void
  onStart: () => void
  onToggleMute: () => void
  onEnd: () => void
}

/** The ring turns red in the last minute of call time. */
const LOW_CALL_SECONDS = 60
const wholeMinutes = (seconds: number) => Math.max(0, Math.floor(seconds / 60))

/**
 * The call itself (spec 2 §2): the Live badge, the clone indicator with its rings, the Connecting or status
 * pill, the countdown, and the controls (Start a call when idle; mic toggle and end call in a call).
 */
export function CallStage({
  name,
  imageUrl,
  status,
  clone,
  muted,
  countdown,
  credit,
  startBlocked,
  headingRef,
  devices,
  playbackBlocked,
  onResumePlayback,
  onStart,
  onToggleMute,
  onEnd,
}: Readonly<CallStageProps>) {
  const settings = useCallSettings()
  const active = status === 'ACTIVE'
  const inCall = active || status === 'CONNECTING'
  return (
    <Flex direction="column" align="center" gap="5" className="call-stage">
      {/* spec 2 §2 'Live badge': a green dot, a red 'Live' label while ACTIVE and no manual playback shows. */}
      {active && !playbackBlocked ? (
        <Badge color="red" variant="solid" radius="full" className="call-live">
          {voiceStrings.live}
        </Badge>
      ) : (
        <span className="call-live-dot" aria-hidden />
      )}
      <CallIndicator
        name={name}
        imageUrl={imageUrl}
        state={active ? clone : inCall ? 'connecting' : 'idle'}
      />
      <Heading as="h1" size="6" align="center" ref={headingRef} tabIndex={-1} className="call-heading">
        {name}
      </Heading>
      {status === 'CONNECTING' ? (
        <Badge size="2" radius="full" color="gray" className="call-pill">
          {voiceStrings.connecting}
        </Badge>
      ) : null}
      {/* spec 2 §2 'Status pill': only while ACTIVE and the clone is not idle. */}
      {active && clone !== CloneStatus.idle ? (
        <Badge size="2" radius="full" color={clone === 'speaking' ? 'green' : 'blue'} className="call-pill">
          {voiceStrings.status[clone]}
        </Badge>
      ) : null}
      {countdown || credit ? (
        <Flex align="center" gap="2" className="call-countdown">
          {credit ? (
            <CreditRing
              remaining={credit.remaining}
              quota={credit.quota}
              label={voiceStrings.creditRing(wholeMinutes(credit.remaining), wholeMinutes(credit.quota))}
              low={credit.remaining < LOW_CALL_SECONDS}
            />
          ) : null}
          {countdown ? (
            <Text size="2" color="gray">
              {voiceStrings.remaining}: <Text weight="medium">{countdown}</Text>
            </Text>
          ) : null}
        </Flex>
      ) : null}
      {active && playbackBlocked ? <PlaybackBlocked onResume={onResumePlayback} /> : null}
      {inCall && settings.open ? (
        <DeviceSettings
          id={settings.panelId}
          microphone={devices.microphone}
          speaker={devices.speaker}
          onMicrophone={devices.onMicrophone}
          onSpeaker={devices.onSpeaker}
          onClose={settings.close}
        />
      ) : null}
      {inCall ? (
        <Flex gap="4" align="center" className="call-controls">
          <IconButton
            size="4"
            radius="full"
            variant={muted ? 'solid' : 'soft'}
            color={muted ? 'amber' : 'gray'}
            aria-pressed={muted}
            aria-label={muted ? voiceStrings.unmute : voiceStrings.mute}
            onClick={onToggleMute}
          >
            {muted ? <MicOffIcon size={22} /> : <MicIcon size={22} />}
          </IconButton>
          <CallSettingsButton settings={settings} />
          <IconButton size="4" radius="full" color="red" aria-label={voiceStrings.endCall} onClick={onEnd}>
            <HangUpIcon size={22} />
          </IconButton>
        </Flex>
      ) : startBlocked ? (
        <Tooltip content={startBlocked}>
          {/* aria-disabled, not disabled: the button keeps focus and hover, so its tooltip is reachable. */}
          <Button size="4" radius="full" aria-disabled="true" className="call-start-blocked" color="gray">
            <PhoneIcon />
            {voiceStrings.startCall}
          </Button>
        </Tooltip>
      ) : (
        <Flex direction="column" align="center" gap="2">
          <Button size="4" radius="full" onClick={onStart}>
            <PhoneIcon />
            {voiceStrings.startCall}
          </Button>
          <Text size="1" color="gray" align="center">
            {voiceStrings.startCallHint(name)}
          </Text>
        </Flex>
      )}
    </Flex>
  )
}
