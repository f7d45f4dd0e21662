export { afterSignIn, logOut, serverMessageOr } from './auth.store'
export { authStrings } from './auth.strings'
export { preloadSignInDialog } from './preload-sign-in-dialog'
// The root layout's host, loaded after the first render (app/RootLayout.tsx): not in the first load.
export const loadSignInDialogHost = () => import('./SignInDialogHost')
export { useCurrentUser, useUserType } from './use-auth'
