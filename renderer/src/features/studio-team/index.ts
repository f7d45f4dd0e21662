// The studio's team page and the invitation page (issue #16 'Run it'), each loaded when first shown.
export const loadStudioTeamScreen = () => import('./TeamScreen')
export const loadInvitationScreen = () => import('./InvitationScreen')
