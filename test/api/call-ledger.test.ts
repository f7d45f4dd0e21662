import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_VIDEO_CALL_SECONDS } from '../../contract/video'
import { periodStartOf } from '../../server/billing/quota'
import {
  endInactiveVideoCalls,
  endVideoCall,
  openVideoCall,
  touchVideoCall,
} from '../../server/calls/video-call-store'
import {
  endInactiveCalls,
  endVoiceCall,
  MAX_CALL_SECONDS,
  openVoiceCall,
  touchVoiceCall,
} from '../../server/calls/voice-call-store'
import { clones, usageCounters } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

/*
 * One ledger, two kinds of call (issue #26 part 0, server/calls/call-ledger.ts): the same rules hold for a
 * voice call (voice seconds) and a video call (video seconds), each charged to its own counter only.
 */

let t: TestApp
let cloneId: string
const start = new Date('2026-04-02T09:00:00.000Z')
const later = (seconds: number) => new Date(start.getTime() + seconds * 1000)
beforeAll(async () => {
  t = await createTestApp()
  const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  cloneId = lena!.id
})
afterAll(() => t.close())

let n = 0
const kinds = [
  {
    name: 'voice',
    counter: 'voiceSeconds',
    other: 'videoSeconds',
    max: MAX_CALL_SECONDS,
    open: async (subject: string) => (await openVoiceCall(t.db, callOf(subject))).id,
    touch: (id: string, at: Date) => touchVoiceCall(t.db, id, at),
    end: (id: string, at: Date) => endVoiceCall(t.db, id, { endedAt: at, reason: 'hang-up' }),
    sweep: (at: Date) => endInactiveCalls(t.db, at),
  },
  {
    name: 'video',
    counter: 'videoSeconds',
    other: 'voiceSeconds',
    max: MAX_VIDEO_CALL_SECONDS,
    open: async (subject: string) => (await openVideoCall(t.db, callOf(subject))).id,
    touch: (id: string, at: Date) => touchVideoCall(t.db, id, at),
    end: (id: string, at: Date) => endVideoCall(t.db, id, { endedAt: at, reason: 'hang-up' }),
    sweep: (at: Date) => endInactiveVideoCalls(t.db, at),
  },
] as const

function callOf(subject: string) {
  return {
    cloneId,
    instanceId: null,
    userId: null,
    visitorId: subject.slice('visitor:'.length),
    ledger: { subject, periodStart: periodStartOf(start), scope: null },
    language: 'en',
    provider: 'local' as const,
    startedAt: start,
  }
}

async function counted(subject: string) {
  const rows = await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))
  return {
    voiceSeconds: rows.reduce((sum, r) => sum + r.voiceSeconds, 0),
    videoSeconds: rows.reduce((sum, r) => sum + r.videoSeconds, 0),
  }
}

describe.each(kinds)('the call ledger, $name calls', (kind) => {
  const newSubject = () => `visitor:ledger${kind.name}${String(++n).padStart(6, '0')}`

  it('charges the seconds once to its own counter, however many ends race', async () => {
    const subject = newSubject()
    const id = await kind.open(subject)
    const ends = await Promise.all([
      kind.end(id, later(41.2)),
      kind.end(id, later(50)),
      kind.end(id, later(60)),
    ])
    expect(ends.filter((e) => e.charged)).toHaveLength(1)
    const seconds = ends.find((e) => e.charged)!.durationSeconds
    for (const e of ends) expect(e.durationSeconds).toBe(seconds)
    expect(await counted(subject)).toEqual({ [kind.counter]: seconds, [kind.other]: 0 })
  })

  it('never charges past the hard limit', async () => {
    const subject = newSubject()
    const id = await kind.open(subject)
    expect((await kind.end(id, later(kind.max + 5000))).durationSeconds).toBe(kind.max)
    expect((await counted(subject))[kind.counter]).toBe(kind.max)
  })

  it('ends a call left without heartbeats at its last sign of life, and leaves a live one open', async () => {
    const left = newSubject()
    const live = newSubject()
    const leftId = await kind.open(left)
    const liveId = await kind.open(live)
    await kind.touch(leftId, later(20))
    await kind.touch(liveId, later(100))
    // 61 s after the left call's last heartbeat, 21 s after the live one's.
    expect(await kind.sweep(later(121))).toBeGreaterThanOrEqual(1)
    expect((await counted(left))[kind.counter]).toBe(20)
    expect((await counted(live))[kind.counter]).toBe(0)
    // A heartbeat after the end changes nothing.
    expect(await kind.touch(leftId, later(130))).toBeUndefined()
  })
})
