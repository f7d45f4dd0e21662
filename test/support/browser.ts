import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

/**
 * Finds a Chromium for the end-to-end tests: Playwright's own download where installed (a developer's
 * laptop after `npx playwright install chromium`), else CHROMIUM_PATH, else the system Chromium.
 */
export function findChromium(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    safe(() => chromium.executablePath()),
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((p): p is string => Boolean(p))
  const found = candidates.find((p) => existsSync(p))
  if (!found) {
    throw new Error(
      [
        'No Chromium found for the end-to-end tests. Do one of these:',
        '  npx playwright install chromium          (downloads Playwright’s Chromium)',
        '  sudo apt-get install chromium             (Debian/Ubuntu system Chromium)',
        '  CHROMIUM_PATH=/path/to/chrome npm test    (use a browser you already have)',
      ].join('\n'),
    )
  }
  return found
}

function safe(get: () => string): string | undefined {
  try {
    return get()
  } catch {
    return undefined
  }
}

/**
 * The features behind headless Chromium's own omnibox popup, which it renders as web pages of its own (a
 * renderer per window, about 100 ms of CPU as each opens). The benchmarks turn them off: on 2 cores that
 * work ran beside the page they measure. Chromium honours only the last --disable-features, so each adds
 * these to the list its launcher passes (scripts/bench-perf.ts, scripts/bench-lighthouse.ts).
 */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/** Flags for a headless Chromium in a closed network; --no-sandbox only where Chromium refuses to run as root. */
export function chromiumArgs(extra: string[] = []): string[] {
  const args = [
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    ...extra,
  ]
  if (process.getuid?.() === 0) args.push('--no-sandbox')
  return args
}
