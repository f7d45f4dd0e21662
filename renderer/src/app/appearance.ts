import { useSyncExternalStore } from 'react'

export type Appearance = 'light' | 'dark'

const DARK_QUERY = '(prefers-color-scheme: dark)'

const darkQuery = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DARK_QUERY)
    : undefined

const subscribe = (onChange: () => void) => {
  const query = darkQuery()
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

const snapshot = (): Appearance => (darkQuery()?.matches ? 'dark' : 'light')

/** The system colour scheme, updated live when the visitor switches it. */
export const useSystemAppearance = (): Appearance => useSyncExternalStore(subscribe, snapshot, () => 'light')
