import { Theme } from '@radix-ui/themes'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { type Platform, PlatformProvider } from '../platform'
import { type Appearance, useSystemAppearance } from './appearance'
import type { AppRouter } from './router'

export const ACCENT_COLOR = 'violet'

const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })))

/**
 * sonner's Toaster, loaded after the first paint so it stays out of the first load (ui/toast.ts). A toast
 * made before it is there waits in sonner and shows once it mounts.
 */
function DeferredToaster({ theme }: Readonly<{ theme: Appearance }>) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-center" theme={theme} closeButton />
    </Suspense>
  )
}

/** Theme and toasts, following the system colour scheme live. */
export function AppTheme({ children }: Readonly<{ children: ReactNode }>) {
  const appearance = useSystemAppearance()
  return (
    <Theme appearance={appearance} accentColor={ACCENT_COLOR} grayColor="mauve" radius="large" hasBackground>
      {children}
      <DeferredToaster theme={appearance} />
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
