import './shell.css'
import { lazy, Suspense } from 'react'
import { applyUpdate, deferUpdate, useShellState } from './shell.store'

// Each notice loads when it first shows (an update found, an install offered): not with the first paint.
const UpdatePrompt = lazy(() => import('./UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })))
const InstallHintContainer = lazy(() =>
  import('./InstallHintContainer').then((m) => ({ default: m.InstallHintContainer })),
)

/**
 * The shell's floating notices: the update prompt and the install hint (mounted once, by RootLayout, after
 * the first render: neither is part of a first screen).
 */
export function ShellNotices() {
  const shell = useShellState()
  const showUpdate = shell.update !== 'current' && !shell.updateDeferred
  if (!showUpdate && shell.install === 'none') return null
  return (
    <div className="shell-notices">
      <Suspense fallback={null}>
        {showUpdate ? (
          <UpdatePrompt
            reloading={shell.update === 'reloading'}
            onReload={applyUpdate}
            onLater={deferUpdate}
          />
        ) : null}
        {shell.install !== 'none' ? <InstallHintContainer /> : null}
      </Suspense>
    </div>
  )
}
