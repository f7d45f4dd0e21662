export { afterSignIn, logOut, serverMessageOr } from './auth.store'
export { authStrings } from './auth.strings'
export { preloadSignInDialog, SignInDialogHost } from './SignInDialogHost'
export { useCurrentUser, useUserType } from './use-auth'
