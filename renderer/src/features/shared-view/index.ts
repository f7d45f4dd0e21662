// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadSharedConversationScreen = () => import('./SharedConversationScreen')
