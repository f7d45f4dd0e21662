/**
 * Dictation's labels (spec 2 §2). The error texts of spec 2 §8 are the other half of this table, in
 * dictation-error.strings.ts: a module is bundled whole, and the profile's first load needs only these.
 */
export const dictationLabels = {
  record: 'Record voice message',
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
} as const
