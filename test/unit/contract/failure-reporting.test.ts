import { describe, expect, it, vi } from 'vitest'
import {
  FILTERED,
  lookupReplayId,
  REPLAY_LOOKUP_INTERVAL_MS,
  type ScrubbableEvent,
  scrubFailureEvent,
  scrubText,
} from '../../../contract/failure-reporting'

/** An event as the SDKs hand it to beforeSend, with personal data wherever it can be. */
const eventWithPersonalData = (): ScrubbableEvent => ({
  message: 'Mail to ada@example.com failed',
  user: { id: 'u1', email: 'ada@example.com', ip_address: '203.0.113.9' },
  server_name: 'ada-laptop',
  request: {
    url: 'https://app.example.test/api/memberships?slug=lena&token=embed-session-token',
    data: { text: 'my secret question' },
    cookies: { session: 'abc' },
    query_string: 'token=embed-session-token',
    headers: { 'User-Agent': 'Firefox', Cookie: 'session=abc', Authorization: 'Bearer xyz' },
  },
  exception: {
    values: [
      {
        value: 'Could not text +44 20 7946 0958 or mail ada@example.com',
        stacktrace: { frames: [{ vars: { text: 'my secret question' } }] },
      },
    ],
  },
  breadcrumbs: [
    { category: 'console', message: 'Sending "my secret question"' },
    { category: 'fetch', data: { url: 'https://app.example.test/api/x?code=123456', method: 'POST' } },
  ],
  extra: { text: 'my secret question', nested: { email: 'ada@example.com', count: 2 } },
  contexts: {
    failure: { slug: 'lena-hart', userText: 'my secret question', fileCount: 1 },
    browser: { name: 'Firefox', version: '140' },
  },
  tags: { failure: 'message', who: 'ada@example.com' },
})

describe('the failure reports scrubber', () => {
  it('takes out the user, bodies, cookies, query strings, local variables, console lines and sensitive keys', () => {
    const event = scrubFailureEvent(eventWithPersonalData())
    const sent = JSON.stringify(event)
    for (const secret of [
      'ada@example.com',
      '7946',
      'my secret question',
      'embed-session-token',
      '123456',
      'session=abc',
      'Bearer',
      '203.0.113.9',
      'ada-laptop',
    ]) {
      expect(sent, secret).not.toContain(secret)
    }
    expect(event.user).toBeUndefined()
    expect(event.request).toEqual({
      url: 'https://app.example.test/api/memberships',
      headers: { 'User-Agent': 'Firefox' },
    })
    expect(event.exception?.values?.[0]?.value).toBe('Could not text [phone] or mail [email]')
    expect(event.breadcrumbs).toEqual([
      { category: 'fetch', data: { url: 'https://app.example.test/api/x', method: 'POST' } },
    ])
    expect(event.extra).toEqual({ text: FILTERED, nested: { email: FILTERED, count: 2 } })
    // What failed and where stays; what was said goes.
    expect(event.contexts?.failure).toEqual({ slug: 'lena-hart', userText: FILTERED, fileCount: 1 })
    expect(event.contexts?.browser).toEqual({ name: 'Firefox', version: '140' })
    expect(event.tags).toEqual({ failure: 'message', who: '[email]' })
  })

  it('keeps ids and dates that look like numbers', () => {
    expect(scrubText('message c0ffee00-0000-4000-8000-000000000001 on 2026-11-29T04:13:58Z')).toBe(
      'message c0ffee00-0000-4000-8000-000000000001 on 2026-11-29T04:13:58Z',
    )
    expect(scrubText('call (030) 1234 5678 or +1-202-555-0143')).toBe('call [phone] or [phone]')
  })

  it('leaves the event as it is when the operator allows personal data', () => {
    const event = scrubFailureEvent(eventWithPersonalData(), true)
    expect(event).toEqual(eventWithPersonalData())
  })
})

describe('the session-replay lookup', () => {
  it('is retried 3 times, 500 ms apart, while the replay has no id', async () => {
    const sleep = vi.fn(async (_ms: number) => {})
    const getReplayId = vi.fn((): string | undefined => undefined)
    expect(await lookupReplayId(getReplayId, sleep)).toBeUndefined()
    expect(getReplayId).toHaveBeenCalledTimes(4)
    expect(sleep.mock.calls).toEqual([
      [REPLAY_LOOKUP_INTERVAL_MS],
      [REPLAY_LOOKUP_INTERVAL_MS],
      [REPLAY_LOOKUP_INTERVAL_MS],
    ])
    expect(REPLAY_LOOKUP_INTERVAL_MS).toBe(500)
  })

  it('stops at the first id', async () => {
    const sleep = vi.fn(async (_ms: number) => {})
    const ids = [undefined, 'replay-1']
    const getReplayId = vi.fn(() => ids.shift())
    expect(await lookupReplayId(getReplayId, sleep)).toBe('replay-1')
    expect(getReplayId).toHaveBeenCalledTimes(2)
    expect(sleep).toHaveBeenCalledTimes(1)
  })
})
