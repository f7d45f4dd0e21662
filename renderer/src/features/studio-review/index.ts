// The studio's conversation review is loaded when first shown, in its own chunk.
export const loadConversationsScreen = () => import('./ConversationsScreen')
