import { describe, expect, it } from 'vitest'
import {
  messageLimit,
  nextPeriodStart,
  periodStartOf,
  quotaOfAnonymous,
  quotaOfMembership,
  remainingOf,
  usageView,
} from '../../../../server/billing/quota'

const used = (messages: number, voice = 0, video = 0) => ({
  messages,
  voice_seconds: voice,
  video_seconds: video,
})

describe('quota arithmetic', () => {
  it('turns the anonymous quota (minutes) into seconds', () => {
    expect(quotaOfAnonymous({ messages: 10, voiceMinutes: 5, videoMinutes: 2 })).toEqual({
      messages: 10,
      voice_seconds: 300,
      video_seconds: 120,
    })
  })

  it('reads a membership, messages above 99999 being unlimited', () => {
    const m = { includedMessagesPerMonth: 200, includedMinutesPerMonth: 10, includedVideoMinutesPerMonth: 0 }
    expect(quotaOfMembership(m)).toEqual({ messages: 200, voice_seconds: 600, video_seconds: 0 })
    expect(quotaOfMembership({ ...m, includedMessagesPerMonth: 99_999 }).messages).toBe(99_999)
    expect(quotaOfMembership({ ...m, includedMessagesPerMonth: 100_000 }).messages).toBe(-1)
  })

  it('keeps -1 as unlimited and never goes below zero remaining', () => {
    expect(remainingOf(used(-1, 300, 0), used(7, 400, 0))).toEqual(used(-1, 0, 0))
    expect(remainingOf(used(10, 300, 120), used(3, 60, 0))).toEqual(used(7, 240, 120))
  })

  it('grants permissions under the quota, with -1, or with overage', () => {
    const q = used(5, 60, 0)
    expect(usageView(q, used(4, 60, 0), false, new Date()).permissions).toEqual({
      can_send_message: true,
      can_make_call: false,
      can_make_video_call: false,
    })
    expect(usageView(q, used(5), false, new Date()).permissions.can_send_message).toBe(false)
    const over = usageView(q, used(9, 100, 10), true, new Date())
    expect(over.permissions).toEqual({
      can_send_message: true,
      can_make_call: true,
      can_make_video_call: true,
    })
    expect(over.billing.is_overage_enabled).toBe(true)
    expect(over.remaining.messages).toBe(0)
    expect(usageView(used(-1, -1, -1), used(1000), false, new Date()).permissions.can_send_message).toBe(true)
  })

  it('gives the limit of the atomic increment', () => {
    expect(messageLimit(used(5), false)).toBe(5)
    expect(messageLimit(used(5), true)).toBe(-1)
    expect(messageLimit(used(-1), false)).toBe(-1)
  })

  it('resets monthly on the first of the UTC month', () => {
    const now = new Date('2025-12-31T23:59:59.999Z')
    expect(periodStartOf(now).toISOString()).toBe('2025-12-01T00:00:00.000Z')
    expect(nextPeriodStart(now).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    expect(periodStartOf(new Date('2026-01-01T00:00:00.000Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z')
    const view = usageView(used(1), used(0), false, new Date('2026-02-10T12:00:00Z'))
    expect(view.resetsAt).toBe('2026-03-01T00:00:00.000Z')
  })
})
