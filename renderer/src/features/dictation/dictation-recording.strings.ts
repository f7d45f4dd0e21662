import { defineStrings } from '../../../../contract/i18n'
import type { DictationFailure } from './dictation-errors'

/** The second half of dictation's strings (see dictation.strings.ts): loaded on the mic's first press. */
const recordingStrings = defineStrings('dictation-recording', {
  labels: {
    stopAndSend: 'Stop recording and send',
    cancel: 'Cancel recording',
    processing: 'Processing recording',
    // aria-live announcements (spec 2 §4 'Voice dictation' states)
    recordingStarted: 'Recording',
    processingStarted: 'Processing recording',
    recordingTime: 'Recording time',
    // ARCHITECTURE 'Embedded defaults': with no transcription anywhere the mic says so plainly.
    notSetUp:
      'Voice messages are not available: transcription is not set up on this server and this browser has no speech recognition.',
  },

  /** spec 2 §8 'Dictation', word for word, one per cause. */
  errors: {
    'permission-denied':
      'Microphone access is required for voice recording. Please enable microphone permissions in your browser settings.',
    'permission-dismissed': 'Please grant microphone access to use voice recording',
    'start-failed': 'Failed to start recording due to a technical issue. Please try again.',
    'start-improper': 'Recording failed to start properly. Please try again.',
    'too-short': 'Recording too short. Please try speaking for a bit longer.',
    'no-speech': 'No clear speech detected. Please try again.',
    'low-confidence': 'Could not understand the words clearly. Please try again.',
    'low-quality': 'Speech quality too low. Please speak more clearly and try again.',
    'empty-text': 'No speech detected. Please try speaking louder or closer to the microphone.',
    network: 'Network connection issue. Please check your internet and try again.',
    'recording-failed': 'Audio recording issue. Please try recording again.',
    'processing-failed': 'Failed to process recording due to a technical issue. Please try again.',
  },
})

export const recordingLabels = recordingStrings.labels
/** spec 2 §8 'Dictation', one text per cause (each read in the active language). */
export const dictationErrorTexts: Readonly<Record<DictationFailure, string>> = recordingStrings.errors
