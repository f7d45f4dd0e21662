import { describe, expect, it } from 'vitest'
import {
  type DictationFailure,
  failureOfMicrophone,
  failureOfRecognitionError,
  failureOfRecognizedText,
  failureOfTranscribeError,
  failureOfTranscription,
} from '../../../../../renderer/src/features/dictation/dictation-errors'
import { dictationErrorTexts } from '../../../../../renderer/src/features/dictation/dictation-recording.strings'

const result = (
  over: Partial<{ text: string; no_speech_prob: number; avg_logprob: number; compression_ratio: number }>,
) => ({
  text: 'What do you teach about habits?',
  no_speech_prob: 0.01,
  avg_logprob: -0.3,
  compression_ratio: 1.2,
  ...over,
})

/** Every cause of spec 2 §8 'Dictation' with the text the visitor reads for it, word for word. */
const causes: [string, DictationFailure | null, string][] = [
  [
    'getUserMedia refused and the permission is blocked',
    failureOfMicrophone('denied', 'denied'),
    'Microphone access is required for voice recording. Please enable microphone permissions in your browser settings.',
  ],
  [
    'the permission prompt dismissed',
    failureOfMicrophone('denied', 'prompt'),
    'Please grant microphone access to use voice recording',
  ],
  [
    'no microphone device',
    failureOfMicrophone('not-found', 'granted'),
    'Failed to start recording due to a technical issue. Please try again.',
  ],
  [
    'no MediaRecorder',
    'start-failed',
    'Failed to start recording due to a technical issue. Please try again.',
  ],
  [
    'the recorder not recording after start()',
    'start-improper',
    'Recording failed to start properly. Please try again.',
  ],
  [
    'the server answers short_audio',
    failureOfTranscribeError({ status: 400, code: 'short_audio' }),
    'Recording too short. Please try speaking for a bit longer.',
  ],
  [
    'no_speech_prob 0.6 or more',
    failureOfTranscription(result({ no_speech_prob: 0.6 })),
    'No clear speech detected. Please try again.',
  ],
  [
    'avg_logprob -2 or less',
    failureOfTranscription(result({ avg_logprob: -2 })),
    'Could not understand the words clearly. Please try again.',
  ],
  [
    'a repetitive transcription (compression ratio)',
    failureOfTranscription(result({ compression_ratio: 3.1 })),
    'Speech quality too low. Please speak more clearly and try again.',
  ],
  [
    'two characters of text',
    failureOfTranscription(result({ text: 'ok' })),
    'Speech quality too low. Please speak more clearly and try again.',
  ],
  [
    'only punctuation',
    failureOfTranscription(result({ text: '...?!' })),
    'Speech quality too low. Please speak more clearly and try again.',
  ],
  [
    'empty text',
    failureOfTranscription(result({ text: '   ' })),
    'No speech detected. Please try speaking louder or closer to the microphone.',
  ],
  [
    'the request never reached the server',
    failureOfTranscribeError({ status: 0, code: 'network_error' }),
    'Network connection issue. Please check your internet and try again.',
  ],
  [
    'the recorder errored or gave an empty recording',
    'recording-failed',
    'Audio recording issue. Please try recording again.',
  ],
  [
    'the server failed otherwise',
    failureOfTranscribeError({ status: 502, code: 'internal' }),
    'Failed to process recording due to a technical issue. Please try again.',
  ],
]

describe('dictation errors (spec 2 §8 "Dictation")', () => {
  it.each(causes)('%s', (_, failure, text) => {
    expect(failure).not.toBeNull()
    expect(dictationErrorTexts[failure as DictationFailure]).toBe(text)
  })

  it('covers all twelve texts of the catalogue, one failure each', () => {
    const texts = new Set(causes.map(([, , text]) => text))
    expect(texts.size).toBe(12)
    expect(new Set(Object.values(dictationErrorTexts))).toEqual(texts)
  })

  it('accepts a clear transcription (spec 2 §5 acceptance rules)', () => {
    expect(failureOfTranscription(result({}))).toBeNull()
    expect(
      failureOfTranscription(result({ no_speech_prob: 0.59, avg_logprob: -1.99, text: 'Hey' })),
    ).toBeNull()
  })

  it('maps the browser recognizer’s errors and judges its text by the same text rules', () => {
    expect(failureOfRecognitionError('not-allowed')).toBe('permission-denied')
    expect(failureOfRecognitionError('network')).toBe('network')
    expect(failureOfRecognitionError('no-speech')).toBe('empty-text')
    expect(failureOfRecognitionError('audio-capture')).toBe('recording-failed')
    expect(failureOfRecognitionError('language-not-supported')).toBe('processing-failed')
    expect(failureOfRecognizedText('')).toBe('empty-text')
    expect(failureOfRecognizedText('uh')).toBe('low-quality')
    expect(failureOfRecognizedText('Tell me about sleep')).toBeNull()
  })

  it('treats any other thrown error as a processing failure', () => {
    expect(failureOfTranscribeError(new Error('boom'))).toBe('processing-failed')
    expect(failureOfTranscribeError(undefined)).toBe('processing-failed')
  })
})
