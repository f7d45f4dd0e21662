import { Outlet } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { loadActionDialogs } from '../features/actions'
import { loadSignInDialogHost } from '../features/auth'
import { loadCheckoutReturnHost } from '../features/billing'
import { loadCommandBarDialogs } from '../features/command-bar'
import { loadDesktopCallHost } from '../features/desktop-call'
import { loadEmbedBridge } from '../features/embed'
import { loadHistoryDialogHost } from '../features/history'
import { loadPaywallDialogHost } from '../features/paywall'
import { loadShareDialogHost } from '../features/share'
import { loadShellNotices, OfflineNotice } from '../features/shell'
import { loadStaffToolbarHost } from '../features/staff-toolbar'
import { usePlatform } from '../platform'
import { appStrings } from './app.strings'

const EmbedBridge = lazy(() => loadEmbedBridge().then((m) => ({ default: m.EmbedBridge })))
const DesktopCallHost = lazy(() => loadDesktopCallHost().then((m) => ({ default: m.DesktopCallHost })))

/**
 * The shell's notices (an update, an install offer), the hosts of the dialogs any page can open (sign-in,
 * the action centre, the command bar's, history, sharing, the paywall), the return from a checkout and the
 * staff toolbar. None of them shows on a first screen, so they load together (one chunk, pwa/vite.config.ts)
 * while it renders, not in the first load (npm run bench:size). A dialog opened or a notice raised before
 * they are there is in its store, and shows once they mount.
 */
const DialogHosts = lazy(async () => {
  const [shell, actions, signIn, checkoutReturn, commandBar, history, paywall, share, staffToolbar] =
    await Promise.all([
      loadShellNotices(),
      loadActionDialogs(),
      loadSignInDialogHost(),
      loadCheckoutReturnHost(),
      loadCommandBarDialogs(),
      loadHistoryDialogHost(),
      loadPaywallDialogHost(),
      loadShareDialogHost(),
      loadStaffToolbarHost(),
    ])
  function DialogHosts() {
    return (
      <>
        <shell.ShellNotices />
        <signIn.SignInDialogHost />
        <actions.ActionDialogs />
        <commandBar.CommandBarDialogs />
        <history.HistoryDialogHost />
        <share.ShareDialogHost />
        <paywall.PaywallDialogHost />
        <checkoutReturn.CheckoutReturnHost />
        <staffToolbar.StaffToolbarHost />
      </>
    )
  }
  return { default: DialogHosts }
})

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
      <Suspense fallback={null}>
        <DialogHosts />
      </Suspense>
      {platform.callWindow ? (
        // The desktop app's call window, tray entry and likeness:// links: its own chunk, desktop only.
        <Suspense fallback={null}>
          <DesktopCallHost />
        </Suspense>
      ) : null}
    </>
  )
}
