import { proxy, useSnapshot } from 'valtio'

/**
 * What the shell the renderer runs in offers: a waiting new version (web), an install offer (web). The
 * PWA shell (pwa/src/shell.ts) feeds it; on desktop nothing does, so nothing shows.
 */
export type UpdateStatus = 'current' | 'available' | 'reloading'
export type InstallOffer = 'none' | 'prompt' | 'ios-instructions'

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export const shellState = proxy({
  update: 'current' as UpdateStatus,
  install: 'none' as InstallOffer,
  /** The update prompt was put aside for this page ('Not now'). */
  updateDeferred: false,
})

// Kept outside the proxy: functions and DOM events are not state.
let applyUpdateImpl: (() => void) | null = null
let pendingInstallPrompt: InstallPromptEvent | null = null

/** A new version waits; `apply` activates it and reloads once it controls the page. */
export function offerUpdate(apply: () => void) {
  applyUpdateImpl = apply
  if (shellState.update === 'current') shellState.update = 'available'
}

export function applyUpdate() {
  if (shellState.update !== 'available' || !applyUpdateImpl) return
  shellState.update = 'reloading'
  applyUpdateImpl()
}

export function deferUpdate() {
  shellState.updateDeferred = true
}

export function offerInstallPrompt(event: InstallPromptEvent) {
  pendingInstallPrompt = event
  shellState.install = 'prompt'
}

export function offerIosInstructions() {
  if (shellState.install === 'none') shellState.install = 'ios-instructions'
}

/** Shows the browser's install dialog; the event can be used once, so the offer ends either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = pendingInstallPrompt
  if (!event) return 'unavailable'
  pendingInstallPrompt = null
  shellState.install = 'none'
  await event.prompt()
  return (await event.userChoice).outcome
}

/** The app was installed (`appinstalled`): nothing left to offer. */
export function markInstalled() {
  pendingInstallPrompt = null
  shellState.install = 'none'
}

export const useShellState = () => useSnapshot(shellState)

/** For tests: back to a fresh page. */
export function resetShellState() {
  applyUpdateImpl = null
  pendingInstallPrompt = null
  shellState.update = 'current'
  shellState.install = 'none'
  shellState.updateDeferred = false
}
