// One spine for the voice and video calls (issue #26): the session runner, the page frame and header bar,
// and the call layout's styles. The two state machines and their engines stay in features/voice and
// features/video; both import this only from their lazy call screens.
// The shared styles (calls.css) load with CallPage and CallTranscriptLines, in the calls' chunk.

export { CallBar } from './CallBar'
export { CallPage } from './CallPage'
export { CallTranscriptLines, withCallSources } from './CallTranscriptLines'
export {
  type CallRunner,
  type CallTransition,
  createCallRunner,
  formatCallTimer,
  startFailureOf,
} from './call-runner'
export { callsStrings } from './calls.strings'
export {
  CallSettingsButton,
  DeviceSettings,
  type DeviceSettingsProps,
  useCallSettings,
} from './DeviceSettings'
export { PlaybackBlocked } from './PlaybackBlocked'
export { type CallDevices, useCallDevices } from './use-call-devices'
