// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../renderer/src/api/client'
import { chatStream } from '../../../../../renderer/src/features/chat/chat-stream.store'
import type { DictationDeps } from '../../../../../renderer/src/features/dictation/dictation.controller'
import { initialDictationModel } from '../../../../../renderer/src/features/dictation/dictation.machine'
import { provideDictationDeps } from '../../../../../renderer/src/features/dictation/dictation.runtime'
import { dictation } from '../../../../../renderer/src/features/dictation/dictation.store'
import { lenaHart } from '../../support/clones'
import { fakeChatApi } from '../../support/fake-chat-api'
import { giveElementsALayout } from '../../support/layout'
import { renderApp } from '../../support/render-app'

beforeAll(async () => {
  await import('../../../../../renderer/src/features/talk/TalkScreen')
  await import('../../../../../renderer/src/features/dictation/DictationHost')
})

const TRANSCRIPT = 'What do you teach about habits?'

/** A microphone, a MediaRecorder and a transcription server, all fake; the clock moves when told. */
function fakeDevices() {
  let offset = 0
  const track = { stop: vi.fn() }
  const stream = { getTracks: () => [track] } as unknown as MediaStream
  const recorders: { options: MediaRecorderOptions }[] = []
  const transcribe = vi.fn<DictationDeps['transcribe']>(async () => ({
    text: TRANSCRIPT,
    no_speech_prob: 0.01,
    avg_logprob: -0.2,
    compression_ratio: 1.1,
  }))
  const deps: Partial<DictationDeps> = {
    capabilities: async () => ({ transcription: 'server' }),
    openMicrophone: vi.fn(async () => stream),
    permissionStatus: async () => 'granted',
    recorder: {
      isTypeSupported: (type) => type === 'audio/webm;codecs=opus',
      create: (_stream, options) => {
        recorders.push({ options })
        const recorder = {
          state: 'inactive' as 'inactive' | 'recording' | 'paused',
          mimeType: options.mimeType ?? '',
          ondataavailable: null as ((event: { data: Blob }) => void) | null,
          onstop: null as ((event: Event) => void) | null,
          onerror: null,
          start: () => {
            recorder.state = 'recording'
          },
          stop: () => {
            recorder.state = 'inactive'
            recorder.ondataavailable?.({ data: new Blob(['x'.repeat(9000)], { type: recorder.mimeType }) })
            recorder.onstop?.(new Event('stop'))
          },
        }
        return recorder
      },
    },
    levelMeter: () => ({ level: () => 0.5, close: () => {} }),
    transcribe,
    language: async () => 'en',
    now: () => Date.now() + offset,
    sleep: async () => {},
  }
  return { deps, track, recorders, transcribe, advance: (ms: number) => (offset += ms) }
}

let devices: ReturnType<typeof fakeDevices>
let chat: ReturnType<typeof fakeChatApi>

beforeEach(async () => {
  giveElementsALayout()
  devices = fakeDevices()
  provideDictationDeps(devices.deps)
  chat = fakeChatApi([lenaHart()])
  await renderApp('/lena-hart/talk', { fetch: chat.fetch })
  await screen.findByRole('heading', { level: 2, name: 'Lena Hart' })
})

afterEach(() => {
  cleanup()
  chatStream.reset()
  Object.assign(dictation, { model: initialDictationModel, levels: [], unavailable: false, hint: null })
  vi.unstubAllGlobals()
})

const mic = () => screen.getByRole('button', { name: 'Record voice message' })
const startRecording = async () => {
  fireEvent.click(mic())
  return screen.findByRole('button', { name: 'Stop recording and send' })
}

describe('dictation in the chat prompt (spec 2 §2, §4)', () => {
  it('records with a timer and a waveform, and cancel sends nothing', async () => {
    const stop = await startRecording()
    expect((await screen.findByRole('timer', { name: 'Recording time' })).textContent).toBe('00:00')
    expect(screen.getByRole('status', { hidden: false, name: '' }).textContent).toBe('Recording')
    expect(document.querySelectorAll('.dictation-panel__bar')).toHaveLength(150)
    // 16 kHz mono asked of the mic; 32 kbps webm/opus of the recorder (spec 2 §9).
    expect(devices.deps.openMicrophone).toHaveBeenCalledWith({ sampleRate: 16000, channelCount: 1 })
    expect(devices.recorders[0]?.options).toEqual({
      audioBitsPerSecond: 32000,
      mimeType: 'audio/webm;codecs=opus',
    })
    // The left button is cancel while recording; the text field gives way to the recording.
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull()
    expect(screen.queryByRole('textbox', { name: 'Message Lena Hart' })).toBeNull()
    expect(stop).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Cancel recording' }))
    await waitFor(() => expect(mic()).toBeTruthy())
    expect(screen.getByRole('textbox', { name: 'Message Lena Hart' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'More options' })).toBeTruthy()
    expect(devices.track.stop).toHaveBeenCalled()
    expect(devices.transcribe).not.toHaveBeenCalled()
    expect(chat.streamCalls).toHaveLength(0)
  })

  it('stop sends the transcript as the visitor’s message', async () => {
    const stop = await startRecording()
    devices.advance(2_000)
    await act(async () => {
      fireEvent.click(stop)
    })
    await waitFor(() => expect(chat.streamCalls.map((c) => c.text)).toEqual([TRANSCRIPT]))
    expect(await screen.findByText(TRANSCRIPT)).toBeTruthy()
    const [audio, options] = devices.transcribe.mock.calls[0] ?? []
    expect(audio?.type).toBe('audio/webm;codecs=opus')
    expect(options?.language).toBe('en')
  })

  it('blocks sending while recording: Enter and a submit do nothing', async () => {
    await startRecording()
    // Hidden behind the recording, but a key press that still reaches it must not send.
    const field = document.querySelector('textarea') as HTMLTextAreaElement
    fireEvent.keyDown(field, { key: 'Enter' })
    fireEvent.submit(field.closest('form') as HTMLFormElement)
    expect(chat.streamCalls).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Stop recording and send' })).toBeTruthy()
  })

  it('says a too-short recording is too short, and shows the error icon until the next try', async () => {
    devices.transcribe.mockRejectedValueOnce(new ApiError(400, 'short_audio', 'Audio too short'))
    const stop = await startRecording()
    devices.advance(800)
    await act(async () => {
      fireEvent.click(stop)
    })
    // The toast, and the error mic's description until the next try.
    expect(
      await screen.findAllByText('Recording too short. Please try speaking for a bit longer.'),
    ).not.toHaveLength(0)
    await waitFor(() => expect(mic().dataset.indicator).toBe('error'))
    expect(chat.streamCalls).toHaveLength(0)
    await startRecording()
  })

  it('shows the slashed mic and the spec’s text when the microphone is blocked', async () => {
    provideDictationDeps({
      ...devices.deps,
      openMicrophone: async () => {
        throw Object.assign(new Error('denied'), { failure: 'denied' })
      },
      permissionStatus: async () => 'denied',
    })
    fireEvent.click(mic())
    expect(
      await screen.findAllByText(
        'Microphone access is required for voice recording. Please enable microphone permissions in your browser settings.',
      ),
    ).not.toHaveLength(0)
    await waitFor(() => expect(mic().dataset.indicator).toBe('denied'))
  })
})
