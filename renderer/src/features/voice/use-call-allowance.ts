import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { CloneProfile } from '../../../../contract/clone'
import { monetizationQuery } from '../../api/billing'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { useCurrentUser, useUserType } from '../auth'
import { useUsage } from '../billing'
import {
  anonymousAllowanceSeconds,
  anonymousAllowanceUsedUp,
  anonymousRemaining,
  countdownRules,
  localDay,
  tighterLimit,
  voiceCallNeedsPaywall,
  voiceQuotaExhausted,
} from './call-quota'
import { voiceStrings } from './voice.strings'

/**
 * What the visitor may spend on a call with this clone (spec 2 §5, §6): the usage's voice seconds, and for
 * anonymous visitors the daily allowance kept locally per clone and instance through the platform seam.
 */
export function useCallAllowance(clone: CloneProfile) {
  const instanceSlug = clone.instance?.slug ?? null
  const requireEmail = clone.options.requireEmail
  const usage = useUsage(clone.slug, instanceSlug, { locationId: clone.options.locationId })
  const userType = useUserType(clone.slug)
  const { user } = useCurrentUser()
  const anonymous = user === null
  const stored = useStoredValue(storageKeys.remainingAnonymousCallTime(clone.slug, instanceSlug))
  const monetization = useQuery({ ...monetizationQuery(clone.slug), enabled: anonymous })

  const voiceMinutes = monetization.data?.anonymous_quota.voice_minutes
  const server = usage.data?.remaining.voice_seconds ?? null
  const local =
    anonymous && voiceMinutes !== undefined
      ? anonymousRemaining(stored.value, anonymousAllowanceSeconds(voiceMinutes), localDay(new Date()))
      : null
  const remainingSeconds = anonymous ? tighterLimit(server, local) : server
  const rules = countdownRules({ userType, usage: usage.data, requireEmail })

  const setStored = stored.set
  /** After an anonymous call: what is left today, kept locally. */
  const keepAnonymousRemaining = useCallback(
    (seconds: number | null) => {
      if (!anonymous || seconds === null || seconds < 0) return
      setStored({ seconds, day: localDay(new Date()) })
    },
    [anonymous, setStored],
  )

  return {
    usage,
    remainingSeconds,
    rules,
    /** The paywall instead of a call: the usage says so, or an anonymous visitor's allowance is used up. */
    needsPaywall:
      voiceCallNeedsPaywall(usage.data, requireEmail) || anonymousAllowanceUsedUp(local, rules.stopsAtZero),
    /** spec 2 §8 tooltip when the quota is used up. */
    blockedReason: voiceQuotaExhausted(usage.data, requireEmail) ? voiceStrings.quotaExhausted : null,
    keepAnonymousRemaining,
  }
}
