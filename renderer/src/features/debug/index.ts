// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadDebugDialog = () => import('./DebugDialog')
