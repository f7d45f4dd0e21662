// The video call and the shared video page: loaded when first shown (never in the profile's first load).
export const loadVideoScreens = () => import('./screens')
// The app's one video call (its store), for the desktop call window and tray (features/desktop-call).
export const loadVideoCall = () => import('./video-call')
