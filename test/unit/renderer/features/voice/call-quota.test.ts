import { describe, expect, it } from 'vitest'
import {
  anonymousAllowanceSeconds,
  anonymousAllowanceUsedUp,
  anonymousRemaining,
  callBrowserSupport,
  chargeElapsed,
  countdownLabel,
  countdownRules,
  formatCallTimer,
  localDay,
  tighterLimit,
  type VoiceUsage,
  voiceCallNeedsPaywall,
  voiceCreditRingVisible,
  voiceQuotaExhausted,
} from '../../../../../renderer/src/features/voice/call-quota'

const usage = (patch: {
  can?: boolean
  remaining?: number
  quota?: number
  overage?: boolean
}): VoiceUsage => ({
  permissions: patch.can === undefined ? {} : { can_make_call: patch.can },
  billing: { is_overage_enabled: patch.overage ?? false },
  quota: { voice_seconds: patch.quota ?? 600 },
  remaining: { voice_seconds: patch.remaining ?? 600 },
})

describe('countdown and timer (spec 2 §4, §5)', () => {
  it.each([
    [null, 'Unlimited'],
    [-1, 'Unlimited'],
    [0, '1 minute'],
    [59, '1 minute'],
    [119, '1 minute'],
    [120, '2 minutes'],
    [601, '10 minutes'],
  ])('%s seconds reads %s', (seconds, label) => {
    expect(countdownLabel(seconds)).toBe(label)
  })

  it('shows the call time as mm:ss', () => {
    expect(formatCallTimer(0)).toBe('00:00')
    expect(formatCallTimer(65)).toBe('01:05')
    expect(formatCallTimer(3599)).toBe('59:59')
  })

  it('charges the elapsed time unless unlimited or unknown, never below zero', () => {
    expect(chargeElapsed(600, 65)).toBe(535)
    expect(chargeElapsed(30, 65)).toBe(0)
    expect(chargeElapsed(-1, 65)).toBe(-1)
    expect(chargeElapsed(null, 65)).toBeNull()
  })
})

describe('voice quota (spec 2 §5)', () => {
  it('an explicit false permission shows the paywall unless requireEmail is off', () => {
    expect(voiceCallNeedsPaywall(usage({ can: false }), true)).toBe(true)
    expect(voiceCallNeedsPaywall(usage({ can: false }), false)).toBe(false)
    expect(voiceCallNeedsPaywall(usage({ can: true, remaining: 0 }), true)).toBe(false)
  })

  it('without an explicit permission: at or below zero, not -1, overage off, email required', () => {
    expect(voiceCallNeedsPaywall(usage({ remaining: 0 }), true)).toBe(true)
    expect(voiceCallNeedsPaywall(usage({ remaining: -5 }), true)).toBe(true)
    expect(voiceCallNeedsPaywall(usage({ remaining: -1 }), true)).toBe(false)
    expect(voiceCallNeedsPaywall(usage({ remaining: 0, overage: true }), true)).toBe(false)
    expect(voiceCallNeedsPaywall(usage({ remaining: 0 }), false)).toBe(false)
    expect(voiceCallNeedsPaywall(usage({ remaining: 1 }), true)).toBe(false)
    expect(voiceCallNeedsPaywall(undefined, true)).toBe(false)
  })

  it('the exhausted tooltip needs a real quota', () => {
    expect(voiceQuotaExhausted(usage({ can: false }), true)).toBe(true)
    expect(voiceQuotaExhausted(usage({ can: false, quota: -1 }), true)).toBe(false)
  })

  it('creators, contributors and overage users have no countdown and are never stopped', () => {
    for (const userType of ['admin', 'collab'] as const) {
      expect(countdownRules({ userType, usage: usage({}), requireEmail: true })).toEqual({
        showCountdown: false,
        stopsAtZero: false,
      })
    }
    expect(
      countdownRules({ userType: 'consumer_signed_in', usage: usage({ overage: true }), requireEmail: true }),
    ).toEqual({ showCountdown: false, stopsAtZero: false })
    expect(countdownRules({ userType: 'anonymous', usage: usage({}), requireEmail: true })).toEqual({
      showCountdown: true,
      stopsAtZero: true,
    })
  })

  it('requireEmail false keeps the countdown but never stops the call on it', () => {
    expect(countdownRules({ userType: 'anonymous', usage: usage({}), requireEmail: false })).toEqual({
      showCountdown: true,
      stopsAtZero: false,
    })
  })

  it('shows the credit ring only with a real quota and email required', () => {
    expect(voiceCreditRingVisible(usage({}), true)).toBe(true)
    expect(voiceCreditRingVisible(usage({ quota: -1 }), true)).toBe(false)
    expect(voiceCreditRingVisible(usage({}), false)).toBe(false)
  })
})

describe('anonymous allowance (spec 2 §5)', () => {
  it('is the anonymous voice minutes times 60', () => {
    expect(anonymousAllowanceSeconds(5)).toBe(300)
    expect(anonymousAllowanceSeconds(-1)).toBe(-1)
  })

  it('is a daily value: today’s stored seconds, else the full allowance', () => {
    const today = localDay(new Date(2025, 0, 2, 9))
    expect(today).toBe('2025-01-02')
    expect(anonymousRemaining({ seconds: 120, day: today }, 300, today)).toBe(120)
    expect(anonymousRemaining({ seconds: 120, day: '2025-01-01' }, 300, today)).toBe(300)
    expect(anonymousRemaining(undefined, 300, today)).toBe(300)
    expect(anonymousRemaining({ seconds: 999, day: today }, 300, today)).toBe(300)
  })

  it('used up at zero where the call would stop at zero: the paywall instead of a call', () => {
    expect(anonymousAllowanceUsedUp(0, true)).toBe(true)
    expect(anonymousAllowanceUsedUp(30, true)).toBe(false)
    // Unknown (the allowance not loaded yet), unlimited, or a call that would not stop at zero.
    expect(anonymousAllowanceUsedUp(null, true)).toBe(false)
    expect(anonymousAllowanceUsedUp(-1, true)).toBe(false)
    expect(anonymousAllowanceUsedUp(0, false)).toBe(false)
  })

  it('the tighter of two limits wins; -1 and unknown are no limit', () => {
    expect(tighterLimit(600, 120)).toBe(120)
    expect(tighterLimit(-1, 120)).toBe(120)
    expect(tighterLimit(-1, null)).toBe(-1)
    expect(tighterLimit(null, null)).toBeNull()
  })
})

describe('browser support (spec 2 §5)', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36'
  const full = { hasGetUserMedia: true, hasAudioContext: true }
  it.each([
    [`${chrome} [FBAN/FBIOS;FBAV/400.0]`, 'in-app'],
    [`${chrome} [FB_IAB/FB4A;FBAV/400.0]`, 'in-app'],
    [`${chrome} Instagram 300.0.0`, 'in-app'],
    [chrome, 'supported'],
  ])('%s is %s', (userAgent, support) => {
    expect(callBrowserSupport({ userAgent, ...full })).toBe(support)
  })

  it('needs getUserMedia and an AudioContext', () => {
    expect(callBrowserSupport({ userAgent: chrome, ...full, hasGetUserMedia: false })).toBe('unsupported')
    expect(callBrowserSupport({ userAgent: chrome, ...full, hasAudioContext: false })).toBe('unsupported')
  })
})
