import { Theme } from '@radix-ui/themes'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { Direction } from 'radix-ui'
import { Fragment, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { storageKeys } from '../../../contract/storage'
import { applyLanguage, languageState, preferredLanguage, rememberLanguageForServer } from '../lib/language'
import { type Platform, PlatformProvider } from '../platform'
import { useStoredValue } from '../platform/use-stored-value'
import { type Appearance, useSystemAppearance } from './appearance'
import type { AppRouter } from './router'

export const ACCENT_COLOR = 'violet'

const Toaster = lazy(() => import('sonner').then(({ Toaster }) => ({ default: Toaster })))

/**
 * sonner's Toaster, loaded after the first paint so it stays out of the first load (ui/toast.ts). A toast
 * made before it is there waits in sonner and shows once it mounts.
 */
function DeferredToaster({ theme, dir }: Readonly<{ theme: Appearance; dir: 'ltr' | 'rtl' }>) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-center" theme={theme} dir={dir} closeButton />
    </Suspense>
  )
}

/**
 * The interface language (issue #25, lib/language.ts): Radix's menus, sliders and dialogs follow its
 * direction, and a switch renders the app again with every text in the new language. The screens are
 * mounted afresh; what they show comes from the router, the query cache and the stores, which stay.
 */
function LanguageRoot({ children }: Readonly<{ children: ReactNode }>) {
  const { version, dir } = useSnapshot(languageState)
  // One preference, userPreferredLanguage, whichever picker sets it (the account menu, /profile, the embed's
  // menu, a call's language): the interface follows it, or the browser's languages when none is chosen.
  const preference = useStoredValue(storageKeys.userPreferredLanguage)
  const chosen = preference.loaded ? (preference.value ?? null) : undefined
  useEffect(() => {
    if (chosen === undefined) return
    rememberLanguageForServer(chosen)
    void applyLanguage(preferredLanguage(chosen))
  }, [chosen])
  return (
    <Direction.Provider dir={dir}>
      <Fragment key={version}>{children}</Fragment>
    </Direction.Provider>
  )
}

/** Theme and toasts, following the system colour scheme live. */
export function AppTheme({ children }: Readonly<{ children: ReactNode }>) {
  const appearance = useSystemAppearance()
  const { dir } = useSnapshot(languageState)
  return (
    <Theme appearance={appearance} accentColor={ACCENT_COLOR} grayColor="mauve" radius="large" hasBackground>
      <LanguageRoot>{children}</LanguageRoot>
      <DeferredToaster theme={appearance} dir={dir} />
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
