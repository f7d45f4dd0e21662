// The desktop app's call window, tray entry and likeness:// links (issue #26 part 7): loaded only in the
// desktop shell (RootLayout), never on the web's first load.
export const loadDesktopCallHost = () => import('./DesktopCallHost')
