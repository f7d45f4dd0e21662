import './shell.css'
import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { useOnlineStatus } from '../offline'
import { InstallHint } from './InstallHint'
import { chooseInstallHint, isBusyRoute, isRunningStandalone } from './install-hint'
import { OfflineBanner } from './OfflineBanner'
import { applyUpdate, deferUpdate, promptInstall, useShellState } from './shell.store'
import { UpdatePrompt } from './UpdatePrompt'

/** The shell's floating notices: the update prompt and the install hint (mounted once, by RootLayout). */
export function ShellNotices() {
  const shell = useShellState()
  const showUpdate = shell.update !== 'current' && !shell.updateDeferred
  if (!showUpdate && shell.install === 'none') return null
  return (
    <div className="shell-notices">
      {showUpdate ? (
        <UpdatePrompt reloading={shell.update === 'reloading'} onReload={applyUpdate} onLater={deferUpdate} />
      ) : null}
      {shell.install !== 'none' ? <InstallHintContainer /> : null}
    </div>
  )
}

function InstallHintContainer() {
  const shell = useShellState()
  const dismissed = useStoredValue(storageKeys.installHintDismissed)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const standalone = useStandalone()
  const mode = chooseInstallHint({
    offer: shell.install,
    standalone,
    dismissed: dismissed.loaded ? dismissed.value === true : undefined,
    busyRoute: isBusyRoute(pathname),
  })
  if (mode === 'none') return null
  return (
    <InstallHint
      mode={mode}
      onDismiss={() => dismissed.set(true)}
      onInstall={() => {
        void promptInstall().then((outcome) => {
          // Declining the browser's dialog counts as a dismissal: do not ask again on every visit.
          if (outcome === 'dismissed') dismissed.set(true)
        })
      }}
    />
  )
}

const readStandalone = () =>
  isRunningStandalone(window.matchMedia?.bind(window), (navigator as { standalone?: boolean }).standalone)

/** Whether the app runs installed; follows a change (installing from the browser's menu while open). */
function useStandalone(): boolean {
  const [standalone, setStandalone] = useState(readStandalone)
  useEffect(() => {
    const query = window.matchMedia?.('(display-mode: standalone)')
    if (!query?.addEventListener) return
    const onChange = () => setStandalone(readStandalone())
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return standalone
}

/** The offline state above every page (in the page flow, mounted by RootLayout). */
export function OfflineNotice() {
  const online = useOnlineStatus()
  return online ? null : <OfflineBanner />
}
