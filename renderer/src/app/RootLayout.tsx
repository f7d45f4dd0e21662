import { Outlet } from '@tanstack/react-router'
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
    </>
  )
}
