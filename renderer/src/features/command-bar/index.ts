export { CommandBar } from './CommandBar'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadCommandBarDialogs = () => import('./CommandBarDialogs')
export { logoFlagEmbedMode } from './command-bar'
