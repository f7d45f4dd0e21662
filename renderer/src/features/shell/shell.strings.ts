import { defineStrings, msg } from '../../../../contract/i18n'

/** The shell's own texts (update prompt, offline state, install hint). */
const shellStrings = defineStrings('shell', {
  update: {
    available: 'A new version is available',
    reload: 'Reload',
    later: 'Not now',
  },

  offline: {
    banner:
      'You’re offline. Profiles and conversations you’ve opened are still here, and anything you type is kept as a draft.',
  },

  /** spec 1 §2 'Add to Home Screen' hint, in the spec's words; {product} is the product's name. */
  install: {
    title: msg('Install {product}', 'product'),
    promptBody: msg('Add {product} to your device to open it like an app.', 'product'),
    install: 'Install',
    dismiss: 'Dismiss',
    iosLead: msg('Add {product} to your Home Screen:', 'product'),
    // The three steps on iOS Safari, in order ('Add to Home Screen' and 'Done' are Safari's own labels).
    iosSteps: {
      share: 'Tap the Share icon at the bottom',
      scroll: "Scroll to 'Add to Home Screen'",
      done: "Tap 'Done'",
    },
    /** The Share icon's accessible name (Safari's share button). */
    shareIcon: 'Share',
  },
})

export const updateStrings = shellStrings.update
export const offlineStrings = shellStrings.offline
export const installStrings = shellStrings.install
