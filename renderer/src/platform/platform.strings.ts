import { defineStrings, msg } from '../../../contract/i18n'

/** The platform layer's own texts. */
export const platformStrings = defineStrings('platform', {
  // A device the browser gives no name for, numbered in the settings' device list (spec 2 §3 'Devices').
  microphone: msg('Microphone {n}', 'n'),
  camera: msg('Camera {n}', 'n'),
  speaker: msg('Speaker {n}', 'n'),
})
