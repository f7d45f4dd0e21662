import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../../renderer/src/api/client'
import { createLocalEngine } from '../../../../../../renderer/src/features/voice/local/local-engine'
import { MicrophoneError } from '../../../../../../renderer/src/platform/microphone'
import { CALL, eventStream, fakeWorld, finalMessage, heard, settle } from './engine-fakes'

type World = ReturnType<typeof fakeWorld>

function startCall(world: World, transcription: 'server' | 'none' = 'server', call = CALL) {
  const engine = createLocalEngine(
    {
      call,
      cloneSlug: 'lena-hart',
      language: 'en',
      capabilities: { transcription, calls: 'local' },
      onEvent: world.onEvent,
    },
    world.deps,
  )
  return engine
}

describe('the local call engine', () => {
  it('speaks the first message when the call opens, and the visitor speaking over it cuts it short', async () => {
    const world = fakeWorld()
    const engine = startCall(world, 'server', { ...CALL, firstMessage: 'Hello, it is Lena. Ask away.' })
    await engine.start()
    await vi.waitFor(() =>
      expect(world.playbacks.map((p) => p.text)).toEqual(['Hello, it is Lena. Ask away.']),
    )
    expect(world.deps.fetchSpeech).toHaveBeenCalledWith(
      CALL.callId,
      'Hello, it is Lena. Ask away.',
      expect.anything(),
    )
    expect(world.events).toContainEqual({
      type: 'transcript',
      role: 'assistant',
      text: 'Hello, it is Lena. Ask away.',
      final: true,
    })
    expect(world.types()).toEqual(['connected', 'clone-speech-start', 'transcript'])
    // Not an answer: the latency marks (bench:voice) are the answers' own.
    expect(world.marks).toEqual([])

    world.poll(0.2)
    expect(world.playbacks[0]?.stopped).toBe(true)
    expect(world.types().slice(-2)).toEqual(['clone-speech-end', 'user-speech-start'])
  })

  it('without a first message the clone waits for the visitor, and a played one ends in listening', async () => {
    const quiet = fakeWorld()
    await startCall(quiet).start()
    await settle()
    expect(quiet.deps.fetchSpeech).not.toHaveBeenCalled()

    const world = fakeWorld()
    await startCall(world, 'server', { ...CALL, firstMessage: 'Hi.' }).start()
    await vi.waitFor(() => expect(world.playbacks).toHaveLength(1))
    world.playbacks[0]!.finish()
    await vi.waitFor(() => expect(world.types().at(-1)).toBe('clone-speech-end'))
  })

  it('hears an utterance, asks the clone, and plays its answer sentence by sentence while it streams', async () => {
    const world = fakeWorld()
    const answer = eventStream()
    world.openTurnWith([answer])
    const engine = startCall(world)
    await engine.start()
    expect(world.types()).toEqual(['connected'])

    world.speak()
    expect(world.types()).toEqual(['connected', 'user-speech-start', 'user-speech-end'])
    expect(world.marks).toEqual(['voice:user-speech-end'])
    await vi.waitFor(() => expect(world.deps.openTurn).toHaveBeenCalled())
    const [wav, options] = vi.mocked(world.deps.transcribe).mock.calls[0]!
    expect(wav.type).toBe('audio/wav')
    expect(options).toMatchObject({ language: 'en' })
    expect(vi.mocked(world.deps.openTurn).mock.calls[0]?.slice(0, 2)).toEqual([
      CALL.callId,
      { text: 'How do I sleep better?', clientMessageId: '44444444-4444-4444-8444-444444444444' },
    ])
    expect(world.events).toContainEqual({
      type: 'transcript',
      role: 'user',
      text: 'How do I sleep better?',
      final: true,
    })

    answer.token('Keep a fixed wake time [1].')
    answer.token(' Get morning')
    // The first sentence plays before the answer is whole.
    await vi.waitFor(() => expect(world.playbacks.map((p) => p.text)).toEqual(['Keep a fixed wake time.']))
    expect(world.types()).toContain('clone-speech-start')
    expect(world.marks).toContain('voice:first-audio')
    expect(world.events).toContainEqual({
      type: 'transcript',
      role: 'assistant',
      text: 'Keep a fixed wake time [1]. Get morning',
      final: false,
    })

    answer.token(' light.')
    answer.send(finalMessage('Keep a fixed wake time [1]. Get morning light.'))
    answer.end()
    await vi.waitFor(() =>
      expect(world.events).toContainEqual({
        type: 'transcript',
        role: 'assistant',
        text: 'Keep a fixed wake time [1]. Get morning light.',
        final: true,
      }),
    )
    // The next sentence was fetched while the first played.
    await vi.waitFor(() => expect(world.deps.fetchSpeech).toHaveBeenCalledTimes(2))
    expect(world.types()).not.toContain('clone-speech-end')
    world.playbacks[0]?.finish()
    await vi.waitFor(() => expect(world.playbacks).toHaveLength(2))
    world.playbacks[1]?.finish()
    await vi.waitFor(() => expect(world.types().at(-1)).toBe('clone-speech-end'))
    await engine.stop()
  })

  it('drops an utterance transcription rejects, or calls too short, and keeps listening', async () => {
    const world = fakeWorld()
    vi.mocked(world.deps.transcribe)
      .mockResolvedValueOnce({ ...heard('uh'), no_speech_prob: 0.9 })
      .mockRejectedValueOnce(new ApiError(400, 'short_audio', 'Too short'))
    const engine = startCall(world)
    await engine.start()
    world.speak()
    world.speak()
    await vi.waitFor(() => expect(world.deps.transcribe).toHaveBeenCalledTimes(2))
    await settle()
    expect(world.deps.openTurn).not.toHaveBeenCalled()
    expect(world.types()).not.toContain('error')
    expect(world.types()).not.toContain('transcript')
  })

  it('barge-in: speaking over the clone stops its voice, the answer stream and the pending speech', async () => {
    const world = fakeWorld()
    const answer = eventStream()
    world.openTurnWith([answer])
    const engine = startCall(world)
    await engine.start()
    world.speak()
    await vi.waitFor(() => expect(world.deps.openTurn).toHaveBeenCalled())
    answer.token('First sentence. Second sentence. Third')
    await vi.waitFor(() => expect(world.playbacks).toHaveLength(1))

    world.poll(0.2)
    expect(world.playbacks[0]?.stopped).toBe(true)
    expect(world.turnSignals[0]?.aborted).toBe(true)
    expect(world.speechSignals.every((signal) => signal.aborted)).toBe(true)
    expect(world.types().slice(-2)).toEqual(['clone-speech-end', 'user-speech-start'])
    await settle()
    expect(world.playbacks).toHaveLength(1)
  })

  it('mute stops listening and sending without ending the call; unmute listens again', async () => {
    const world = fakeWorld()
    const engine = startCall(world)
    await engine.start()
    world.poll(0.1, 3)
    engine.setMuted(true)
    world.speak()
    await settle()
    expect(world.deps.transcribe).not.toHaveBeenCalled()
    expect(world.types()).toEqual(['connected', 'user-speech-start'])
    expect(world.track.stop).not.toHaveBeenCalled()

    engine.setMuted(false)
    world.speak()
    await vi.waitFor(() => expect(world.deps.transcribe).toHaveBeenCalledTimes(1))
  })

  it('stop releases the mic, the audio and the poll, once, and nothing is reported after it', async () => {
    const world = fakeWorld()
    const engine = startCall(world)
    await engine.start()
    await engine.stop()
    await engine.stop()
    expect(world.track.stop).toHaveBeenCalledTimes(1)
    expect(world.audio.close).toHaveBeenCalledTimes(1)
    expect(world.cancelPoll).toHaveBeenCalledTimes(1)
    world.speak()
    expect(world.types()).toEqual(['connected'])
  })

  it.each([
    ['denied', 'microphone-denied'],
    ['not-found', 'microphone-not-found'],
    ['busy', 'microphone-busy'],
    ['failed', 'provider'],
  ] as const)('a %s microphone is the error %s, never connected', async (failure, kind) => {
    const world = fakeWorld()
    vi.mocked(world.deps.openMicrophone).mockRejectedValue(new MicrophoneError(failure))
    await startCall(world).start()
    expect(world.events).toEqual([{ type: 'error', error: expect.objectContaining({ kind }) }])
  })

  it('without server transcription nor browser recognition it says so and never opens the mic', async () => {
    const world = fakeWorld()
    await startCall(world, 'none').start()
    expect(world.events).toEqual([
      { type: 'error', error: expect.objectContaining({ kind: 'transcription-unavailable' }) },
    ])
    expect(world.deps.openMicrophone).not.toHaveBeenCalled()
  })

  it("uses the browser's recognition when the server has no transcription: a final result is a turn", async () => {
    const world = fakeWorld()
    let callbacks!: Parameters<typeof world.deps.recognition.start>[1]
    world.deps.recognition = {
      supported: true,
      start: vi.fn((_language, given) => {
        callbacks = given
        return { stop: vi.fn(), abort: vi.fn() }
      }),
    }
    world.openTurnWith([eventStream()])
    const engine = startCall(world, 'none')
    await engine.start()
    expect(world.deps.recognition.start).toHaveBeenCalledWith('en', expect.anything(), { continuous: true })
    callbacks.onResult('what about', false)
    callbacks.onResult('What about naps?', true)
    await vi.waitFor(() =>
      expect(vi.mocked(world.deps.openTurn).mock.calls[0]?.[1]).toMatchObject({ text: 'What about naps?' }),
    )
    expect(world.deps.transcribe).not.toHaveBeenCalled()
  })

  it('a 402 turn is quota-exhausted', async () => {
    const world = fakeWorld()
    vi.mocked(world.deps.openTurn).mockRejectedValue(new ApiError(402, 'payment_required', 'Quota'))
    await startCall(world).start()
    world.speak()
    await vi.waitFor(() =>
      expect(world.events).toContainEqual({
        type: 'error',
        error: expect.objectContaining({ kind: 'quota-exhausted' }),
      }),
    )
  })

  it('a turn that cannot reach the server is retried once, then the call reports the network', async () => {
    const world = fakeWorld()
    const offline = new ApiError(0, 'network_error', 'offline')
    const answer = eventStream()
    vi.mocked(world.deps.openTurn).mockRejectedValueOnce(offline).mockResolvedValueOnce(answer.body)
    const engine = startCall(world)
    await engine.start()
    world.speak()
    await vi.waitFor(() => expect(world.deps.openTurn).toHaveBeenCalledTimes(2))
    answer.token('Fine.')
    answer.end()
    await vi.waitFor(() => expect(world.playbacks).toHaveLength(1))
    expect(world.types()).not.toContain('error')

    vi.mocked(world.deps.openTurn).mockRejectedValue(offline)
    world.speak()
    await vi.waitFor(() =>
      expect(world.events).toContainEqual({
        type: 'error',
        error: expect.objectContaining({ kind: 'network' }),
      }),
    )
    expect(world.deps.openTurn).toHaveBeenCalledTimes(4)
  })

  it('opens the remembered microphone and speaker, and the default microphone when that one is gone', async () => {
    const world = fakeWorld()
    const setSpeaker = vi.fn(async () => undefined)
    world.audio.setSpeaker = setSpeaker
    const engine = createLocalEngine(
      {
        call: CALL,
        cloneSlug: 'lena-hart',
        language: 'en',
        capabilities: { transcription: 'server', calls: 'local' },
        devices: { microphone: 'mic-headset', speaker: 'out-headset' },
        onEvent: world.onEvent,
      },
      world.deps,
    )
    vi.mocked(world.deps.openMicrophone).mockRejectedValueOnce(new MicrophoneError('not-found'))
    await engine.start()
    expect(vi.mocked(world.deps.openMicrophone).mock.calls).toEqual([['mic-headset'], []])
    expect(setSpeaker).toHaveBeenCalledWith('out-headset')
    expect(world.types()).toEqual(['connected'])
  })

  it('switches the microphone live: the capture moves to the new stream and the old one stops', async () => {
    const world = fakeWorld()
    const switchMicrophone = vi.fn()
    world.audio.switchMicrophone = switchMicrophone
    const engine = startCall(world)
    await engine.start()
    const newTrack = { stop: vi.fn() }
    const newStream = { getTracks: () => [newTrack] } as unknown as MediaStream
    vi.mocked(world.deps.openMicrophone).mockResolvedValueOnce(newStream)
    await engine.setMicrophone?.('mic-headset')
    expect(world.deps.openMicrophone).toHaveBeenLastCalledWith('mic-headset')
    expect(switchMicrophone).toHaveBeenCalledWith(newStream)
    expect(world.track.stop).toHaveBeenCalledTimes(1)
    await engine.stop()
    expect(newTrack.stop).toHaveBeenCalledTimes(1)
  })

  it('says when the browser holds its audio (manual playback), and when a click resumed it', async () => {
    const world = fakeWorld()
    let held = true
    world.audio.blocked = () => held
    world.audio.resume = vi.fn(async () => {
      held = false
      return true
    })
    const engine = startCall(world)
    await engine.start()
    expect(world.types()).toEqual(['connected', 'playback-blocked'])
    await engine.resumePlayback?.()
    expect(world.types()).toEqual(['connected', 'playback-blocked', 'playback-resumed'])
  })
})
