import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { ActionDialogs } from '../features/actions'
import { SignInDialogHost } from '../features/auth'
import { CheckoutReturnHost } from '../features/billing'
import { CommandBarDialogs } from '../features/command-bar'
import { loadDesktopCallHost } from '../features/desktop-call'
import { loadEmbedBridge } from '../features/embed'
import { HistoryDialogHost } from '../features/history'
import { PaywallDialogHost } from '../features/paywall'
import { ShareDialogHost } from '../features/share'
import { OfflineNotice, ShellNotices } from '../features/shell'
import { StaffToolbarHost } from '../features/staff-toolbar'
import { usePlatform } from '../platform'
import { appStrings } from './app.strings'

const EmbedBridge = lazy(() => loadEmbedBridge().then((m) => ({ default: m.EmbedBridge })))
const DesktopCallHost = lazy(() => loadDesktopCallHost().then((m) => ({ default: m.DesktopCallHost })))

/** Every page: a skip link to the page's <main id="main">, the offline state, the matched screen, the shell's notices. */
export function RootLayout() {
  const platform = usePlatform()
  const embedded = platform.embed !== null
  return (
    <>
      <a href="#main" className="skip-link">
        {appStrings.skipToContent}
      </a>
      <OfflineNotice />
      {embedded ? (
        // The bridge provides what embedded pages use (useHandleCookie's store): the pages go inside it.
        <Suspense fallback={null}>
          <EmbedBridge>
            <Outlet />
          </EmbedBridge>
        </Suspense>
      ) : (
        <Outlet />
      )}
      <ShellNotices />
      <SignInDialogHost />
      <ActionDialogs />
      <CommandBarDialogs />
      <HistoryDialogHost />
      <ShareDialogHost />
      <PaywallDialogHost />
      <CheckoutReturnHost />
      <StaffToolbarHost />
      {platform.callWindow ? (
        // The desktop app's call window, tray entry and likeness:// links: its own chunk, desktop only.
        <Suspense fallback={null}>
          <DesktopCallHost />
        </Suspense>
      ) : null}
    </>
  )
}
