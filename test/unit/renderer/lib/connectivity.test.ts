import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  PROBE_INTERVAL_MS,
  reportReachable,
  reportUnreachable,
  serverUnreachable,
  subscribeConnectivity,
} from '../../../../renderer/src/lib/connectivity'

/*
 * A browser can say it is online while no request gets through (a dead link, a captive portal, or Chromium
 * after a reload under offline emulation): the app then counts as offline until the server answers again.
 */
describe('connectivity', () => {
  afterEach(() => {
    reportReachable()
    vi.useRealTimers()
  })

  it('counts as unreachable after a failed request, and probes the health check until it answers', async () => {
    vi.useFakeTimers()
    const changes: boolean[] = []
    const stop = subscribeConnectivity(() => changes.push(serverUnreachable()))
    let up = false
    const probe = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch')
      return new Response('{}', { status: 200 })
    })
    reportUnreachable('/api/health', probe as unknown as typeof fetch)
    reportUnreachable('/api/health', probe as unknown as typeof fetch)
    expect(serverUnreachable()).toBe(true)
    expect(changes).toEqual([true])

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(probe).toHaveBeenCalledTimes(1)
    expect(serverUnreachable()).toBe(true)

    up = true
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS)
    expect(probe).toHaveBeenCalledTimes(2)
    expect(serverUnreachable()).toBe(false)
    expect(changes).toEqual([true, false])
    stop()
  })

  it('is reachable again as soon as any request gets an answer, and stops probing', async () => {
    vi.useFakeTimers()
    const probe = vi.fn(async () => new Response('{}', { status: 200 }))
    reportUnreachable('/api/health', probe as unknown as typeof fetch)
    reportReachable()
    expect(serverUnreachable()).toBe(false)
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3)
    expect(probe).not.toHaveBeenCalled()
  })
})
