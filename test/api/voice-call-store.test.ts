import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { periodStartOf } from '../../server/billing/quota'
import {
  endInactiveCalls,
  endVoiceCall,
  findVoiceCall,
  findVoiceCallByProviderId,
  MAX_CALL_SECONDS,
  openVoiceCall,
  setProviderCallId,
  touchVoiceCall,
} from '../../server/calls/voice-call-store'
import { clones, conversations, usageCounters } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

describe('voice call store: seconds reach the ledger once', () => {
  let t: TestApp
  let cloneId: string
  const start = new Date('2026-03-10T12:00:00.000Z')
  beforeAll(async () => {
    t = await createTestApp()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    cloneId = lena!.id
  })
  afterAll(() => t.close())

  let n = 0
  async function open(at = start) {
    const subject = `visitor:storevisitor${String(++n).padStart(6, '0')}`
    const call = await openVoiceCall(t.db, {
      cloneId,
      instanceId: null,
      userId: null,
      visitorId: subject.slice('visitor:'.length),
      ledger: { subject, periodStart: periodStartOf(at), scope: null },
      language: 'en',
      provider: 'local',
      startedAt: at,
    })
    return { call, subject }
  }
  async function voiceSecondsOf(subject: string) {
    const rows = await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))
    return rows.reduce((sum, row) => sum + row.voiceSeconds, 0)
  }
  const later = (ms: number, from = start) => new Date(from.getTime() + ms)

  it('opens a BROWSER_VOICE conversation with the call', async () => {
    const { call } = await open()
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, call.conversationId))
    expect(conversation!.medium).toBe('BROWSER_VOICE')
    expect(call.endedAt).toBeNull()
  })

  it('charges the rounded-up seconds once, however often the call is ended', async () => {
    const { call, subject } = await open()
    const first = await endVoiceCall(t.db, call.id, { endedAt: later(61_200), reason: 'hang-up' })
    expect(first).toEqual({ charged: true, durationSeconds: 62 })
    const second = await endVoiceCall(t.db, call.id, { endedAt: later(90_000), reason: 'left-screen' })
    expect(second).toEqual({ charged: false, durationSeconds: 62 })
    expect(await voiceSecondsOf(subject)).toBe(62)
    const stored = await findVoiceCall(t.db, call.id)
    expect(stored).toMatchObject({ endReason: 'hang-up', durationSeconds: 62, charged: true })
  })

  it('charges once when ends race', async () => {
    const { call, subject } = await open()
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => endVoiceCall(t.db, call.id, { endedAt: later(10_000), reason: 'hang-up' })),
    )
    expect(results.filter((r) => r.charged)).toHaveLength(1)
    expect(results.map((r) => r.durationSeconds)).toEqual([10, 10, 10, 10])
    expect(await voiceSecondsOf(subject)).toBe(10)
  })

  it("takes the provider's duration, capped at the 6 h maximum (spec 2 §9)", async () => {
    const { call, subject } = await open()
    expect(
      await endVoiceCall(t.db, call.id, {
        endedAt: later(5_000),
        reason: 'provider-ended',
        durationSeconds: 7.2,
      }),
    ).toEqual({ charged: true, durationSeconds: 8 })
    const long = await open()
    expect(
      (await endVoiceCall(t.db, long.call.id, { endedAt: later(30 * 3600_000), reason: 'hang-up' }))
        .durationSeconds,
    ).toBe(MAX_CALL_SECONDS)
    expect(await voiceSecondsOf(subject)).toBe(8)
  })

  it('ends a call unheard of for 60 s at its last sign of life, once', async () => {
    const { call, subject } = await open()
    await touchVoiceCall(t.db, call.id, later(20_000))
    await endInactiveCalls(t.db, later(70_000))
    expect((await findVoiceCall(t.db, call.id))!.endedAt).toBeNull()
    await endInactiveCalls(t.db, later(81_000))
    expect(await findVoiceCall(t.db, call.id)).toMatchObject({ endReason: 'inactivity', durationSeconds: 20 })
    await endInactiveCalls(t.db, later(200_000))
    expect(await endVoiceCall(t.db, call.id, { endedAt: later(300_000), reason: 'hang-up' })).toEqual({
      charged: false,
      durationSeconds: 20,
    })
    expect(await voiceSecondsOf(subject)).toBe(20)
  })

  it("keeps Vapi's call id, unique, and finds the call by it", async () => {
    const { call } = await open()
    expect(await setProviderCallId(t.db, call.id, 'vapi-call-1')).toBe(true)
    expect(await setProviderCallId(t.db, call.id, 'vapi-call-1')).toBe(true)
    expect(await setProviderCallId(t.db, call.id, 'vapi-call-2')).toBe(false)
    expect((await findVoiceCallByProviderId(t.db, 'vapi-call-1'))!.id).toBe(call.id)
  })
})
