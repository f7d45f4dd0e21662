import type { InstallOffer } from './shell.store'

export type InstallHint = 'none' | 'install-button' | 'ios-instructions'

export { installStrings } from './shell.strings'

/**
 * Safari on iPhone, iPad or iPod: no `beforeinstallprompt`, so the hint explains the Share menu instead.
 * iPadOS reports itself as a Mac; touch points give it away. Other iOS browsers (Chrome, Firefox, Edge,
 * in-app views) have their share button elsewhere or none, so they get no instructions.
 */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  if (!ios) return false
  if (!/Safari\//.test(userAgent)) return false
  return !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent)
}

/** Installed apps run standalone: `display-mode: standalone` everywhere, `navigator.standalone` on iOS. */
export function isRunningStandalone(
  matchMedia: ((query: string) => { matches: boolean }) | undefined,
  navigatorStandalone: boolean | undefined,
): boolean {
  if (navigatorStandalone === true) return true
  try {
    return Boolean(matchMedia?.('(display-mode: standalone)').matches)
  } catch {
    return false
  }
}

/** Routes where the screen's bottom and top belong to a conversation or a call: no install hint there. */
export const isBusyRoute = (pathname: string) => /\/(talk|call|video)(\/|$)/.test(pathname)

export function chooseInstallHint(input: {
  offer: InstallOffer
  standalone: boolean
  /** undefined while the remembered choice is still loading: show nothing until it is known. */
  dismissed: boolean | undefined
  busyRoute: boolean
}): InstallHint {
  if (input.offer === 'none' || input.standalone || input.dismissed !== false || input.busyRoute)
    return 'none'
  return input.offer === 'prompt' ? 'install-button' : 'ios-instructions'
}
