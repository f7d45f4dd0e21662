// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { solveBotCheck } from '../../../../renderer/src/lib/bot-check'
import { turnstileToken } from '../../../../renderer/src/lib/bot-check/turnstile'

/*
 * Cloudflare Turnstile in the renderer (issue #27 part 2): with the script's API on the page (a stand-in
 * here), a token comes from a widget rendered for it with the site key, which is removed afterwards.
 */

type Params = {
  sitekey: string
  appearance?: string
  callback?: (token: string) => void
  'error-callback'?: (code: string) => void
}

function fakeTurnstile(answer: (params: Params) => void) {
  const rendered: { container: HTMLElement; params: Params }[] = []
  const removed: string[] = []
  window.turnstile = {
    render: (container, params) => {
      rendered.push({ container, params })
      queueMicrotask(() => answer(params))
      return `widget-${rendered.length}`
    },
    remove: (id) => removed.push(id),
  }
  return { rendered, removed }
}

afterEach(() => {
  delete window.turnstile
  vi.useRealTimers()
})

describe('turnstileToken', () => {
  it('renders a widget with the site key in a corner and answers its token, then removes it', async () => {
    const fake = fakeTurnstile((params) => params.callback?.('cf-token'))
    expect(await turnstileToken('site-key')).toBe('cf-token')
    expect(fake.rendered[0]!.params).toMatchObject({ sitekey: 'site-key', appearance: 'interaction-only' })
    expect(fake.removed).toEqual(['widget-1'])
    expect(document.querySelector('[data-bot-check]')).toBeNull()
  })

  it("fails with Turnstile's error, and cleans up", async () => {
    const fake = fakeTurnstile((params) => params['error-callback']?.('110200'))
    await expect(turnstileToken('site-key')).rejects.toThrow('Turnstile failed (110200)')
    expect(fake.removed).toEqual(['widget-1'])
    expect(document.querySelector('[data-bot-check]')).toBeNull()
  })

  it('gives the token to the bot check for a server in the Turnstile mode', async () => {
    fakeTurnstile((params) => params.callback?.('cf-token-2'))
    const solved = await solveBotCheck({ mode: 'turnstile', siteKey: 'site-key' })
    expect(solved.token).toBe('cf-token-2')
    expect(solved.expiresAt).toBeGreaterThan(Date.now() + 200_000)
    expect(await solveBotCheck({ mode: 'none' })).toMatchObject({ token: null })
  })
})
