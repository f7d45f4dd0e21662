// The studio's memberships page (issue #16 'Run it') is loaded when first shown, in its own chunk.
export const loadStudioMembershipsScreen = () => import('./MembershipsScreen')
