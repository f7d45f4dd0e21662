import './desktop-call.css'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { resolveMediaUrl } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { callLink, profileLink, videoLink } from '../../navigation/clone-links'
import {
  type CallWindowMode,
  type DesktopCallState,
  type DesktopEvent,
  type PlatformCallWindow,
  usePlatform,
} from '../../platform'
import { loadVideoCall } from '../video'
import { loadVoiceCall } from '../voice'
import { CompactCallView } from './CompactCallView'
import { CompactWindowButton } from './CompactWindowButton'
import { desktopCallStrings as t } from './desktop-call.strings'
import {
  callRouteOf,
  type LiveCall,
  type VideoCallViewLike,
  type VoiceCallViewLike,
  videoLiveCall,
  voiceLiveCall,
} from './live-call'

interface CallControls {
  toggleMute(): void
  hangUp(): void
}

type HostedCall =
  | { kind: 'voice'; store: { state: VoiceCallViewLike; toggleMute(): unknown; stop(): unknown } }
  | { kind: 'video'; store: { state: VideoCallViewLike; toggleMute(): unknown; stop(): unknown } }

/**
 * The desktop app's side of the call window (issue #26 part 7), mounted once beside the pages in the
 * desktop shell only: it publishes the call under way to the main process (tray entry, mute shortcut,
 * compact window), carries out main's commands (mute, hang up), switches to the compact layout while the
 * window is compact, and opens likeness:// links in the app.
 */
export function DesktopCallHost() {
  const callWindow = usePlatform().callWindow
  return callWindow ? <CallWindowHost callWindow={callWindow} /> : null
}

function CallWindowHost({ callWindow }: Readonly<{ callWindow: PlatformCallWindow }>) {
  const navigate = useNavigate()
  const [mode, setMode] = useState<CallWindowMode>('normal')
  const controls = useRef<CallControls | null>(null)
  const routeId = useRouterState({ select: (s) => s.matches.at(-1)?.routeId ?? '' })
  const slug = useRouterState({ select: (s) => paramOf(s.matches.at(-1)?.params, 'slug') })
  const instanceSlug = useRouterState({ select: (s) => paramOf(s.matches.at(-1)?.params, 'instanceSlug') })
  const route = useMemo(
    () => callRouteOf({ routeId, params: { slug, instanceSlug } }),
    [routeId, slug, instanceSlug],
  )
  const hosted = useCallStore(route?.kind ?? null)

  useEffect(
    () =>
      callWindow.onEvent((event: DesktopEvent) => {
        switch (event.type) {
          case 'toggle-mute':
            controls.current?.toggleMute()
            return
          case 'hang-up':
            controls.current?.hangUp()
            return
          case 'window-mode':
            setMode(event.mode)
            return
          case 'deep-link': {
            // A link never ends a call under way (main only forwards links when there is none).
            if (controls.current) return
            const { slug: target, action } = event.target
            const dial = { dial: true }
            const link =
              action === 'call'
                ? callLink(target, null, dial)
                : action === 'video'
                  ? videoLink(target, null, dial)
                  : profileLink(target)
            void navigate(link)
            return
          }
        }
      }),
    [callWindow, navigate],
  )

  // Leaving the call screens (or the app) leaves no call behind in the tray.
  useEffect(() => () => void callWindow.publish(null).catch(() => undefined), [callWindow])

  if (!route || !hosted || hosted.kind !== route.kind) {
    controls.current = null
    return <Unpublish callWindow={callWindow} />
  }
  return (
    <LiveCallWindow
      key={route.kind}
      hosted={hosted}
      slug={route.slug}
      instanceSlug={route.instanceSlug}
      callWindow={callWindow}
      mode={mode}
      controls={controls}
    />
  )
}

const paramOf = (params: unknown, name: string): string | undefined => {
  const value = (params as Record<string, unknown> | undefined)?.[name]
  return typeof value === 'string' ? value : undefined
}

/** Publishes 'no call' once when shown (off the call screens). */
function Unpublish({ callWindow }: Readonly<{ callWindow: PlatformCallWindow }>) {
  useEffect(() => {
    void callWindow.publish(null).catch(() => undefined)
  }, [callWindow])
  return null
}

/** The call store of the kind on screen, loaded with it (the voice and video chunks). */
function useCallStore(kind: 'voice' | 'video' | null): HostedCall | null {
  const [loaded, setLoaded] = useState<HostedCall | null>(null)
  useEffect(() => {
    if (!kind) return
    let current = true
    const load: Promise<HostedCall> =
      kind === 'voice'
        ? loadVoiceCall().then((m) => ({ kind, store: m.voiceCall }))
        : loadVideoCall().then((m) => ({ kind, store: m.videoCall }))
    load.then((next) => current && setLoaded(next)).catch(() => undefined)
    return () => {
      current = false
    }
  }, [kind])
  return loaded
}

function LiveCallWindow({
  hosted,
  slug,
  instanceSlug,
  callWindow,
  mode,
  controls,
}: Readonly<{
  hosted: HostedCall
  slug: string
  instanceSlug: string | undefined
  callWindow: PlatformCallWindow
  mode: CallWindowMode
  controls: RefObject<CallControls | null>
}>) {
  const snap = useSnapshot(hosted.store.state)
  const live: LiveCall | null =
    hosted.kind === 'voice'
      ? voiceLiveCall(snap as VoiceCallViewLike)
      : videoLiveCall(snap as VideoCallViewLike)
  const clone = useQuery(cloneQuery(slug, instanceSlug)).data
  const name = clone ? (clone.instance?.name ?? clone.name) : null
  const imageUrl = clone ? resolveMediaUrl(clone.instance?.imageUrl ?? clone.imageUrl) : undefined

  const published: DesktopCallState | null =
    live && name
      ? {
          ...live,
          labels: {
            title: t.callWith(name).slice(0, 120),
            mute: t.mute,
            unmute: t.unmute,
            hangUp: t.hangUp,
            showWindow: t.showWindow,
            compactWindow: t.compactWindow,
          },
        }
      : null
  const key = JSON.stringify(published)
  // biome-ignore lint/correctness/useExhaustiveDependencies: published is rebuilt each render; its text is the key.
  useEffect(() => {
    void callWindow.publish(published).catch(() => undefined)
  }, [callWindow, key])

  const { store } = hosted
  controls.current = live
    ? {
        toggleMute: () => {
          if (live.canMute) store.toggleMute()
        },
        hangUp: () => store.stop(),
      }
    : null

  if (!live || !name) return null
  if (mode === 'compact') {
    return (
      <CompactCallView
        call={live}
        name={name}
        imageUrl={imageUrl}
        onToggleMute={() => store.toggleMute()}
        onHangUp={() => store.stop()}
        onExpand={() => void callWindow.setMode('normal').catch(() => undefined)}
      />
    )
  }
  return (
    <div className="desktop-call-compact-button-slot">
      <CompactWindowButton />
    </div>
  )
}
