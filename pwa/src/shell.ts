import { Workbox } from 'workbox-window'

/** The web shell: registers the service worker in production builds. */
export function startShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js', { scope: '/' })
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error))
}
