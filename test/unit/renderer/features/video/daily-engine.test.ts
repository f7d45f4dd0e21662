// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StartVideoCallResponse } from '../../../../../contract/video'
import {
  createDailyEngine,
  type DailyCallClient,
  type DailySdkLoader,
  recordingOptions,
} from '../../../../../renderer/src/features/video/daily/daily-engine'
import {
  type DailyMappingState,
  INITIAL_DAILY_STATE,
  mapDailyEvent,
} from '../../../../../renderer/src/features/video/daily/daily-events'
import type { VideoEngineEvent } from '../../../../../renderer/src/features/video/video-engine'
import recorded from './daily-events.json'

type Listener = (payload?: unknown) => void
const T0 = Date.parse('2026-01-01T10:00:00.000Z')

/** Stands in for daily-js's call object: records what the engine asks and lets the test emit events. */
class FakeCall implements DailyCallClient {
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

const CALL: StartVideoCallResponse = {
  callId: '11111111-1111-4111-8111-111111111111',
  conversationId: '22222222-2222-4222-8222-222222222222',
  startedAt: '2026-01-01T10:00:00.000Z',
  language: 'de',
  remainingSeconds: -1,
  provider: { kind: 'tavus' },
  tavusConversationId: 'c123456',
  tavusConversationUrl: 'https://tavus.daily.co/c123456',
  transcription: { language: 'de', endpointing: 500, profanity_filter: false },
}

function fakeTrack(kind: 'video' | 'audio') {
  return { kind, id: `${kind}-1` } as unknown as MediaStreamTrack
}

function setUp(
  options: { joinError?: Error; local?: Record<string, unknown>; call?: StartVideoCallResponse } = {},
) {
  const events: VideoEngineEvent[] = []
  let fake: FakeCall | null = null
  let loads = 0
  let clock = T0
  const loadSdk: DailySdkLoader = async () => {
    loads++
    return {
      createCallObject(created) {
        fake = new FakeCall(created)
        if (options.joinError) fake.joinError = options.joinError
        if (options.local) fake.local = options.local
        return fake
      },
    }
  }
  const engine = createDailyEngine(
    {
      call: options.call ?? CALL,
      cloneSlug: 'lena-hart',
      cloneName: 'Lena Hart',
      cloneImageUrl: null,
      language: 'de',
      onEvent: (e) => events.push(e),
    },
    loadSdk,
    () => clock,
  )
  const replica = document.createElement('div')
  document.body.append(replica)
  const camera = { getVideoTracks: () => [fakeTrack('video')] } as unknown as MediaStream
  return {
    engine,
    events,
    replica,
    stage: { replica, camera },
    fake: () => fake!,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms
    },
  }
}

