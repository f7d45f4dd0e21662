// The studio's suggested questions page (issue #15) is loaded when first shown, in its own chunk.
export const loadStudioQuestionsScreen = () => import('./StudioQuestionsScreen')
