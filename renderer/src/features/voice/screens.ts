// The voice routes' screens (spec 2 §2): one chunk, loaded when the first of them is shown.
export { CallRoute } from './CallScreen'
export { CallTranscriptRoute } from './CallTranscriptScreen'
export { SharedCallRoute } from './SharedCallScreen'
