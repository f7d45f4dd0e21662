// The studio's analytics page is loaded when first shown, in its own chunk.
export const loadAnalyticsScreen = () => import('./AnalyticsScreen')
