// The account pages (issue #15), each loaded when first shown, in its own chunk.
export const loadAccountProfileScreen = () => import('./AccountProfileScreen')
export const loadActionsScreen = () => import('./ActionsScreen')
