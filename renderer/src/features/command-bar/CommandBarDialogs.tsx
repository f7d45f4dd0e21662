import { lazy, Suspense } from 'react'
import { useSnapshot } from 'valtio'
import { loadDebugDialog } from '../debug'
import { type CommandBarDialog, closeCommandBarDialog, commandBar } from './command-bar.store'

// Loaded when first opened: only creators and staff ever need them.
const ReviseDialog = lazy(() => import('./ReviseDialog').then((m) => ({ default: m.ReviseDialog })))
const ToneDialog = lazy(() => import('./ToneDialog').then((m) => ({ default: m.ToneDialog })))
const DebugDialog = lazy(() => loadDebugDialog().then((m) => ({ default: m.DebugDialog })))

/** The dialogs of the command bar under clone messages, mounted once for every page. */
export function CommandBarDialogs() {
  // The dialog is a ref (messages are immutable records), so the snapshot hands back the object itself.
  const open = useSnapshot(commandBar).open as CommandBarDialog | null
  if (!open) return null
  return (
    <Suspense fallback={null}>
      {open.kind === 'revise' ? <ReviseDialog dialog={open} /> : null}
      {open.kind === 'tone' ? <ToneDialog dialog={open} /> : null}
      {open.kind === 'debug' ? <DebugDialog message={open.message} onClose={closeCommandBarDialog} /> : null}
    </Suspense>
  )
}
