export { CommandBar } from './CommandBar'
export { CommandBarDialogs } from './CommandBarDialogs'
export { logoFlagEmbedMode } from './command-bar'
