import { Outlet } from '@tanstack/react-router'
import { ActionDialogs } from '../features/actions'
import { SignInDialogHost } from '../features/auth'
import { CheckoutReturnHost } from '../features/billing'
import { CommandBarDialogs } from '../features/command-bar'
import { HistoryDialogHost } from '../features/history'
import { PaywallDialogHost } from '../features/paywall'
import { ShareDialogHost } from '../features/share'
import { OfflineNotice, ShellNotices } from '../features/shell'

/** Every page: a skip link to the page's <main id="main">, the offline state, the matched screen, the shell's notices. */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <OfflineNotice />
      <Outlet />
      <ShellNotices />
      <SignInDialogHost />
      <ActionDialogs />
      <CommandBarDialogs />
      <HistoryDialogHost />
      <ShareDialogHost />
      <PaywallDialogHost />
      <CheckoutReturnHost />
    </>
  )
}
