import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { storageKeys } from '../../platform/storage-keys'
import { useStoredValue } from '../../platform/use-stored-value'
import { InstallHint } from './InstallHint'
import { chooseInstallHint, isBusyRoute, isRunningStandalone } from './install-hint'
import { promptInstall, useShellState } from './shell.store'

/** The install hint when the shell offers one, unless installed, dismissed or on a busy screen. */
export function InstallHintContainer() {
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
