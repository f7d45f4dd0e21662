import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { toast } from 'sonner'
import type { CloneProfile } from '../../../../contract/clone'
import { usageQuery, usageQueryKey } from '../../api/billing'
import { videoPaywallAction } from '../../lib/video-quota'
import { closeDialog, dialogs } from '../../navigation/dialogs.store'
import type { CallSearch } from '../../navigation/search-params'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { useCurrentUser } from '../auth'
import type { CallDevices } from '../calls'
import { openPaywall, setPaywallTarget } from '../paywall'
import { AUTO_DIAL_MS } from './video.constants'
import { videoStrings } from './video.strings'
import { videoCall } from './video-call'
import { VideoCallStatus } from './video-call.machine'
import type { VideoCallNotice } from './video-call.store'

/**
 * How a video call on this screen starts (spec 2 §4 'Video paywall logic', §2 dial=true): the paywall
 * decided from the usage, the call's notices as toasts or the paywall, the auto-dial after 600 ms.
 * Returns the Start action (with the suggested question picked, if any).
 */
export function useVideoStart(
  clone: CloneProfile,
  language: string,
  replica: () => HTMLElement | null,
  devices: CallDevices = {},
): (question?: string) => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const search = useSearch({ strict: false }) as CallSearch
  const instanceSlug = clone.instance?.slug ?? null
  const requireEmail = clone.options.requireEmail
  const usage = useQuery(usageQuery(clone.slug, instanceSlug, clone.options.locationId))
  const { user, loaded: userLoaded } = useCurrentUser()
  const userPending = !userLoaded
  const paywalledFlag = useStoredValue(storageKeys.videoPaywalled)

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

  // An earlier visit's ended or failed call is forgotten; leaving stops a call.
  useEffect(() => {
    videoCall.reset()
    return () => {
      videoCall.leave()
    }
  }, [])

  // spec 2 §4 'Video paywall logic', run when the user or the usage changes (not when the paywall opens or
  // closes: its own 'true and open: close' would undo its 'over quota: open' at once).
  const signedIn = user !== null
  const wasSignedIn = useRef<boolean | null>(null)
  const setPaywalled = paywalledFlag.set
  useEffect(() => {
    const justSignedIn = wasSignedIn.current === false && signedIn
    if (!userPending) wasSignedIn.current = signedIn
    const action = videoPaywallAction({
      userKnown: !userPending,
      requireEmail,
      usage: usage.data,
      paywallOpen: dialogs.open?.kind === 'paywall',
      justSignedIn,
    })
    if (action === 'open') {
      if (usage.data?.permissions.can_make_video_call === false) setPaywalled(true)
      openPaywall()
    }
    if (action === 'close') closeDialog('paywall')
  }, [userPending, signedIn, requireEmail, usage.data, setPaywalled])

  const onNotice = useCallback(
    (notice: VideoCallNotice) => {
      if (notice === 'time-limit') toast.warning(videoStrings.timeLimit)
      if (notice === 'microphone-denied') toast.error(videoStrings.allowMicrophone)
      if (notice === 'microphone-not-found') toast.error(videoStrings.noMicrophones)
      if (notice === 'quota-exhausted') {
        void queryClient.invalidateQueries({ queryKey: usageQueryKey(clone.slug, instanceSlug) })
        openPaywall()
      }
    },
    [queryClient, clone.slug, instanceSlug],
  )

  const start = useCallback(
    (question?: string) => {
      videoCall.start({
        request: { slug: clone.slug, instanceSlug, language, question: question ?? null },
        cloneName: clone.name,
        cloneImageUrl: clone.instance?.imageUrl ?? clone.imageUrl,
        // The creator's marks are on the clone's own portrait, not on an instance's picture.
        cloneFaceMarks: clone.instance?.imageUrl ? null : (clone.faceMarks ?? null),
        replica,
        devices,
        onNotice,
      })
    },
    [clone, instanceSlug, language, replica, onNotice, devices],
  )

  // spec 2 §2: dial=true (or options.autoDial) starts the call after 600 ms; dial then leaves the address.
  const autoDial = search.dial === true || clone.options.autoDial
  const dialed = useRef(false)
  const usageKnown = !usage.isPending || !requireEmail
  useEffect(() => {
    if (!autoDial || dialed.current || !usageKnown) return
    const timer = setTimeout(() => {
      const current = videoCall.state.machine.status
      if (current !== VideoCallStatus.INACTIVE) return
      dialed.current = true
      start()
      if (search.dial !== undefined)
        void navigate({ to: '.', search: (prev) => ({ ...prev, dial: undefined }), replace: true })
    }, AUTO_DIAL_MS)
    return () => clearTimeout(timer)
  }, [autoDial, usageKnown, start, navigate, search.dial])

  return start
}
