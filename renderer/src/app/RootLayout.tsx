import { Outlet } from '@tanstack/react-router'

/** Every page: a skip link to the page's <main id="main">, then the matched screen. */
export function RootLayout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Outlet />
    </>
  )
}
