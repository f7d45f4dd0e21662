/*
 * The replica's picture and voice on the page: a <video> (muted: its sound plays through the <audio>, so the
 * picture may autoplay) and an <audio>, mounted into the screen's stage (spec 2 §2 'replica audio/video').
 */

export interface ReplicaMedia {
  show(kind: 'video' | 'audio', track: MediaStreamTrack): void
  hide(kind: 'video' | 'audio', track?: MediaStreamTrack): void
  remove(): void
}

/** A stream of one track; null where the browser (or the test DOM) has no MediaStream. */
function streamOf(track: MediaStreamTrack): MediaStream | null {
  return typeof MediaStream === 'undefined' ? null : new MediaStream([track])
}

export function mountReplicaMedia(host: HTMLElement): ReplicaMedia {
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
      // The visitor pressed to start the call, so playing is allowed; a refusal only leaves it paused.
      element.play?.()?.catch?.(() => {})
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
  }
}
