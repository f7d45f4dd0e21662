import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { subscribe } from 'valtio'
import type { CloneProfile } from '../../../../contract/clone'
import { usageQueryKey } from '../../api/billing'
import { useOpenDialog } from '../../navigation/dialogs.store'
import type { CallSearch } from '../../navigation/search-params'
import type { CallDevices } from '../calls'
import { notifyVoiceExhausted, useEmbed, voiceLimitReplacesPaywall, watchVoiceLimit } from '../embed'
import { openPaywall, setPaywallTarget } from '../paywall'
import { BLOCKED_TOAST_MS } from './call.constants'
import { CallStatus } from './call.machine'
import type { CallNotice } from './call.store'
import { currentBrowserSupport } from './call-quota'
import type { useCallAllowance } from './use-call-allowance'
import { voiceStrings } from './voice.strings'
import { voiceCall } from './voice-call'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * How a call on this screen starts (spec 2 §4 'Start', 'Auto-start'; §5 refusals): the browser check, the
 * paywall first when the quota says so (retried once it closes), then the call; the call's notices become
 * toasts or the paywall. Returns the Start action.
 */
export function useCallStart(
  clone: CloneProfile,
  allowance: ReturnType<typeof useCallAllowance>,
  language: string,
  devices: CallDevices = {},
): () => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search = useSearch({ strict: false }) as CallSearch
  const instanceSlug = clone.instance?.slug ?? null
  const requireEmail = clone.options.requireEmail
  // spec 2 §7: an embed configuration's voice limit replaces the paywall (the host page is told).
  const embed = useEmbed()
  const limitedEmbed = voiceLimitReplacesPaywall(embed) ? embed : null
  useEffect(
    () =>
      watchVoiceLimit(
        limitedEmbed,
        (onElapsed) => subscribe(voiceCall.state, () => onElapsed(voiceCall.state.elapsedSeconds)),
        () => voiceCall.stop('quota-exhausted'),
      ),
    [limitedEmbed],
  )

  useEffect(() => {
    setPaywallTarget({
      slug: clone.slug,
      instanceSlug,
      instanceId: clone.instance?.id ?? null,
      locationId: clone.options.locationId,
      name: clone.name,
      requireEmail,
      upsellTitle: clone.upsellTitle,
    })
    return () => setPaywallTarget(null)
  }, [clone, instanceSlug, requireEmail])

  // An earlier visit's ended or failed call is forgotten; leaving stops a call (spec 2 §4 'Stop').
  useEffect(() => {
    voiceCall.reset()
    return () => {
      voiceCall.leave()
    }
  }, [])

  const onNotice = useCallback(
    (notice: CallNotice) => {
      if (notice === 'inactivity') toast(voiceStrings.callEndedInactivity)
      if (notice === 'microphone-denied') toast.error(voiceStrings.allowMicrophone)
      if (notice === 'microphone-blocked')
        toast.error(voiceStrings.microphoneBlocked, { duration: BLOCKED_TOAST_MS })
      if (notice === 'microphone-not-found') toast.error(voiceStrings.noMicrophones)
      if (notice === 'quota-exhausted') {
        void queryClient.invalidateQueries({ queryKey: usageQueryKey(clone.slug, instanceSlug) })
        if (limitedEmbed) notifyVoiceExhausted(limitedEmbed)
        else openPaywall()
      }
    },
    [queryClient, clone.slug, instanceSlug, limitedEmbed],
  )

  const attempt = useRef<(retrying?: boolean) => void>(() => undefined)
  attempt.current = (retrying = false) => {
    // spec 2 §5: in-app social browsers and browsers without the audio APIs are refused, with no retry.
    if (currentBrowserSupport() !== 'supported') {
      voiceCall.refuse('unsupported-browser')
      return
    }
    // spec 2 §5 'Voice quota'; spec 2 §4: the start is retried once the paywall closes.
    // Nothing reaches the server or the microphone then.
    if (allowance.needsPaywall) {
      if (limitedEmbed) return notifyVoiceExhausted(limitedEmbed)
      // The retry after a paywall closed with nothing changed (dismissed) does not open it again.
      if (retrying) return
      voiceCall.retryAfterPaywall(() => attempt.current(true))
      if (!openPaywall()) voiceCall.paywallClosed()
      return
    }
    voiceCall.start({
      request: {
        slug: clone.slug,
        cloneId: UUID.test(clone.id) ? clone.id : null,
        instanceId: clone.instance?.id ?? null,
        userPreferredLanguage: language,
        locationId: clone.options.locationId,
      },
      remainingSeconds: allowance.remainingSeconds,
      stopsAtZero: allowance.rules.stopsAtZero,
      devices,
      onNotice,
    })
  }
  const start = useCallback(() => attempt.current(), [])

  const paywallOpen = useOpenDialog('paywall') !== null
  const wasOpen = useRef(false)
  useEffect(() => {
    if (wasOpen.current && !paywallOpen) voiceCall.paywallClosed()
    wasOpen.current = paywallOpen
  }, [paywallOpen])

  // spec 2 §4 'Auto-start': dial=true or options.autoDial, once usage is known; dial then leaves the address.
  const autoDial = search.dial === true || clone.options.autoDial
  const dialed = useRef(false)
  const usageKnown = !allowance.usage.isPending
  useEffect(() => {
    if (!autoDial || dialed.current || !usageKnown) return
    const current = voiceCall.state.machine.status
    if (current !== CallStatus.IDLE && current !== CallStatus.ENDED && current !== CallStatus.FAILED) return
    dialed.current = true
    start()
    if (search.dial !== undefined)
      void navigate({ to: '.', search: (prev) => ({ ...prev, dial: undefined }), replace: true })
  }, [autoDial, usageKnown, start, navigate, search.dial])
  return start
}
