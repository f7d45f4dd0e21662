// Radix Themes in layers, only the colours the app uses: about a third less CSS than styles.css.
import '@radix-ui/themes/tokens/base.css'
import '@radix-ui/themes/tokens/colors/mauve.css'
import '@radix-ui/themes/tokens/colors/violet.css'
import '@radix-ui/themes/tokens/colors/red.css'
import '@radix-ui/themes/tokens/colors/amber.css'
import '@radix-ui/themes/tokens/colors/green.css'
import '@radix-ui/themes/tokens/colors/blue.css'
import '@radix-ui/themes/components.css'
import '@radix-ui/themes/utilities.css'
import './ui/app.css'

import { startShell } from 'virtual:app-shell'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { PRODUCT_NAME } from '../../contract/product'
import { storageKeys } from '../../contract/storage'
import { seedPrerenderedClone } from './api/prerendered'
import { appStrings } from './app/app.strings'
import { App } from './app/providers'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { startOfflineSupport } from './features/offline'
import { reportFailure, startFailureReporting } from './lib/failure-reporting'
import { applyLanguage, preferredLanguage } from './lib/language'
import { createPlatform, isInvalidEmbedTarget, setPlatform } from './platform'

function showStartupFailure(root: HTMLElement, error: unknown) {
  console.error(error)
  reportFailure('render', error, { stage: 'startup' })
  startFailureReporting()
  if (isInvalidEmbedTarget(error)) {
    void showInvalidEmbedTarget(root)
    return
  }
  const message = document.createElement('p')
  message.className = 'startup-failure'
  message.textContent = appStrings.startupFailed(
    PRODUCT_NAME,
    error instanceof Error ? error.message : String(error),
  )
  root.replaceChildren(message)
}

/** spec 1 §8: an embed whose configuration is unknown (or not this clone's) shows this text alone. */
async function showInvalidEmbedTarget(root: HTMLElement) {
  const { INVALID_EMBED_TARGET_TEXT } = await import('../../contract/embed')
  const message = document.createElement('p')
  message.className = 'startup-failure'
  message.textContent = INVALID_EMBED_TARGET_TEXT
  root.replaceChildren(message)
}

/**
 * The app's stylesheets, which a page the server wrote loads after its first paint (server/web/page-head.ts,
 * renderer/public/start-app.js marks them data-loading until they have loaded or failed): the app renders
 * once they are in, so no component shows without its styles.
 */
function stylesheetsLoaded(): Promise<unknown> {
  const loading = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-loading]')]
  return Promise.all(
    loading.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true })
          link.addEventListener('error', resolve, { once: true })
        }),
    ),
  )
}

async function start() {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element.')
  try {
    const platform = setPlatform(await createPlatform())
    // Failure reporting (issue #27): its settings are read after the first paint; the SDK only with a DSN.
    startFailureReporting()
    // The interface language before anything renders (issue #25): its catalog is fetched while the rest starts.
    const language = platform.storage
      .get(storageKeys.userPreferredLanguage)
      .then((stored) => applyLanguage(preferredLanguage(stored)))
      .catch((error: unknown) => console.warn(error))
    const queryClient = createQueryClient()
    // Before the router: its loaders start queries, which must find the answers kept for offline use.
    await startOfflineSupport(queryClient)
    // A clone page the server wrote (server/web/page-head.ts) carries its clone: the app starts with it.
    const prerendered = seedPrerenderedClone(queryClient)
    // Embed mode: the iframe's '/embed/...' addresses stand for the product routes (a lazy chunk).
    const rewrite = platform.embed
      ? (await import('./navigation/embed-rewrite')).createEmbedRewrite(platform.embed)
      : undefined
    const router = createAppRouter({ queryClient, rewrite })
    // And the written screen stays until the app can show the same one: the route's code loads first
    // (the talk screen is a lazy chunk), so no loading state comes between the two.
    if (prerendered) await router.load().catch((error: unknown) => console.warn(error))
    await Promise.all([language, stylesheetsLoaded()])
    const root = createRoot(container)
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the
    // main thread for the whole tree (issue #27: no long task on a first visit); the written page stays on
    // the screen until it commits.
    startTransition(() => {
      root.render(
        <StrictMode>
          <App platform={platform} queryClient={queryClient} router={router} />
        </StrictMode>,
      )
    })
    // No service worker inside a creator's iframe (it would control the product's origin from there).
    startShell({ serviceWorker: platform.embed === null })
  } catch (error) {
    showStartupFailure(container, error)
  }
}

void start()
