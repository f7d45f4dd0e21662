import { proxy, useSnapshot } from 'valtio'

/**
 * The app-wide dialogs other features open without importing each other: the action centre (spec 1 §2
 * `actions`), sign-in, history, share, socials, feedback and the paywall each mount once and watch this
 * store; any screen opens one by name. One dialog at a time, as the spec's flows expect.
 */
export type AppDialog =
  | { kind: 'actionCentre' }
  /** `returnTo`: the dialog to return to once signed in (spec 1 §2: actions=text is used after login). */
  | { kind: 'signIn'; reason?: string; returnTo?: AppDialog }
  | { kind: 'history' }
  | { kind: 'share'; conversationId: string }
  | { kind: 'socials' }
  | { kind: 'feedback' }
  | { kind: 'textOptIn' }
  | { kind: 'paywall' }

export const dialogs = proxy<{ open: AppDialog | null }>({ open: null })

export function openDialog(dialog: AppDialog) {
  dialogs.open = dialog
}

export function closeDialog(kind?: AppDialog['kind']) {
  if (!kind || dialogs.open?.kind === kind) dialogs.open = null
}

/** The open dialog of one kind, or null; components re-render only through useSnapshot. */
export function useOpenDialog<K extends AppDialog['kind']>(kind: K): Extract<AppDialog, { kind: K }> | null {
  const snap = useSnapshot(dialogs)
  return snap.open?.kind === kind ? (snap.open as Extract<AppDialog, { kind: K }>) : null
}
