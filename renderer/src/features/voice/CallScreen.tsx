// The call page's styles travel with this lazy chunk: never on the profile's first load.
import './voice.css'
import { useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { CloneProfile } from '../../../../contract/clone'
import { initialLanguage } from '../../../../contract/languages'
import { usageQueryKey } from '../../api/billing'
import { resolveMediaUrl } from '../../api/client'
import { openDialog } from '../../navigation/dialogs.store'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { useCurrentUser } from '../auth'
import { CallPage, formatCallTimer, useCallDevices } from '../calls'
import { useEmbed } from '../embed'
import { CallHeader } from './CallHeader'
import { CallEndedPanel, CallFailurePanel } from './CallOutcome'
import { CallSharePanel, callShareable } from './CallSharePanel'
import { CallStage } from './CallStage'
import { CallStatus } from './call.machine'
import { countdownLabel, remainingNow, voiceCreditRingVisible } from './call-quota'
import { LanguagePicker } from './LanguagePicker'
import { useCallAllowance } from './use-call-allowance'
import { useCallStart } from './use-call-start'
import { voiceStrings } from './voice.strings'
import { voiceCall } from './voice-call'

/** /{slug}/call and /{slug}/{instanceSlug}/call (spec 2 §2). */
export function CallRoute() {
  const params = useParams({ strict: false }) as { slug?: string; instanceSlug?: string }
  return <CallScreen slug={params.slug ?? ''} instanceSlug={params.instanceSlug} />
}

export function CallScreen({ slug, instanceSlug }: Readonly<{ slug: string; instanceSlug?: string }>) {
  return (
    <CallPage
      slug={slug}
      instanceSlug={instanceSlug}
      className="page call-page"
      loadingLabel={voiceStrings.loading}
      title={(clone) => clone.name}
    >
      {(clone) => <CallView clone={clone} />}
    </CallPage>
  )
}

/** What the live region says of the call's status (in the active language), or '' for none. */
function statusAnnouncement(status: CallStatus): string {
  if (status === CallStatus.CONNECTING) return voiceStrings.connecting
  if (status === CallStatus.ENDED) return voiceStrings.callEnded
  if (status === CallStatus.FAILED) return voiceStrings.somethingWentWrong
  return ''
}

function CallView({ clone }: Readonly<{ clone: CloneProfile }>) {
  const snap = useSnapshot(voiceCall.state)
  const { status, clone: cloneStatus, muted, failure } = snap.machine
  const queryClient = useQueryClient()
  const instanceSlug = clone.instance?.slug ?? null
  const requireEmail = clone.options.requireEmail
  const allowance = useCallAllowance(clone)
  const { user } = useCurrentUser()
  const stored = useStoredValue(storageKeys.userPreferredLanguage)
  const language = initialLanguage(stored.value, typeof navigator === 'undefined' ? [] : navigator.languages)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const callDevices = useCallDevices()

  const start = useCallStart(clone, allowance, language, callDevices.devices)

  // After a call: the usage is fetched again, and an anonymous visitor's seconds left are kept for today.
  const keep = allowance.keepAnonymousRemaining
  useEffect(() => {
    if (status !== CallStatus.ENDED) return
    keep(snap.remainingSeconds)
    void queryClient.invalidateQueries({ queryKey: usageQueryKey(clone.slug, instanceSlug) })
  }, [status, snap.remainingSeconds, keep, queryClient, clone.slug, instanceSlug])

  // Keyboard and screen-reader users land on the new screen's heading when the call changes screens.
  const screen = status === CallStatus.ENDED || status === CallStatus.FAILED ? status : 'STAGE'
  const firstScreen = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of screen, which it does not read
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false
      return
    }
    headingRef.current?.focus()
  }, [screen])

  const active = status === CallStatus.ACTIVE
  const inCall = active || status === CallStatus.CONNECTING
  const imageUrl = resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl)
  // Before a call the usage says what is left; from the start on, the call does.
  const callRemaining = status === CallStatus.IDLE ? null : snap.remainingSeconds
  const remaining = remainingNow(callRemaining ?? allowance.remainingSeconds, snap.elapsedSeconds, active)
  const usage = allowance.usage.data
  // spec 2 §6: the remaining-credit ring only with a quota (not -1) and email required.
  const credit =
    usage && remaining !== null && remaining >= 0 && voiceCreditRingVisible(usage, requireEmail)
      ? { remaining, quota: usage.quota.voice_seconds }
      : null
  const conversationId = snap.call?.conversationId ?? null
  const embed = useEmbed()
  const shareable = callShareable({
    conversationId,
    medium: 'BROWSER_VOICE',
    publicClone: clone.public,
    signedIn: user !== null,
    embedded: embed !== null,
  })
  const announcement = active
    ? cloneStatus === 'idle'
      ? voiceStrings.live
      : voiceStrings.status[cloneStatus]
    : statusAnnouncement(status)

  let body: React.ReactNode
  if (status === CallStatus.ENDED) {
    body = (
      <CallEndedPanel
        slug={clone.slug}
        instanceSlug={instanceSlug}
        headingRef={headingRef}
        conversationId={conversationId}
        canShare={shareable}
        onShare={() => (conversationId ? openDialog({ kind: 'share', conversationId }) : undefined)}
        onCallAgain={start}
      />
    )
  } else if (status === CallStatus.FAILED) {
    body = (
      <CallFailurePanel
        slug={clone.slug}
        instanceSlug={instanceSlug}
        headingRef={headingRef}
        failure={failure}
        name={clone.name}
        imageUrl={imageUrl}
        onRetry={start}
      />
    )
  } else {
    body = (
      <CallStage
        name={clone.name}
        imageUrl={imageUrl}
        status={status}
        clone={cloneStatus}
        muted={muted}
        countdown={allowance.rules.showCountdown ? countdownLabel(remaining) : null}
        credit={credit}
        startBlocked={allowance.blockedReason}
        headingRef={headingRef}
        devices={{
          microphone: callDevices.devices.microphone,
          speaker: callDevices.devices.speaker,
          onMicrophone: (id) => {
            callDevices.choose({ microphone: id })
            void voiceCall.setMicrophone(id)
          },
          onSpeaker: (id) => {
            callDevices.choose({ speaker: id })
            void voiceCall.setSpeaker(id)
          },
        }}
        playbackBlocked={snap.playbackBlocked}
        onResumePlayback={() => void voiceCall.resumePlayback()}
        onStart={start}
        onToggleMute={() => voiceCall.toggleMute()}
        onEnd={() => voiceCall.stop('hang-up')}
      />
    )
  }

  return (
    <div className="call-layout">
      <div className="call-main">
        <CallHeader
          slug={clone.slug}
          instanceSlug={instanceSlug}
          name={clone.name}
          imageUrl={imageUrl}
          verified={clone.verified}
          showBack={!inCall}
          timer={active ? formatCallTimer(snap.elapsedSeconds) : null}
          languagePicker={
            inCall ? null : <LanguagePicker value={language} onChange={(code) => stored.set(code)} />
          }
        />
        <div className="call-body">{body}</div>
        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
      </div>
      {status === CallStatus.ENDED && shareable ? (
        <CallSharePanel slug={clone.slug} conversationId={conversationId} cloneName={clone.name} />
      ) : null}
    </div>
  )
}