/** happy-dom's MediaStream keeps no tracks: this one does, for the test to see which one plays. */
beforeEach(() => {
  const Base = globalThis.MediaStream
  vi.stubGlobal(
    'MediaStream',
    class extends Base {
      constructor(readonly tracks: MediaStreamTrack[]) {
        super()
      }
    },
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('mapDailyEvent', () => {
  it('turns a recorded Tavus conversation on Daily into the video store’s events', () => {
    let state: DailyMappingState = INITIAL_DAILY_STATE
    const mapped: VideoEngineEvent[] = []
    for (const e of recorded.events) {
      const result = mapDailyEvent(state, e.name, e.payload, T0 + e.at)
      state = result.state
      mapped.push(...result.events)
    }
    expect(mapped).toEqual(recorded.expected)
  })

  it('counts a replica already waiting in the room as joined at once', () => {
    const { events } = mapDailyEvent(
      INITIAL_DAILY_STATE,
      'joined-meeting',
      { participants: { local: { session_id: 'me', local: true }, r: { session_id: 'replica-1' } } },
      T0,
    )
    expect(events).toEqual([{ type: 'joined' }, { type: 'replica-joined', bootMs: 0 }])
  })

  it('tells a refused or missing microphone from a refused or missing camera', () => {
    const kind = (error: Record<string, unknown>) =>
      mapDailyEvent(INITIAL_DAILY_STATE, 'camera-error', { error }, T0).events[0]
    expect(kind({ type: 'permissions', blockedMedia: ['video', 'audio'], msg: 'x' })).toMatchObject({
      error: { kind: 'microphone-denied' },
    })
    expect(kind({ type: 'permissions', blockedMedia: ['video'], msg: 'x' })).toMatchObject({
      error: { kind: 'camera-denied' },
    })
    expect(kind({ type: 'not-found', missingMedia: ['video'], msg: 'x' })).toMatchObject({
      error: { kind: 'camera-not-found' },
    })
    expect(kind({ type: 'not-found', missingMedia: ['audio'], msg: 'x' })).toMatchObject({
      error: { kind: 'microphone-not-found' },
    })
  })

  it('reads an ejection as the room’s end once, and any other room error as a provider error', () => {
    const joined = { ...INITIAL_DAILY_STATE, joinedAt: T0 }
    const ejected = mapDailyEvent(
      joined,
      'error',
      { errorMsg: 'Meeting has ended', error: { type: 'ejected' } },
      T0,
    )
    expect(ejected.events).toEqual([{ type: 'room-deleted' }])
    expect(mapDailyEvent(ejected.state, 'left-meeting', {}, T0).events).toEqual([])
    // A room already gone when we join is a failed start, not the 1-hour end.
    expect(
      mapDailyEvent(
        INITIAL_DAILY_STATE,
        'error',
        { errorMsg: 'Exiting meeting because room was deleted', error: { type: 'no-room' } },
        T0,
      ).events,
    ).toMatchObject([{ type: 'error', error: { kind: 'provider' } }])
    expect(
      mapDailyEvent(
        INITIAL_DAILY_STATE,
        'error',
        { errorMsg: 'connection failed', error: { type: 'connection-error' } },
        T0,
      ).events,
    ).toMatchObject([{ type: 'error', error: { kind: 'provider', message: 'connection failed' } }])
  })

  it('uses Daily’s transcription while Tavus sends no utterances', () => {
    const state = { ...INITIAL_DAILY_STATE, localId: 'me', replicaId: 'replica-1' }
    const payload = { participantId: 'replica-1', text: 'Hallo!', rawResponse: { is_final: false } }
    expect(mapDailyEvent(state, 'transcription-message', payload, T0).events).toEqual([
      {
        type: 'transcript',
        participant: 'CLONE',
        text: 'Hallo!',
        final: false,
        timestamp: '2026-01-01T10:00:00.000Z',
      },
    ])
  })
})

describe('recordingOptions', () => {
  it('records picture-in-picture with the logo over it, under the conversation’s id (spec 2 §7)', () => {
    expect(recordingOptions(CALL.conversationId, 'https://likeness.example/icons/icon-192.png')).toEqual({
      instanceId: CALL.conversationId,
      type: 'cloud',
      width: 1280,
      height: 720,
      layout: {
        preset: 'custom',
        composition_params: { mode: 'pip', showImageOverlay: true, 'image.assetName': 'logo.png' },
        session_assets: { 'images/logo.png': 'https://likeness.example/icons/icon-192.png' },
      },
    })
    expect(recordingOptions(CALL.conversationId, null)).toMatchObject({
      layout: { preset: 'custom', composition_params: { mode: 'pip' } },
    })
  })
})

describe('createDailyEngine', () => {
  it('loads daily-js only when the call starts, and joins the room with the camera and a muted mic', async () => {
    const t = setUp()
    expect(t.loads()).toBe(0)
    await t.engine.start(t.stage)
    expect(t.loads()).toBe(1)
    const call = t.fake()
    expect(call.joined).toEqual({ url: CALL.tavusConversationUrl })
    expect(call.created).toMatchObject({ audioSource: true, startAudioOff: true, startVideoOff: false })
    expect((call.created.videoSource as MediaStreamTrack).kind).toBe('video')
    expect(t.events[0]).toEqual({ type: 'joined' })
    // spec 2 §9: the replica's level every 200 ms; spec 2 §7: transcription settings and recording.
    expect(call.observers).toEqual([200])
    expect(call.transcriptions).toEqual([{ language: 'de', endpointing: 500, profanity_filter: false }])
    expect(call.recordings).toHaveLength(1)
    expect(call.recordings[0]).toMatchObject({
      instanceId: CALL.conversationId,
      layout: { preset: 'custom' },
    })
  })

  it('shows the replica when it joins, with its boot time, and mounts its picture and voice', async () => {
    const t = setUp()
    await t.engine.start(t.stage)
    t.advance(4200)
    const replica = { session_id: 'replica-1', local: false }
    t.fake().emit('participant-joined', { participant: replica })
    const track = fakeTrack('video')
    t.fake().emit('track-started', { type: 'video', participant: replica, track })
    t.fake().emit('remote-participants-audio-level', { participantsAudioLevel: { 'replica-1': 0.5 } })
    expect(t.events).toContainEqual({ type: 'replica-joined', bootMs: 4200 })
    expect(t.events).toContainEqual({ type: 'replica-level', level: 0.5 })
    const video = t.replica.querySelector('video')!
    expect((video.srcObject as unknown as { tracks: unknown }).tracks).toEqual([track])
    // Another participant's track stopping changes nothing; the replica's own removes its picture.
    t.fake().emit('track-stopped', { type: 'video', participant: { session_id: 'x' }, track })
    expect(video.srcObject).not.toBeNull()
    t.fake().emit('track-stopped', { type: 'video', participant: replica, track })
    expect(video.srcObject).toBeNull()
    expect(video.autoplay).toBe(true)
    expect(video.playsInline).toBe(true)
    expect(t.replica.querySelector('audio')).not.toBeNull()
  })

  it('tells the store the room was deleted during the call, once (spec 2 §8)', async () => {
    const t = setUp()
    await t.engine.start(t.stage)
    t.fake().emit('error', {
      errorMsg: 'Exiting meeting because room was deleted',
      error: { type: 'no-room' },
    })
    t.fake().emit('left-meeting', {})
    expect(t.events.filter((e) => e.type === 'room-deleted' || e.type === 'error')).toEqual([
      { type: 'room-deleted' },
    ])
  })

  it('unmutes, switches devices and turns the camera off through Daily', async () => {
    const t = setUp()
    await t.engine.start(t.stage)
    const call = t.fake()
    t.engine.setMuted(false)
    expect(call.localAudio).toEqual([true])
    await t.engine.setMicrophone('usb-mic')
    expect(call.devices).toContainEqual({ audioDeviceId: 'usb-mic' })
    t.engine.setCamera(null)
    expect(call.localVideo).toEqual([false])
    t.engine.setCamera({ getVideoTracks: () => [fakeTrack('video')] } as unknown as MediaStream)
    await Promise.resolve()
    await Promise.resolve()
    expect(call.devices.at(-1)).toMatchObject({ videoSource: { kind: 'video' } })
    expect(call.localVideo).toEqual([false, true])
  })

  it('leaves and destroys once, removes the replica and its listeners, and has nothing to upload', async () => {
    const t = setUp()
    await t.engine.start(t.stage)
    const call = t.fake()
    expect(await t.engine.stop()).toEqual({ uploadId: null })
    expect(await t.engine.stop()).toEqual({ uploadId: null })
    expect(call.calls).toEqual(['leave', 'destroy'])
    expect(call.listenerCount()).toBe(0)
    expect(t.replica.querySelector('video')).toBeNull()
    const before = t.events.length
    call.emit('left-meeting', {})
    expect(t.events).toHaveLength(before)
  })

  it('does not record or transcribe where the room does not let the visitor', async () => {
    const t = setUp({
      local: { session_id: 'visitor-1', local: true, owner: false, permissions: { canAdmin: false } },
    })
    await t.engine.start(t.stage)
    expect(t.fake().recordings).toEqual([])
    expect(t.fake().transcriptions).toEqual([])
    expect(t.events).toContainEqual({ type: 'recording', status: 'Disregarded' })
  })

  it('says so once when daily-js cannot load or the room cannot be joined', async () => {
    const offline = setUp()
    const engine = createDailyEngine(
      {
        call: CALL,
        cloneSlug: 'x',
        cloneName: 'X',
        cloneImageUrl: null,
        language: 'de',
        onEvent: (e) => offline.events.push(e),
      },
      async () => {
        throw new Error('chunk failed')
      },
    )
    await engine.start(offline.stage)
    expect(offline.events).toMatchObject([{ type: 'error', error: { kind: 'network' } }])

    const refused = setUp({ joinError: new Error('room not found') })
    await refused.engine.start(refused.stage)
    expect(refused.events).toMatchObject([
      { type: 'error', error: { kind: 'provider', message: 'room not found' } },
    ])
  })
})
