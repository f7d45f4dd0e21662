import { Workbox } from 'workbox-window'
import { offerUpdate } from '../../renderer/src/features/shell/shell.store'
import { startUpdateFlow, UPDATE_CHECK_INTERVAL_MS } from './update-flow'

/** Registers /sw.js and wires the update prompt (update-flow.ts). */
export async function registerServiceWorker(): Promise<void> {
  const workbox = new Workbox('/sw.js', { scope: '/' })
  const flow = startUpdateFlow({
    container: navigator.serviceWorker,
    reload: () => window.location.reload(),
    onUpdateAvailable: offerUpdate,
  })
  workbox.addEventListener('waiting', () => flow.announce())

  const registration = await workbox.register()
  if (!registration) return
  flow.track(registration)

  // Check for a new version whenever the visitor comes back to the tab, and hourly while it stays open.
  const check = () => {
    workbox.update().catch(() => undefined)
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS)
}
