export { CommandBar } from './CommandBar'
export { CommandBarDialogs } from './CommandBarDialogs'
