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
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PRODUCT_NAME } from '../../contract/product'
import { seedPrerenderedClone } from './api/prerendered'
import { App } from './app/providers'
import { createQueryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { startOfflineSupport } from './features/offline'
import { createPlatform, setPlatform } from './platform'

function showStartupFailure(root: HTMLElement, error: unknown) {
  console.error(error)
  const message = document.createElement('p')
  message.className = 'startup-failure'
  message.textContent = `${PRODUCT_NAME} could not start. ${error instanceof Error ? error.message : String(error)}`
  root.replaceChildren(message)
}

async function start() {
  const container = document.getElementById('root')
  if (!container) throw new Error('index.html has no #root element.')
  try {
    const platform = setPlatform(await createPlatform())
    const queryClient = createQueryClient()
    // Before the router: its loaders start queries, which must find the answers kept for offline use.
    await startOfflineSupport(queryClient)
    // A clone page the server wrote (server/web/page-head.ts) carries its clone: the app starts with it.
    const prerendered = seedPrerenderedClone(queryClient)
    const router = createAppRouter({ queryClient })
    // And the written screen stays until the app can show the same one: the route's code loads first
    // (the talk screen is a lazy chunk), so no loading state comes between the two.
    if (prerendered) await router.load().catch((error: unknown) => console.warn(error))
    createRoot(container).render(
      <StrictMode>
        <App platform={platform} queryClient={queryClient} router={router} />
      </StrictMode>,
    )
    startShell()
  } catch (error) {
    showStartupFailure(container, error)
  }
}

void start()
