/** The shell's own texts (update prompt, offline state). The install hint's are in install-hint.ts. */
export const updateStrings = {
  available: 'A new version is available',
  reload: 'Reload',
  later: 'Not now',
} as const

export const offlineStrings = {
  banner:
    'You’re offline. Profiles and conversations you’ve opened are still here, and anything you type is kept as a draft.',
} as const
