import { Theme } from '@radix-ui/themes'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Toaster } from 'sonner'
import { type Platform, PlatformProvider } from '../platform'
import { useSystemAppearance } from './appearance'
import type { AppRouter } from './router'

export const ACCENT_COLOR = 'violet'

/** Theme and toasts, following the system colour scheme live. */
export function AppTheme({ children }: Readonly<{ children: ReactNode }>) {
  const appearance = useSystemAppearance()
  return (
    <Theme appearance={appearance} accentColor={ACCENT_COLOR} grayColor="mauve" radius="large" hasBackground>
      {children}
      <Toaster richColors position="top-center" theme={appearance} closeButton />
    </Theme>
  )
}

export function AppProviders({
  platform,
  queryClient,
  children,
}: Readonly<{ platform: Platform; queryClient: QueryClient; children: ReactNode }>) {
  return (
    <PlatformProvider platform={platform}>
      <QueryClientProvider client={queryClient}>
        <AppTheme>{children}</AppTheme>
      </QueryClientProvider>
    </PlatformProvider>
  )
}

/** The whole application for one platform. */
export function App({
  platform,
  queryClient,
  router,
}: Readonly<{ platform: Platform; queryClient: QueryClient; router: AppRouter }>) {
  return (
    <AppProviders platform={platform} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
