export { ActionCentreButton } from './ActionCentreButton'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadActionDialogs = () => import('./ActionDialogs')
// The account pages (issue #15) reuse the opt-in's phone and Telegram forms as settings.
export { OptInPhoneForm } from './OptInPhoneForm'
export { OptInTelegramForm } from './OptInTelegramForm'
export { useActionsParam } from './use-actions-param'
export { useViewer } from './use-viewer'
