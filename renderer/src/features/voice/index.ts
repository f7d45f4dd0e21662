// Screens loaded when first shown, each in its own chunk (never in the profile's first load).
export const loadCallScreen = () => import('./CallScreen')
export const loadCallTranscriptScreen = () => import('./CallTranscriptScreen')
export const loadSharedCallScreen = () => import('./SharedCallScreen')
