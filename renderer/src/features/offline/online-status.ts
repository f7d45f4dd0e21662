import { useSyncExternalStore } from 'react'
import { reportReachable, serverUnreachable, subscribeConnectivity } from '../../lib/connectivity'

/**
 * Whether the app is online: the device has a network (navigator.onLine, kept live by online/offline events)
 * and the server was not found unreachable since its last answer (lib/connectivity.ts).
 */
export function isOnline(): boolean {
  return (typeof navigator === 'undefined' || navigator.onLine !== false) && !serverUnreachable()
}

/** Calls `onChange` on every change of isOnline's inputs; returns the unsubscribe. */
export function subscribeOnline(onChange: () => void): () => void {
  // Back online, the server is worth asking again at once: the next request tells.
  const online = () => {
    reportReachable()
    onChange()
  }
  const events = typeof window === 'undefined' ? null : window
  events?.addEventListener('online', online)
  events?.addEventListener('offline', onChange)
  const unsubscribe = subscribeConnectivity(onChange)
  return () => {
    events?.removeEventListener('online', online)
    events?.removeEventListener('offline', onChange)
    unsubscribe()
  }
}

/** True while online; re-renders on every change. Sends check it to keep drafts instead of failing. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true)
}
