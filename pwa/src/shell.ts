import { isIosSafari, isRunningStandalone } from '../../renderer/src/features/shell/install-hint'
import {
  type InstallPromptEvent,
  markInstalled,
  offerInstallPrompt,
  offerIosInstructions,
} from '../../renderer/src/features/shell/shell.store'

/**
 * The web shell, started once the app has rendered: marks the build, listens for install offers, and
 * (in production builds) registers the service worker with the update prompt. The service worker code
 * loads on its own, after first paint.
 */
export function startShell({ serviceWorker = true }: { serviceWorker?: boolean } = {}): void {
  document.documentElement.dataset.build = __LIKENESS_BUILD_ID__
  // Embedded in a creator's page (issue #14): no install offers and no service worker.
  if (!serviceWorker) return
  listenForInstallOffers()
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void import('./register-service-worker')
      .then((m) => m.registerServiceWorker())
      .catch((error: unknown) => console.warn('Service worker registration failed', error))
  }
}

function listenForInstallOffers() {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini-infobar away: the app offers install in its own words.
    event.preventDefault()
    offerInstallPrompt(event as InstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => markInstalled())
  const standalone = isRunningStandalone(
    window.matchMedia?.bind(window),
    (navigator as { standalone?: boolean }).standalone,
  )
  if (!standalone && isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) offerIosInstructions()
}
