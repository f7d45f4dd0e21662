/**
 * Toasts for code on the first load (the profile, the root layout): sonner (about 10 KB gzip) loads on the
 * first toast instead of with the page. sonner keeps a toast made before its Toaster subscribed and shows
 * it once the Toaster is there (app/providers.tsx mounts it after the first paint). Lazily loaded screens
 * may import sonner directly.
 */
type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | undefined
const loadSonner = () => {
  sonner ??= import('sonner')
  return sonner
}

const show =
  (kind: 'message' | 'success' | 'info' | 'warning' | 'error') =>
  (message: string): void => {
    void loadSonner().then(({ toast }) => {
      if (kind === 'message') toast(message)
      else toast[kind](message)
    })
  }

export const toast = Object.assign(show('message'), {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
})
