import { offerUpdate } from '../../renderer/src/features/shell/shell.store'
import { startUpdateFlow, UPDATE_CHECK_INTERVAL_MS } from './update-flow'

/**
 * Registers /sw.js and wires the update prompt (update-flow.ts). The browser's own API: the flow follows the
 * registration's waiting and installing workers itself, so workbox-window (about 2 KB gzip in every first
 * load, npm run bench:size) added nothing but its register() and update() wrappers.
 */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker
  const flow = startUpdateFlow({
    container,
    reload: () => window.location.reload(),
    onUpdateAvailable: offerUpdate,
  })

  // As workbox-window did: not before the page's own load is done, so the worker's precache downloads
  // do not compete with it.
  if (document.readyState !== 'complete')
    await new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
  const registration = await container.register('/sw.js', { scope: '/' })
  flow.track(registration)

  // Check for a new version whenever the visitor comes back to the tab, and hourly while it stays open.
  const check = () => {
    registration.update().catch(() => undefined)
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS)
}
