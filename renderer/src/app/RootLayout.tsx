import { Outlet } from '@tanstack/react-router'
import { ActionDialogs } from '../features/actions/ActionDialogs'
import { SignInDialogHost } from '../features/auth/SignInDialogHost'
import { CheckoutReturn } from '../features/billing/CheckoutReturn'
import { CommandBarDialogs } from '../features/command-bar/CommandBarDialogs'
import { HistoryDialogHost } from '../features/history/HistoryDialogHost'
import { PaywallDialogHost } from '../features/paywall/PaywallDialogHost'
import { ShareDialogHost } from '../features/share/ShareDialogHost'
import { OfflineNotice, ShellNotices } from '../features/shell/ShellNotices'

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
      <CheckoutReturn />
    </>
  )
}
