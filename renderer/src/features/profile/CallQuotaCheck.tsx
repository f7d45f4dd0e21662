import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { usageQuery } from '../../api/billing'
import { voiceQuotaExhausted } from '../../lib/voice-quota'

/**
 * spec 2 §8: whether the profile's Call button is disabled for a used-up voice quota. Loaded lazily (the
 * usage client and its schema are not in the profile's first load, npm run bench:size): the button is a
 * link until the answer says otherwise. Renders nothing.
 */
export default function CallQuotaCheck({
  slug,
  instanceSlug,
  locationId,
  requireEmail,
  onBlockedChange,
}: Readonly<{
  slug: string
  instanceSlug: string | null
  locationId: string | null | undefined
  requireEmail: boolean
  onBlockedChange: (blocked: boolean) => void
}>) {
  const usage = useQuery(usageQuery(slug, instanceSlug, locationId))
  const blocked = voiceQuotaExhausted(usage.data, requireEmail)
  useEffect(() => onBlockedChange(blocked), [blocked, onBlockedChange])
  return null
}
