// The call, its transcript and the shared call: loaded when first shown (never in the profile's first load).
export const loadVoiceScreens = () => import('./screens')
