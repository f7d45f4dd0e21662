// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../../../renderer/src/api/client'
import type { DictationDeps } from '../../../../../renderer/src/features/dictation/dictation.controller'
import { initialDictationModel } from '../../../../../renderer/src/features/dictation/dictation.machine'
import {
  cancelDictation,
  pressMic,
  provideDictationDeps,
  stopAndSend,
} from '../../../../../renderer/src/features/dictation/dictation.runtime'
import { dictation } from '../../../../../renderer/src/features/dictation/dictation.store'
import { provideFailureReporting } from '../../../../../renderer/src/lib/failure-reporting'
import { createFailureReporting } from '../../../../../renderer/src/lib/failure-reporting.core'
import { eventually } from '../../../../support/eventually'

/*
 * spec 1 §7 'failure reporter for voice memo' (issue #27 part 3): a dictation that fails on our side (the
 * recorder, the transcription server) is reported with its kind, stage and mode; what the visitor did (a
 * short recording, silence, a refusal) is only told to them.
 */

let offset = 0
const warn = vi.fn()

function fakeDevices(transcribe: DictationDeps['transcribe']): Partial<DictationDeps> {
  const stream = { getTracks: () => [{ stop: () => {} }] } as unknown as MediaStream
  return {
    capabilities: async () => ({ transcription: 'server' }),
    openMicrophone: async () => stream,
    permissionStatus: async () => 'granted',
    recorder: {
      isTypeSupported: (type) => type === 'audio/webm;codecs=opus',
      create: (_stream, options) => {
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
}

beforeEach(async () => {
  offset = 0
  warn.mockReset()
  // No DSN: the reports go to the console, where this test reads them.
  const reporting = createFailureReporting({
    loadSettings: async () => ({
      dsn: null,
      environment: 'test',
      release: '1',
      replaySessionSampleRate: 0,
      replayOnErrorSampleRate: 0,
      personalData: false,
    }),
    loadSdk: async () => {
      throw new Error('no SDK without a DSN')
    },
    console: { warn },
    whenIdle: (callback) => callback(),
    errorEvents: null,
  })
  provideFailureReporting(reporting)
  await reporting.start()
})

afterEach(() => {
  cancelDictation()
  Object.assign(dictation, { model: initialDictationModel, levels: [], unavailable: false, hint: null })
})

async function recordAndSend(seconds: number) {
  await pressMic(new QueryClient(), () => {})
  offset += seconds * 1000
  stopAndSend()
}

describe('the voice memo failure reporter', () => {
  it('reports a transcription the server failed, with its kind, stage and mode', async () => {
    const failure = new ApiError(500, 'internal_error', 'Internal server error')
    provideDictationDeps(fakeDevices(async () => Promise.reject(failure)))
    await recordAndSend(2)
    await eventually(() =>
      expect(warn).toHaveBeenCalledWith(
        '[failure] voice-memo',
        { failure: 'voice-memo', dictationFailure: 'processing-failed', during: 'session', mode: 'server' },
        failure,
      ),
    )
  })

  it('does not report what the visitor did: a recording too short', async () => {
    provideDictationDeps(
      fakeDevices(async () => Promise.reject(new ApiError(400, 'short_audio', 'Audio too short'))),
    )
    await recordAndSend(2)
    await eventually(() =>
      expect(dictation.hint).toBe('Recording too short. Please try speaking for a bit longer.'),
    )
    expect(warn).not.toHaveBeenCalled()
  })
})
