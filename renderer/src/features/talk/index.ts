export { TalkHeader } from './TalkHeader'

// Screens and dialogs loaded when first shown, each in its own chunk.
export const loadTalkScreen = () => import('./TalkScreen')
