/*
 * Cloudflare Turnstile (issue #27 part 2), when the server has its keys: the script is loaded the first time
 * a token is needed, and each token comes from a widget rendered for it in a corner of the page. An invisible
 * widget shows nothing; should Cloudflare want the visitor to act, it appears there ('interaction-only').
 */

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

/** How long the token is good for: Cloudflare accepts it for 300 s, once. */
export const TURNSTILE_TOKEN_TTL_MS = 280_000

interface TurnstileApi {
  render(
    container: HTMLElement,
    params: {
      sitekey: string
      appearance?: 'always' | 'execute' | 'interaction-only'
      callback?: (token: string) => void
      'error-callback'?: (code: string) => void
      'expired-callback'?: () => void
      'timeout-callback'?: () => void
    },
  ): string | null | undefined
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let loading: Promise<TurnstileApi> | null = null

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile is missing'))
    script.onerror = () => {
      loading = null
      script.remove()
      reject(new Error('Turnstile could not be loaded'))
    }
    document.head.appendChild(script)
  })
  return loading
}

/** One Turnstile token for `siteKey`. */
export async function turnstileToken(siteKey: string, signal?: AbortSignal): Promise<string> {
  const turnstile = await loadTurnstile()
  const container = document.createElement('div')
  container.dataset.botCheck = 'turnstile'
  container.style.cssText = 'position:fixed;right:12px;bottom:12px;z-index:2147483647'
  document.body.appendChild(container)
  let widgetId: string | null | undefined
  try {
    return await new Promise<string>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), {
        once: true,
      })
      widgetId = turnstile.render(container, {
        sitekey: siteKey,
        appearance: 'interaction-only',
        callback: resolve,
        'error-callback': (code) => reject(new Error(`Turnstile failed (${code})`)),
        'expired-callback': () => reject(new Error('Turnstile expired')),
        'timeout-callback': () => reject(new Error('Turnstile timed out')),
      })
      if (!widgetId) reject(new Error('Turnstile could not render'))
    })
  } finally {
    if (widgetId) turnstile.remove(widgetId)
    container.remove()
  }
}
