// The studio's knowledge base page (issue #16) is loaded when first shown, in its own chunk.
export const loadKnowledgeScreen = () => import('./KnowledgeScreen')
