export { ActionCentreButton } from './ActionCentreButton'
export { ActionDialogs } from './ActionDialogs'
export { useActionsParam } from './use-actions-param'
export { useViewer } from './use-viewer'
