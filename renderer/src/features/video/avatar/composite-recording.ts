import { pictureInPicture } from './avatar-motion'
import { AVATAR_SIZE } from './avatar-view'

/*
 * The local avatar call's recording (spec 2 §2 'The call is recorded', §9 'recording 1280x720'): a canvas
 * of that size with the avatar and the visitor's camera as picture-in-picture in a corner, and one audio
 * track mixing the microphone with the clone's voice, recorded by MediaRecorder in the browser. The frames
 * are copied on an interval rather than requestAnimationFrame so a hidden tab keeps recording (slowly).
 */

/** Preferred first (spec 2 §9 'preferred formats webm opus then mp4'). */
export const RECORDING_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'] as const
const FRAME_RATE = 30
/** MediaRecorder hands over data this often, so a crash loses at most this much. */
const TIMESLICE_MS = 1000

/** The first type this browser records, or null when it records none of them. */
export function pickRecordingType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? null
}

/** The upload's name: the server accepts webm and mp4 recordings (contract/uploads.ts RECORDING_EXTENSIONS). */
export const recordingFileName = (type: string) => (type.includes('mp4') ? 'call.mp4' : 'call.webm')

export interface CompositeRecordingInput {
  avatar: HTMLCanvasElement
  camera: MediaStream | null
  microphone: MediaStream | null
  cloneVoice: MediaStream | null
}

export interface CompositeRecording {
  readonly type: string
  setCamera(camera: MediaStream | null): void
  setMicrophone(microphone: MediaStream | null): void
  /** The clone's voice from a new audio graph (after a microphone change). */
  setCloneVoice(voice: MediaStream | null): void
  setMuted(muted: boolean): void
  /** Stops and answers what was recorded (null when nothing was). Safe twice. */
  stop(): Promise<File | null>
}

const hasAudio = (stream: MediaStream | null): stream is MediaStream =>
  !!stream && stream.getAudioTracks().length > 0

/** Starts recording at once; throws when this browser cannot record (the engine reports it). */
export function startCompositeRecording(input: CompositeRecordingInput): CompositeRecording {
  const type = pickRecordingType((t) => MediaRecorder.isTypeSupported(t))
  if (!type) throw new Error('This browser records none of the recording types')
  const doc = input.avatar.ownerDocument
  const frame = doc.createElement('canvas')
  frame.width = AVATAR_SIZE.width
  frame.height = AVATAR_SIZE.height
  const ctx = frame.getContext('2d')
  const camera = doc.createElement('video')
  camera.muted = true
  camera.playsInline = true

  const setCamera = (stream: MediaStream | null) => {
    camera.srcObject = stream
    if (stream) void camera.play().catch(() => {})
  }
  setCamera(input.camera)

  const paint = () => {
    if (!ctx) return
    ctx.drawImage(input.avatar, 0, 0, frame.width, frame.height)
    if (camera.srcObject && camera.readyState >= 2) {
      const box = pictureInPicture(frame.width, frame.height, camera.videoWidth, camera.videoHeight)
      ctx.drawImage(camera, box.x, box.y, box.width, box.height)
      ctx.strokeStyle = 'rgba(255, 255, 255, 0.7)'
      ctx.lineWidth = 2
      ctx.strokeRect(box.x, box.y, box.width, box.height)
    }
  }
  paint()
  const painter = setInterval(paint, 1000 / FRAME_RATE)

  const audio = new AudioContext()
  void audio.resume().catch(() => {})
  const mix = audio.createMediaStreamDestination()
  const micGain = audio.createGain()
  micGain.connect(mix)
  let micSource: MediaStreamAudioSourceNode | null = null
  const setMicrophone = (stream: MediaStream | null) => {
    micSource?.disconnect()
    micSource = hasAudio(stream) ? audio.createMediaStreamSource(stream) : null
    micSource?.connect(micGain)
  }
  setMicrophone(input.microphone)
  let voiceSource: MediaStreamAudioSourceNode | null = null
  const setCloneVoice = (stream: MediaStream | null) => {
    voiceSource?.disconnect()
    voiceSource = hasAudio(stream) ? audio.createMediaStreamSource(stream) : null
    voiceSource?.connect(mix)
  }
  setCloneVoice(input.cloneVoice)

  const video = frame.captureStream(FRAME_RATE)
  const stream = new MediaStream([...video.getVideoTracks(), ...mix.stream.getAudioTracks()])
  const recorder = new MediaRecorder(stream, { mimeType: type })
  const chunks: Blob[] = []
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data)
  }
  recorder.start(TIMESLICE_MS)

  let stopped: Promise<File | null> | null = null
  const release = () => {
    clearInterval(painter)
    camera.srcObject = null
    for (const track of video.getTracks()) track.stop()
    void audio.close().catch(() => {})
  }

  return {
    type,
    setCamera,
    setMicrophone,
    setCloneVoice,
    setMuted(muted) {
      micGain.gain.value = muted ? 0 : 1
    },
    stop() {
      stopped ??= new Promise<File | null>((resolve) => {
        const finish = () => {
          release()
          const blob = new Blob(chunks, { type: type.split(';')[0] })
          resolve(blob.size > 0 ? new File([blob], recordingFileName(type), { type: blob.type }) : null)
        }
        if (recorder.state === 'inactive') return finish()
        recorder.onstop = finish
        recorder.onerror = finish
        recorder.stop()
      })
      return stopped
    },
  }
}
