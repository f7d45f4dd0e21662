import { describe, expect, it, vi } from 'vitest'
import type { StartVideoCallResponse } from '../../../../../../contract/video'
import {
  type AvatarEngineDeps,
  createAvatarEngine,
} from '../../../../../../renderer/src/features/video/avatar/avatar-engine'
import type {
  VideoEngineContext,
  VideoEngineEvent,
} from '../../../../../../renderer/src/features/video/video-engine'
import {
  createLocalEngine,
  startGreeting,
} from '../../../../../../renderer/src/features/voice/local/local-engine'
import { MicrophoneError } from '../../../../../../renderer/src/platform/microphone'
import { eventStream, fakeWorld, finalMessage, CALL as VOICE_CALL } from '../../voice/local/engine-fakes'

/*
 * The local avatar engine with the voice loop's fake I/O (engine-fakes.ts) and fake view, recorder and
 * upload: no real media. The loop itself is the voice call's (createLocalEngine), as in the product.
 */

const CALL: StartVideoCallResponse = {
  ...VOICE_CALL,
  provider: { kind: 'local' },
  tavusConversationId: null,
  tavusConversationUrl: null,
  transcription: { language: 'en', endpointing: 500, profanity_filter: false },
}

function avatarWorld(context: Partial<VideoEngineContext> = {}) {
  const world = fakeWorld()
  const events: VideoEngineEvent[] = []
  let levelTick: (() => void) | null = null
  const cancelLevel = vi.fn()
  const recorder = {
    type: 'video/webm',
    setCamera: vi.fn(),
    setMicrophone: vi.fn(),
    setCloneVoice: vi.fn(),
    setMuted: vi.fn(),
    stop: vi.fn(async () => new File(['webm'], 'call.webm', { type: 'video/webm' }) as File | null),
  }
  const view = { canvas: { id: 'avatar' } as unknown as HTMLCanvasElement, destroy: vi.fn() }
  let clock = 1000
  const deps: AvatarEngineDeps = {
    loadLoop: async () => ({ createLocalEngine, defaultLocalEngineDeps: () => world.deps, startGreeting }),
    loopDeps: (defaults) => defaults,
    capabilities: async () => ({ transcription: 'server', calls: 'local' }),
    openMicrophone: vi.fn(async () => ({ getTracks: () => [] }) as unknown as MediaStream),
    loadPortrait: vi.fn(async () => ({ image: null, initials: 'LH' })),
    mountView: vi.fn((options) => {
      clock += 40
      options.onFirstFrame()
      return view
    }),
    startRecording: vi.fn(() => recorder),
    uploadRecording: vi.fn(async () => ({ uploadId: '55555555-5555-4555-8555-555555555555' })),
    attachRecording: vi.fn(async () => ({ recordingUrl: '/r' })),
    sendTranscript: vi.fn(async () => ({ id: 'x' })),
    every: (_ms, tick) => {
      levelTick = tick
      return cancelLevel
    },
    now: () => clock,
    timestamp: () => '2025-01-01T00:00:05.000Z',
    reducedMotion: () => false,
    log: () => {},
  }
  const engine = createAvatarEngine(
    {
      call: CALL,
      cloneSlug: 'lena-hart',
      cloneName: 'Lena Hart',
      cloneImageUrl: '/media/lena.jpg',
      language: 'en',
      onEvent: (event) => events.push(event),
      ...context,
    },
    deps,
  )
  const stage = { replica: {} as HTMLElement, camera: null }
  const types = () => events.map((e) => e.type).filter((t) => t !== 'user-level' && t !== 'replica-level')
  return {
    world,
    events,
    types,
    deps,
    engine,
    stage,
    recorder,
    view,
    cancelLevel,
    tickLevel: () => levelTick?.(),
  }
}

