import type { DesktopCallState } from '../../platform'

/** A call under way, as the desktop call window, the tray and the mute shortcut see it. */
export type LiveCall = Omit<DesktopCallState, 'labels'>

/** The slice of the voice call's view read here (features/voice call.store.ts). */
export interface VoiceCallViewLike {
  machine: { status: string; muted: boolean }
  elapsedSeconds: number
}

/** The slice of the video call's view read here (features/video video-call.store.ts). */
export interface VideoCallViewLike {
  machine: { status: string; muted: boolean; userHasSpoken: boolean }
  elapsedSeconds: number
}

const seconds = (value: number) => Math.min(86_400, Math.max(0, Math.floor(value)))

/** spec 2 §4: a voice call is under way while CONNECTING or ACTIVE; its mic can be muted in both. */
export function voiceLiveCall(view: VoiceCallViewLike): LiveCall | null {
  const { status, muted } = view.machine
  if (status !== 'CONNECTING' && status !== 'ACTIVE') return null
  return {
    kind: 'voice',
    status: status === 'ACTIVE' ? 'active' : 'connecting',
    elapsedSeconds: seconds(view.elapsedSeconds),
    muted,
    canMute: true,
  }
}

/**
 * spec 2 §4: a video call is under way from WAITING to ACTIVE; its mic toggle works once the visitor has
 * spoken (and only while STARTING or ACTIVE).
 */
export function videoLiveCall(view: VideoCallViewLike): LiveCall | null {
  const { status, muted, userHasSpoken } = view.machine
  if (status !== 'WAITING' && status !== 'STARTING' && status !== 'ACTIVE') return null
  return {
    kind: 'video',
    status: status === 'ACTIVE' ? 'active' : 'connecting',
    elapsedSeconds: seconds(view.elapsedSeconds),
    muted,
    canMute: userHasSpoken && status !== 'WAITING',
  }
}

/** Which call a route is: the voice or video call screen of a clone (or instance), or none. */
export function callRouteOf(match: { routeId: string; params: Record<string, unknown> } | undefined) {
  if (!match) return null
  const kind =
    match.routeId === '/$slug/call' || match.routeId === '/$slug/$instanceSlug/call'
      ? 'voice'
      : match.routeId === '/$slug/video' || match.routeId === '/$slug/$instanceSlug/video'
        ? 'video'
        : null
  const { slug, instanceSlug } = match.params
  if (!kind || typeof slug !== 'string') return null
  return { kind, slug, instanceSlug: typeof instanceSlug === 'string' ? instanceSlug : undefined } as const
}

/** m:ss, h:mm:ss from an hour on (as the tray shows it). */
export function formatElapsed(total: number): string {
  const whole = seconds(total)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
