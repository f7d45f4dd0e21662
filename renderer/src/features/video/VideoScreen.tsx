// The call page's styles travel with this lazy chunk: never on the profile's first load.
import './video.css'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { CloneProfile } from '../../../../contract/clone'
import { initialLanguage } from '../../../../contract/languages'
import { usageQuery } from '../../api/billing'
import { resolveMediaUrl } from '../../api/client'
import { videoStartUnavailable } from '../../lib/video-quota'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { useCurrentUser } from '../auth'
import { CallPage, formatCallTimer, PlaybackBlocked, useCallDevices } from '../calls'
import { openPaywall } from '../paywall'
import { SelfCamera } from './SelfCamera'
import { useVideoStart } from './use-video-start'
import { VideoControls } from './VideoControls'
import { VideoDebugPanel } from './VideoDebugPanel'
import { VideoHeader } from './VideoHeader'
import { ConnectingOverlay, FailureOverlay, VideoEnded, WaitingRoom } from './VideoOverlays'
import { VideoShareAside } from './VideoShareAside'
import { VideoStartOverlay } from './VideoStartOverlay'
import { videoStrings } from './video.strings'
import { videoCall } from './video-call'
import { micToggleVisible, VideoCallStatus } from './video-call.machine'

export function VideoScreen({ slug, instanceSlug }: Readonly<{ slug: string; instanceSlug?: string }>) {
  return (
    <CallPage
      slug={slug}
      instanceSlug={instanceSlug}
      className="page call-page video-page"
      loadingLabel={videoStrings.loading}
      title={(clone) => videoStrings.videoTitle(clone.name)}
    >
      {(clone) => <VideoView clone={clone} />}
    </CallPage>
  )
}

function VideoView({ clone }: Readonly<{ clone: CloneProfile }>) {
  const snap = useSnapshot(videoCall.state)
  const { status, replicaJoined, slowStart, muted, userHasSpoken, cameraProblem } = snap.machine
  const instanceSlug = clone.instance?.slug ?? null
  const { user } = useCurrentUser()
  const stored = useStoredValue(storageKeys.userPreferredLanguage)
  const language = initialLanguage(stored.value, typeof navigator === 'undefined' ? [] : navigator.languages)
  const replicaRef = useRef<HTMLDivElement>(null)
  const stageRef = useRef<HTMLDivElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const replica = useCallback(() => replicaRef.current, [])
  const { devices } = useCallDevices()
  const start = useVideoStart(clone, language, replica, devices)
  const usage = useQuery(usageQuery(clone.slug, instanceSlug, clone.options.locationId))
  const unavailable = videoStartUnavailable(usage.data, clone.options.requireEmail)
  // spec 2 §5 'Video start unavailable': the paywall instead of the call.
  const onStart = (question?: string) => (unavailable ? void openPaywall() : start(question))

  // Keyboard and screen-reader users land on the new screen's heading when the call changes screens.
  const firstScreen = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of status, which it does not read
  useEffect(() => {
    if (firstScreen.current) {
      firstScreen.current = false
      return
    }
    headingRef.current?.focus()
  }, [status])

  const active = status === VideoCallStatus.ACTIVE
  const inCall = active || status === VideoCallStatus.STARTING
  const imageUrl = resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl)
  let overlay: React.ReactNode = null
  let announcement = ''
  if (status === VideoCallStatus.INACTIVE) {
    overlay = (
      <VideoStartOverlay
        name={clone.name}
        headline={clone.headline}
        imageUrl={imageUrl}
        questions={clone.options.suggestQuestions ? clone.suggestedQuestions : []}
        blockedReason={unavailable ? videoStrings.quotaExhausted : null}
        headingRef={headingRef}
        onStart={onStart}
      />
    )
  } else if (status === VideoCallStatus.STARTING) {
    announcement = slowStart ? videoStrings.holdOn(clone.name) : videoStrings.connecting
    overlay = <ConnectingOverlay text={announcement} />
  } else if (active && !replicaJoined) {
    announcement = videoStrings.startingVideo
    overlay = <ConnectingOverlay text={announcement} />
  } else if (status === VideoCallStatus.WAITING) {
    announcement = videoStrings.queueTitle
    overlay = <WaitingRoom headingRef={headingRef} />
  } else if (status === VideoCallStatus.FAILED) {
    // A failed recording fails the call (spec 2 §4 'recording-only-failure') and is named as such (§8).
    announcement =
      snap.machine.failure === 'recording-only-failure'
        ? videoStrings.recordingUnavailable
        : videoStrings.somethingWentWrong
    overlay = <FailureOverlay headingRef={headingRef} title={announcement} onRetry={() => onStart()} />
  } else if (status === VideoCallStatus.ENDED) {
    announcement = videoStrings.callEnded
    overlay = (
      <VideoEnded
        slug={clone.slug}
        instanceSlug={instanceSlug}
        headingRef={headingRef}
        onCallAgain={() => onStart()}
      />
    )
  } else if (active) {
    announcement = videoStrings.live
  }

  return (
    <div className="call-layout">
      <div className="call-main">
        <VideoHeader
          slug={clone.slug}
          instanceSlug={instanceSlug}
          name={clone.name}
          imageUrl={imageUrl}
          verified={clone.verified}
          showBack={status === VideoCallStatus.INACTIVE || status === VideoCallStatus.ENDED}
          live={active && !snap.playbackBlocked}
          timer={active ? formatCallTimer(snap.elapsedSeconds) : null}
        />
        <div className="video-stage" ref={stageRef}>
          {/* The engine mounts the clone here (a canvas or Daily's video); kept mounted across states. */}
          <div className="video-replica" ref={replicaRef} data-testid="video-replica" hidden={!inCall} />
          {overlay}
          {inCall ? (
            <SelfCamera
              stream={snap.camera as MediaStream | null}
              problem={cameraProblem}
              container={() => stageRef.current}
            />
          ) : null}
          {active && snap.playbackBlocked ? (
            <div className="video-playback">
              <PlaybackBlocked onResume={() => void videoCall.resumePlayback()} />
            </div>
          ) : null}
        </div>
        {inCall || status === VideoCallStatus.WAITING ? (
          <VideoControls
            showMic={micToggleVisible(status)}
            muted={muted}
            micLocked={!userHasSpoken}
            onToggleMute={() => videoCall.toggleMute()}
            onMicrophone={(id) => void videoCall.setMicrophone(id)}
            onCamera={(id) => void videoCall.setCamera(id)}
            onSpeaker={(id) => void videoCall.setSpeaker(id)}
            onEnd={() => videoCall.stop('hang-up')}
          />
        ) : null}
        <div className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </div>
      </div>
      {status === VideoCallStatus.ENDED && snap.shareId && clone.public ? (
        <VideoShareAside
          slug={clone.slug}
          shareId={snap.shareId}
          cloneName={clone.name}
          conversationId={snap.call?.conversationId ?? null}
        />
      ) : null}
      {user?.staff ? <VideoDebugPanel /> : null}
    </div>
  )
}
