import { Button } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import type { CloneProfile } from '../../../../contract/clone'
import { usageQuery } from '../../api/billing'
import { videoQuotaExhausted } from '../../lib/video-quota'
import { voiceQuotaExhausted } from '../../lib/voice-quota'
import { type IconProps, PhoneIcon, VideoIcon } from '../../ui/icons'
import { callQuotaStrings, videoQuotaStrings } from './call-quota.strings'
import { profileStrings } from './profile.strings'

/** A profile action disabled by its quota: aria-disabled keeps it focusable so its reason is heard. */
function BlockedButton({
  Icon,
  label,
  reason,
}: Readonly<{ Icon: (props: IconProps) => ReactNode; label: string; reason: string }>) {
  // The profile has no tooltips: the reason is the title and, for screen readers, part of the name.
  return (
    <Button size="3" variant="soft" color="gray" aria-disabled="true" title={reason}>
      <Icon />
      {label}
      <span className="visually-hidden">{` (${reason})`}</span>
    </Button>
  )
}

/**
 * spec 2 §8: the profile's Call and Video buttons disabled, with their quota texts ('You have exhausted
 * your monthly call quota with this Clone.', '… video call quota …'), once the voice or video quota is used
 * up. Loaded lazily (the usage client, its schema and these buttons are not in the profile's first load, npm
 * run bench:size): the buttons are links until the answer says otherwise. Renders nothing itself: it hands
 * the disabled buttons (or null) to `onCallButton` and `onVideoButton`.
 */
export default function CallQuotaCheck({
  clone,
  onCallButton,
  onVideoButton,
}: Readonly<{
  clone: CloneProfile
  onCallButton: (button: ReactNode) => void
  onVideoButton: (button: ReactNode) => void
}>) {
  const { slug, options } = clone
  const usage = useQuery(usageQuery(slug, clone.instance?.slug ?? null, options.locationId))
  const callBlocked = clone.allowVoice && voiceQuotaExhausted(usage.data, options.requireEmail)
  const videoBlocked = clone.allowVideo && videoQuotaExhausted(usage.data, options.requireEmail)
  useEffect(
    () =>
      onCallButton(
        callBlocked ? (
          <BlockedButton Icon={PhoneIcon} label={profileStrings.call} reason={callQuotaStrings.exhausted} />
        ) : null,
      ),
    [callBlocked, onCallButton],
  )
  useEffect(
    () =>
      onVideoButton(
        videoBlocked ? (
          <BlockedButton Icon={VideoIcon} label={profileStrings.video} reason={videoQuotaStrings.exhausted} />
        ) : null,
      ),
    [videoBlocked, onVideoButton],
  )
  return null
}
