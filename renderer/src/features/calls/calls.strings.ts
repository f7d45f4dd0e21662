import { defineStrings } from '../../../../contract/i18n'

/** The texts both calls share (spec 2 §2 'Controls' settings, 'Status overlays' manual playback). */
export const callsStrings = defineStrings('calls', {
  /** The settings button of the call controls (its accessible name). */
  settings: 'Settings',
  microphone: 'Microphone',
  speaker: 'Speaker',
  noMicrophones: 'No microphones found',
  /** spec 2 §2 'manual playback': the browser would not play the clone's voice without a click. */
  playbackBlocked: 'Your browser is blocking audio playback.',
  startAudio: 'Play audio',
})
