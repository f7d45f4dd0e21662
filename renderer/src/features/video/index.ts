// The video call and the shared video page: loaded when first shown (never in the profile's first load).
export const loadVideoScreens = () => import('./screens')
