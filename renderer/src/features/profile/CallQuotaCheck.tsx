import { Button } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import type { CloneProfile } from '../../../../contract/clone'
import { usageQuery } from '../../api/billing'
import { voiceQuotaExhausted } from '../../lib/voice-quota'
import { PhoneIcon } from '../../ui/icons'
import { callQuotaStrings } from './call-quota.strings'
import { profileStrings } from './profile.strings'

/**
 * spec 2 §8: the profile's Call button disabled, with the quota text, once the voice quota is used up.
 * Loaded lazily (the usage client, its schema and this button are not in the profile's first load, npm run
 * bench:size): the button is a link until the answer says otherwise. Renders nothing itself: it hands the
 * disabled button (or null) to `onCallButton`.
 */
export default function CallQuotaCheck({
  clone,
  onCallButton,
}: Readonly<{ clone: CloneProfile; onCallButton: (button: ReactNode) => void }>) {
  const { slug, options } = clone
  const usage = useQuery(usageQuery(slug, clone.instance?.slug ?? null, options.locationId))
  const blocked = voiceQuotaExhausted(usage.data, options.requireEmail)
  useEffect(
    () =>
      onCallButton(
        blocked ? (
          // aria-disabled keeps it focusable so its reason is heard; the profile has no tooltips.
          <Button
            size="3"
            variant="soft"
            color="gray"
            aria-disabled="true"
            title={callQuotaStrings.exhausted}
          >
            <PhoneIcon />
            {profileStrings.call}
            <span className="visually-hidden">{` (${callQuotaStrings.exhausted})`}</span>
          </Button>
        ) : null,
      ),
    [blocked, onCallButton],
  )
  return null
}
