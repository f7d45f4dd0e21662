// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StartVideoCallResponse } from '../../../../../contract/video'
import {
  createDailyEngine,
  type DailySdkLoader,
} from '../../../../../renderer/src/features/video/daily/daily-engine'
import type { VideoEngineEvent } from '../../../../../renderer/src/features/video/video-engine'
import { FakeCall, fakeTrack } from './fake-daily-call'

const T0 = Date.parse('2026-01-01T10:00:00.000Z')

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

  it("says when the browser refuses the replica's voice (autoplay), resumes it from a click, and routes it to a speaker", async () => {
    const refusal = Object.assign(new Error('play() needs a gesture'), { name: 'NotAllowedError' })
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValueOnce(refusal)
    const t = setUp()
    await t.engine.start(t.stage)
    const replica = { session_id: 'replica-1', local: false }
    t.fake().emit('participant-joined', { participant: replica })
    t.fake().emit('track-started', { type: 'audio', participant: replica, track: fakeTrack('audio') })
    await vi.waitFor(() => expect(t.events).toContainEqual({ type: 'playback-blocked' }))
    play.mockResolvedValueOnce(undefined)
    await t.engine.resumePlayback?.()
    expect(t.events.at(-1)).toEqual({ type: 'playback-resumed' })
    const audio = t.replica.querySelector('audio') as HTMLAudioElement & { setSinkId?: unknown }
    const setSinkId = vi.fn(async () => undefined)
    audio.setSinkId = setSinkId
    await t.engine.setSpeaker?.('out-headset')
    expect(setSinkId).toHaveBeenCalledWith('out-headset')
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
