import { describe, expect, it } from 'vitest'
import {
  chooseInstallHint,
  installStrings,
  isBusyRoute,
  isIosSafari,
  isRunningStandalone,
} from '../../../../../renderer/src/features/shell/install-hint'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  iphoneInstagram:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 321.0.2.21.111',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
}

describe('install hint', () => {
  it('recognises Safari on iPhone and iPad, and nothing else', () => {
    expect(isIosSafari(UA.iphoneSafari)).toBe(true)
    expect(isIosSafari(UA.ipadOs, 5)).toBe(true)
    expect(isIosSafari(UA.ipadOs, 0)).toBe(false) // a Mac
    expect(isIosSafari(UA.iphoneChrome)).toBe(false)
    expect(isIosSafari(UA.iphoneInstagram)).toBe(false)
    expect(isIosSafari(UA.androidChrome)).toBe(false)
  })

  it('knows when the app already runs installed', () => {
    expect(isRunningStandalone(() => ({ matches: true }), undefined)).toBe(true)
    expect(isRunningStandalone(() => ({ matches: false }), true)).toBe(true)
    expect(isRunningStandalone(() => ({ matches: false }), false)).toBe(false)
    expect(isRunningStandalone(undefined, undefined)).toBe(false)
  })

  it('shows the Install button where the browser offers installation', () => {
    expect(
      chooseInstallHint({ offer: 'prompt', standalone: false, dismissed: false, busyRoute: false }),
    ).toBe('install-button')
  })

  it('shows the Share-menu steps on iOS Safari', () => {
    expect(
      chooseInstallHint({ offer: 'ios-instructions', standalone: false, dismissed: false, busyRoute: false }),
    ).toBe('ios-instructions')
  })

  it('hides when installed, dismissed, not yet known, on a chat or call screen, or with nothing to offer', () => {
    const base = { offer: 'prompt', standalone: false, dismissed: false, busyRoute: false } as const
    expect(chooseInstallHint({ ...base, standalone: true })).toBe('none')
    expect(chooseInstallHint({ ...base, dismissed: true })).toBe('none')
    expect(chooseInstallHint({ ...base, dismissed: undefined })).toBe('none')
    expect(chooseInstallHint({ ...base, busyRoute: true })).toBe('none')
    expect(chooseInstallHint({ ...base, offer: 'none' })).toBe('none')
  })

  it('keeps chat and call screens clear', () => {
    expect(isBusyRoute('/lena-hart/talk')).toBe(true)
    expect(isBusyRoute('/lena-hart/clinic/talk/conversation/1')).toBe(true)
    expect(isBusyRoute('/lena-hart/call')).toBe(true)
    expect(isBusyRoute('/lena-hart/video')).toBe(true)
    expect(isBusyRoute('/lena-hart')).toBe(false)
    expect(isBusyRoute('/explore')).toBe(false)
  })

  it('uses the spec’s Add to Home Screen steps', () => {
    expect(Object.values(installStrings.iosSteps)).toEqual([
      'Tap the Share icon at the bottom',
      "Scroll to 'Add to Home Screen'",
      "Tap 'Done'",
    ])
  })
})
