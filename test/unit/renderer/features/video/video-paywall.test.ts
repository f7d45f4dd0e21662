import { describe, expect, it } from 'vitest'
import {
  type VideoPaywallInput,
  type VideoUsage,
  videoPaywallAction,
  videoQuotaExhausted,
} from '../../../../../renderer/src/lib/video-quota'

const usage = (
  permission: boolean | undefined,
  used: number,
  quota: number,
  overage = false,
): VideoUsage => ({
  permissions: permission === undefined ? {} : { can_make_video_call: permission },
  billing: { is_overage_enabled: overage },
  quota: { video_seconds: quota },
  usage: { video_seconds: used },
})

const base: VideoPaywallInput = {
  userKnown: true,
  requireEmail: true,
  usage: usage(true, 0, 600),
  paywallOpen: false,
  justSignedIn: false,
}

describe('video paywall logic (spec 2 §4)', () => {
  const rows: [string, Partial<VideoPaywallInput>, ReturnType<typeof videoPaywallAction>][] = [
    ['waits for the user state', { userKnown: false }, 'wait'],
    ['is skipped when requireEmail is false', { requireEmail: false, usage: usage(false, 0, 0) }, 'skip'],
    ['waits for the usage', { usage: undefined }, 'wait'],
    ['waits while the video permission is undefined', { usage: usage(undefined, 900, 600) }, 'wait'],
    ['opens when the permission is false', { usage: usage(false, 0, 600) }, 'open'],
    [
      'closes an open paywall when the permission is true',
      { paywallOpen: true, usage: usage(true, 900, 600) },
      'close',
    ],
    ['opens at the quota with overage off', { usage: usage(true, 600, 600) }, 'open'],
    ['opens above the quota with overage off', { usage: usage(true, 700, 600) }, 'open'],
    ['stays closed above the quota with overage on', { usage: usage(true, 700, 600, true) }, 'none'],
    ['stays closed with an unlimited quota', { usage: usage(true, 9000, -1) }, 'none'],
    ['does nothing under the quota', { usage: usage(true, 10, 600) }, 'none'],
    [
      'resets to closed on login after absence',
      { justSignedIn: true, paywallOpen: true, usage: usage(false, 0, 0) },
      'close',
    ],
    ['stays closed on login after absence', { justSignedIn: true, usage: usage(false, 0, 0) }, 'none'],
  ]
  for (const [name, patch, action] of rows)
    it(name, () => expect(videoPaywallAction({ ...base, ...patch })).toBe(action))

  it('tells when the Video button shows the exhausted quota', () => {
    expect(videoQuotaExhausted(usage(true, 600, 600), true)).toBe(true)
    expect(videoQuotaExhausted(usage(true, 600, 600), false)).toBe(false)
    expect(videoQuotaExhausted(usage(true, 10, 600), true)).toBe(false)
    expect(videoQuotaExhausted(usage(true, 600, -1), true)).toBe(false)
    expect(videoQuotaExhausted(usage(true, 600, 600, true), true)).toBe(false)
    expect(videoQuotaExhausted(undefined, true)).toBe(false)
  })
})
