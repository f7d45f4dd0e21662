import { useSyncExternalStore } from 'react'

/**
 * Whether `query` (a CSS media query) matches, updated live. False where the browser has no matchMedia
 * (and when rendering outside a browser).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  )
}

const mediaQuery = (query: string): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : undefined
