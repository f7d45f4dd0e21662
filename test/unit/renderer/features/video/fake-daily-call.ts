import type { DailyCallClient } from '../../../../../renderer/src/features/video/daily/daily-engine'

type Listener = (payload?: unknown) => void

/** Stands in for daily-js's call object: records what the engine asks and lets the test emit events. */
export class FakeCall implements DailyCallClient {
  readonly listeners = new Map<string, Set<Listener>>()
  created: Record<string, unknown>
  joined: { url: string } | null = null
  localAudio: boolean[] = []
  localVideo: boolean[] = []
  devices: Record<string, unknown>[] = []
  observers: number[] = []
  recordings: Record<string, unknown>[] = []
  transcriptions: Record<string, unknown>[] = []
  calls: string[] = []
  local: Record<string, unknown> = { session_id: 'visitor-1', local: true, owner: true }
  joinError: Error | null = null
  constructor(options: Record<string, unknown>) {
    this.created = options
  }
  on(name: string, listener: Listener) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set())
    this.listeners.get(name)!.add(listener)
  }
  off(name: string, listener: Listener) {
    this.listeners.get(name)?.delete(listener)
  }
  emit(name: string, payload?: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload)
  }
  listenerCount = () => [...this.listeners.values()].reduce((n, s) => n + s.size, 0)
  async join(options: { url: string }) {
    this.joined = options
    if (this.joinError) {
      this.emit('error', { action: 'error', errorMsg: this.joinError.message })
      throw this.joinError
    }
    this.emit('joined-meeting', { participants: { local: this.local } })
  }
  async leave() {
    this.calls.push('leave')
  }
  async destroy() {
    this.calls.push('destroy')
  }
  participants() {
    return { local: this.local }
  }
  setLocalAudio(enabled: boolean) {
    this.localAudio.push(enabled)
  }
  setLocalVideo(enabled: boolean) {
    this.localVideo.push(enabled)
  }
  async setInputDevicesAsync(devices: Record<string, unknown>) {
    this.devices.push(devices)
  }
  async startRemoteParticipantsAudioLevelObserver(interval?: number) {
    this.observers.push(interval ?? -1)
  }
  async startLocalAudioLevelObserver() {}
  startRecording(options: Record<string, unknown>) {
    this.recordings.push(options)
  }
  startTranscription(options: Record<string, unknown>) {
    this.transcriptions.push(options)
  }
}

export function fakeTrack(kind: 'video' | 'audio') {
  return { kind, id: `${kind}-1` } as unknown as MediaStreamTrack
}