describe('the local avatar engine', () => {
  it('draws the face where the creator marked it, ignores marks that do not fit, and greets with the first message', async () => {
    const marks = {
      leftEye: { x: 0.4, y: 0.4, r: 0.03 },
      rightEye: { x: 0.6, y: 0.4, r: 0.03 },
      mouth: { x: 0.5, y: 0.7, w: 0.2 },
    }
    const marked = avatarWorld({
      cloneFaceMarks: marks,
      call: { ...CALL, firstMessage: 'Welcome, I am Lena.' },
    })
    await marked.engine.start(marked.stage)
    expect(vi.mocked(marked.deps.mountView).mock.calls[0]?.[0].marks).toEqual(marks)
    await vi.waitFor(() => expect(marked.world.playbacks.map((p) => p.text)).toEqual(['Welcome, I am Lena.']))

    // Mouth above the eyes (an older build's row, a hand-edited one): no marks, so the glow.
    const crooked = avatarWorld({ cloneFaceMarks: { ...marks, mouth: { ...marks.mouth, y: 0.1 } } })
    await crooked.engine.start(crooked.stage)
    expect(vi.mocked(crooked.deps.mountView).mock.calls[0]?.[0].marks).toBeNull()
  })

  it('joins with the replica at once, greets in the clone voice, records, and levels the clone speech every 200 ms', async () => {
    const a = avatarWorld()
    await a.engine.start(a.stage)
    expect(a.types()).toEqual(['joined', 'replica-joined', 'recording'])
    expect(a.events).toContainEqual({ type: 'replica-joined', bootMs: 40 })
    expect(a.events).toContainEqual({ type: 'recording', status: 'Pending' })
    expect(a.deps.loadPortrait).toHaveBeenCalledWith('/media/lena.jpg', 'Lena Hart')
    expect(vi.mocked(a.deps.startRecording).mock.calls[0]?.[0]).toMatchObject({
      avatar: a.view.canvas,
      camera: null,
    })
    // The mic starts muted (spec 2 §4), in the loop and in the recording.
    expect(a.recorder.setMuted).toHaveBeenLastCalledWith(true)

    const greeting = "Hi, I'm Lena Hart. What would you like to talk about?"
    await vi.waitFor(() => expect(a.world.playbacks.map((p) => p.text)).toEqual([greeting]))
    expect(a.world.deps.fetchSpeech).toHaveBeenCalledWith(CALL.callId, greeting, expect.anything())
    expect(a.events).toContainEqual({
      type: 'transcript',
      participant: 'CLONE',
      text: greeting,
      final: true,
      timestamp: '2025-01-01T00:00:05.000Z',
    })
    await vi.waitFor(() =>
      expect(a.deps.sendTranscript).toHaveBeenCalledWith(CALL.callId, {
        text: greeting,
        participant: 'CLONE',
        timestamp: '2025-01-01T00:00:05.000Z',
      }),
    )

    // While the greeting plays the replica's level is up; once it ends, zero.
    a.tickLevel()
    expect(a.events.at(-1)).toMatchObject({ type: 'replica-level' })
    expect((a.events.at(-1) as { level: number }).level).toBeGreaterThan(0)
    a.world.playbacks[0]?.finish()
    a.tickLevel()
    expect(a.events.at(-1)).toEqual({ type: 'replica-level', level: 0 })
  })

  it('runs the conversation through the voice loop once unmuted: the visitor speaks, the clone answers', async () => {
    const a = avatarWorld()
    const answer = eventStream()
    a.world.openTurnWith([answer])
    await a.engine.start(a.stage)
    await vi.waitFor(() => expect(a.world.playbacks).toHaveLength(1))
    // Muted: speech is not heard.
    a.world.speak()
    expect(a.types()).not.toContain('user-speech-start')

    a.engine.setMuted(false)
    expect(a.recorder.setMuted).toHaveBeenLastCalledWith(false)
    a.world.speak()
    expect(a.types()).toContain('user-speech-start')
    expect(a.types()).toContain('user-speech-end')
    // Speaking over the greeting stops it.
    expect(a.world.playbacks[0]?.stopped).toBe(true)
    await vi.waitFor(() =>
      expect(a.events).toContainEqual({
        type: 'transcript',
        participant: 'USER',
        text: 'How do I sleep better?',
        final: true,
        timestamp: '2025-01-01T00:00:05.000Z',
      }),
    )
    answer.token('Keep a fixed wake time.')
    answer.send(finalMessage('Keep a fixed wake time.'))
    answer.end()
    await vi.waitFor(() =>
      expect(a.events).toContainEqual(
        expect.objectContaining({
          type: 'transcript',
          participant: 'CLONE',
          text: 'Keep a fixed wake time.',
          final: true,
        }),
      ),
    )
    await vi.waitFor(() => expect(a.world.playbacks.map((p) => p.text)).toContain('Keep a fixed wake time.'))
    expect(a.world.marks).toContain('voice:first-audio')
    expect(a.events.some((e) => e.type === 'user-level')).toBe(true)
  })

  it('on stop uploads the recording, attaches it, reports it Finished and answers its upload id (once)', async () => {
    const a = avatarWorld()
    await a.engine.start(a.stage)
    const [first, second] = await Promise.all([a.engine.stop(), a.engine.stop()])
    expect(first).toEqual({ uploadId: '55555555-5555-4555-8555-555555555555' })
    expect(second).toBe(first)
    expect(a.deps.uploadRecording).toHaveBeenCalledTimes(1)
    expect(vi.mocked(a.deps.uploadRecording).mock.calls[0]?.[0].name).toBe('call.webm')
    expect(a.deps.attachRecording).toHaveBeenCalledWith(CALL.callId, '55555555-5555-4555-8555-555555555555')
    expect(a.events.at(-1)).toEqual({
      type: 'recording',
      status: 'Finished',
      uploadId: '55555555-5555-4555-8555-555555555555',
    })
    expect(a.world.track.stop).toHaveBeenCalled()
    expect(a.view.destroy).toHaveBeenCalled()
    expect(a.cancelLevel).toHaveBeenCalled()
  })

  it('a failed upload answers null and reports the recording Failed', async () => {
    const a = avatarWorld()
    vi.mocked(a.deps.uploadRecording).mockRejectedValue(new Error('offline'))
    await a.engine.start(a.stage)
    expect(await a.engine.stop()).toEqual({ uploadId: null })
    expect(a.deps.attachRecording).not.toHaveBeenCalled()
    expect(a.events.at(-1)).toEqual({ type: 'recording', status: 'Failed' })
  })

  it('swaps the picture-in-picture camera live', async () => {
    const a = avatarWorld()
    await a.engine.start(a.stage)
    const camera = { id: 'cam' } as unknown as MediaStream
    a.engine.setCamera(camera)
    expect(a.recorder.setCamera).toHaveBeenLastCalledWith(camera)
    a.engine.setCamera(null)
    expect(a.recorder.setCamera).toHaveBeenLastCalledWith(null)
  })

  it('a recorder that cannot start reports the recording Failed and a recording error, the call goes on', async () => {
    const a = avatarWorld()
    vi.mocked(a.deps.startRecording).mockImplementation(() => {
      throw new Error('no MediaRecorder')
    })
    await a.engine.start(a.stage)
    expect(a.types()).toEqual(['joined', 'replica-joined', 'recording', 'error'])
    expect(a.events).toContainEqual({ type: 'recording', status: 'Failed' })
    expect(a.events.at(-1)).toMatchObject({ type: 'error', error: { kind: 'recording-failed' } })
    expect(await a.engine.stop()).toEqual({ uploadId: null })
  })

  it('a denied microphone is an error of that kind, and nothing joins', async () => {
    const a = avatarWorld()
    vi.mocked(a.world.deps.openMicrophone).mockRejectedValue(new MicrophoneError('denied'))
    await a.engine.start(a.stage)
    expect(a.events).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ kind: 'microphone-denied' }),
      }),
    ])
    expect(a.deps.mountView).not.toHaveBeenCalled()
  })

  it('a chosen microphone reopens the loop on it and the recording follows', async () => {
    const a = avatarWorld()
    await a.engine.start(a.stage)
    await a.engine.setMicrophone('usb-mic')
    expect(a.deps.openMicrophone).toHaveBeenCalledWith('usb-mic')
    expect(a.recorder.setMicrophone).toHaveBeenCalledTimes(1)
    expect(a.recorder.setCloneVoice).toHaveBeenCalledTimes(1)
  })
})
