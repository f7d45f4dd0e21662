// The dialog (Radix focus trap, the code slots, Google's loader) loads only when someone opens it, or is
// about to: apart from its host (SignInDialogHost), which loads after the first render itself.
export const loadSignInDialog = () => import('./SignInDialog')

/** Warms the dialog's chunk, e.g. when the pointer rests on 'Log in'. */
export const preloadSignInDialog = () => void loadSignInDialog()
