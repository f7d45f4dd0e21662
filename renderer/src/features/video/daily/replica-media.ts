/*
 * The replica's picture and voice on the page: a <video> (muted: its sound plays through the <audio>, so the
 * picture may autoplay) and an <audio>, mounted into the screen's stage (spec 2 §2 'replica audio/video').
 */

export interface ReplicaMedia {
  show(kind: 'video' | 'audio', track: MediaStreamTrack): void
  hide(kind: 'video' | 'audio', track?: MediaStreamTrack): void
  remove(): void
  /** Sends the replica's voice to a chosen speaker (HTMLMediaElement.setSinkId, where the browser has it). */
  setSpeaker(deviceId: string): Promise<void>
  /** The visitor's click on the manual-playback button: plays the voice the browser held. */
  resume(): Promise<boolean>
}

/** A refused play() that a click can undo: the autoplay policy's NotAllowedError. */
const isAutoplayRefusal = (error: unknown) =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === 'NotAllowedError'

/** A stream of one track; null where the browser (or the test DOM) has no MediaStream. */
function streamOf(track: MediaStreamTrack): MediaStream | null {
  return typeof MediaStream === 'undefined' ? null : new MediaStream([track])
}

export function mountReplicaMedia(
  host: HTMLElement,
  /** spec 2 §2 'manual playback': the browser refused to play the replica's voice until a click. */
  onBlocked: () => void = () => undefined,
): ReplicaMedia {
  const doc = host.ownerDocument
  const video = doc.createElement('video')
  video.autoplay = true
  video.playsInline = true
  video.muted = true
  video.setAttribute('playsinline', '')
  video.dataset.replica = 'video'
  video.style.width = '100%'
  video.style.height = '100%'
  video.style.objectFit = 'cover'
  const audio = doc.createElement('audio')
  audio.autoplay = true
  audio.dataset.replica = 'audio'
  host.append(video, audio)
  const shown = new Map<'video' | 'audio', MediaStreamTrack>()

  return {
    show(kind, track) {
      if (shown.get(kind) === track) return
      shown.set(kind, track)
      const element = kind === 'video' ? video : audio
      element.srcObject = streamOf(track)
      // The visitor pressed to start the call, so playing is mostly allowed; a refused voice asks for a click.
      element.play?.()?.catch?.((error: unknown) => {
        if (kind === 'audio' && isAutoplayRefusal(error)) onBlocked()
      })
    },
    hide(kind, track) {
      if (track && shown.get(kind) !== track) return
      shown.delete(kind)
      ;(kind === 'video' ? video : audio).srcObject = null
    },
    remove() {
      shown.clear()
      video.srcObject = null
      audio.srcObject = null
      video.remove()
      audio.remove()
    },
    async setSpeaker(deviceId) {
      const sink = audio as HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }
      await sink.setSinkId?.(deviceId)
    },
    async resume() {
      try {
        await audio.play()
        return true
      } catch {
        return false
      }
    },
  }
}
