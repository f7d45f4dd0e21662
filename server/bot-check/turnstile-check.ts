import { z } from 'zod'

/*
 * Cloudflare Turnstile (issue #27 part 2), when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set: the
 * browser renders the invisible widget with the site key and sends its token; the server asks Cloudflare's
 * siteverify endpoint whether the token is good. Cloudflare accepts a token once and for 300 s
 * (a second look answers 'timeout-or-duplicate'), so replays and old tokens are refused there.
 */

export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/** How long siteverify may take before the check counts as unavailable. */
export const SITEVERIFY_TIMEOUT_MS = 10_000

/** siteverify's answer (the fields read; hostname, challenge_ts, action and cdata besides). */
const SiteverifyAnswer = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
  hostname: z.string().optional(),
})

export type TurnstileVerdict = 'ok' | 'invalid' | 'unavailable'

export interface TurnstileCheckOptions {
  secretKey: string
  /** Replaces the global fetch (tests answer for Cloudflare). */
  fetch?: typeof fetch
  siteverifyUrl?: string
  log?: { warn: (details: object, message: string) => void }
}

export interface TurnstileCheck {
  verify(token: string, remoteIp: string): Promise<TurnstileVerdict>
}

export function createTurnstileCheck({
  secretKey,
  fetch: doFetch = globalThis.fetch,
  siteverifyUrl = TURNSTILE_SITEVERIFY_URL,
  log,
}: TurnstileCheckOptions): TurnstileCheck {
  return {
    async verify(token, remoteIp) {
      let answer: unknown
      try {
        const response = await doFetch(siteverifyUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ secret: secretKey, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
        })
        if (!response.ok) {
          log?.warn({ status: response.status }, 'Turnstile siteverify failed')
          return 'unavailable'
        }
        answer = await response.json()
      } catch (error) {
        log?.warn({ err: error }, 'Turnstile siteverify unreachable')
        return 'unavailable'
      }
      const parsed = SiteverifyAnswer.safeParse(answer)
      if (!parsed.success) {
        log?.warn({ answer }, 'Turnstile siteverify answered something unexpected')
        return 'unavailable'
      }
      if (parsed.data.success) return 'ok'
      // The secret itself refused is ours to fix, not the visitor's.
      const codes = parsed.data['error-codes'] ?? []
      if (codes.some((code) => code.includes('secret'))) {
        log?.warn({ codes }, 'Turnstile refused the secret key')
        return 'unavailable'
      }
      return 'invalid'
    },
  }
}
