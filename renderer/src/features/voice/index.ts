// The call, its transcript and the shared call: loaded when first shown (never in the profile's first load).
export const loadVoiceScreens = () => import('./screens')
// The app's one voice call (its store), for the desktop call window and tray (features/desktop-call).
export const loadVoiceCall = () => import('./voice-call')

// The local call's loop (listen, transcribe, clone brain, speech) for the video call's local avatar, which
// drives it through its own turn and speech routes (features/video/avatar): loaded only when one starts.
export const loadLocalCallLoop = () => import('./local/local-engine')
export type { CallEngine, CallEngineContext, CallEngineErrorKind, CallEngineEvent } from './call-engine'
export type { CallAudio } from './local/call-audio'
export type { Greeting, StartGreeting } from './local/greeting'
export type { LocalEngineDeps } from './local/local-engine'
export type { SpeechPlayback } from './local/speech-queue'
