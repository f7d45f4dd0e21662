import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, type StreamEvent } from '../../contract'
import {
  MAX_FAILURE_DETAILS_CHARS,
  StartVoiceCallResponse,
  VoiceCallProgress,
  VoiceCapabilities,
} from '../../contract/calls'
import { languageNotSupported } from '../../contract/languages'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { CALL_QUOTA_EXHAUSTED } from '../../server/calls/call-allowance'
import { endInactiveCalls } from '../../server/calls/voice-call-store'
import type { VoiceCallStart } from '../../server/calls/voice-provider'
import {
  clones,
  conversations,
  messages,
  relationships,
  usageCounters,
  voiceCallFailures,
} from '../../server/db/schema'
import { seedId } from '../../server/seed/ids'
import { parseStreamEvents } from './chat-helpers'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/*
 * Voice calls held by the browser (spec 2 §7): start, turns, speech, heartbeat, end, the inactivity sweep
 * and the transcript bundle. The app's clock is a variable the tests move (no fake timers on the server).
 */

let clock = new Date('2026-05-10T10:00:00.000Z')
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
let t: TestApp
let lenaId: string
const spoken: string[] = []
beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    providers: {
      tts: {
        name: 'fake',
        synthesize: async (request) => {
          spoken.push(`${request.language}:${request.text}`)
          return { audio: Buffer.from('RIFFfake'), contentType: 'audio/wav' }
        },
      },
    },
  })
  const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  lenaId = lena!.id
})
afterAll(() => t.close())

let visitors = 0
const newVisitor = () => `voicevisitor${String(++visitors).padStart(8, '0')}`
const asVisitor = (visitor: string) => ({ cookie: `${VISITOR_COOKIE}=${visitor}` })

async function startCall(headers: Record<string, string>, body: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/calls/voice',
    headers,
    payload: { slug: 'lena-hart', userPreferredLanguage: 'en', ...body },
  })
}
async function openCall(headers: Record<string, string>) {
  const res = await startCall(headers)
  expect(res.statusCode, res.body).toBe(200)
  return StartVoiceCallResponse.parse(res.json())
}
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const voiceSecondsOf = async (subject: string) =>
  (await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))).reduce(
    (sum, row) => sum + row.voiceSeconds,
    0,
  )
const messagesOf = async (subject: string) =>
  (await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))).reduce(
    (sum, row) => sum + row.messages,
    0,
  )

describe('starting a voice call', () => {
  it('says what this server offers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/voice/capabilities' })
    expect(VoiceCapabilities.parse(res.json())).toEqual({ transcription: 'none', calls: 'local' })
  })

  it('opens a local call in a new BROWSER_VOICE conversation with the quota left', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    expect(call.provider).toEqual({ kind: 'local' })
    expect(call.language).toBe('en')
    // Lena's anonymous quota: 5 voice minutes.
    expect(call.remainingSeconds).toBe(300)
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, call.conversationId))
    expect(conversation).toMatchObject({ medium: 'BROWSER_VOICE', visitorId: visitor, cloneId: lenaId })
  })

  it('refuses an unsupported language with the words of spec 2 §5', async () => {
    const res = await startCall(asVisitor(newVisitor()), { userPreferredLanguage: 'xx' })
    expect(res.statusCode).toBe(400)
    expect(ApiErrorBody.parse(res.json()).error.message).toBe(languageNotSupported('xx'))
    expect(res.json().error.message).toMatch(/^Language xx is not supported/)
  })

  it('takes a browser language tag as its language', async () => {
    const call = await openCall(asVisitor(newVisitor()))
    expect(call.language).toBe('en')
    const res = await startCall(asVisitor(newVisitor()), { userPreferredLanguage: 'es-MX' })
    expect(StartVoiceCallResponse.parse(res.json()).language).toBe('es')
  })

  it('refuses a clone without voice calls', async () => {
    const res = await startCall(asVisitor(newVisitor()), { slug: 'tomas-rivera' })
    expect(res.statusCode).toBe(403)
  })

  it('answers 402 with the call quota text when no voice seconds are left', async () => {
    const visitor = newVisitor()
    const { periodStartOf } = await import('../../server/billing/quota')
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `visitor:${visitor}`,
      periodStart: periodStartOf(clock),
      voiceSeconds: 300,
    })
    const res = await startCall(asVisitor(visitor))
    expect(res.statusCode).toBe(402)
    expect(res.json().error).toEqual({ code: 'payment_required', message: CALL_QUOTA_EXHAUSTED })
  })

  it('gives the clone team unlimited calls (-1)', async () => {
    const user = await userWithSession(t.db, 'voice-creator@likeness.test')
    await t.db.insert(relationships).values({ userId: user.id, cloneId: lenaId, type: 'CREATOR' })
    const call = await openCall({ cookie: user.cookie })
    expect(call.remainingSeconds).toBe(-1)
  })
})

describe('a call in progress', () => {
  async function turn(callId: string, headers: Record<string, string>, text: string) {
    return post(`/api/calls/voice/${callId}/turns`, headers, { text })
  }

  it('answers a turn with the chat events and stores both sides in the call conversation, no messages charged', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    const res = await turn(call.callId, asVisitor(visitor), 'How long should I nap?')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/)
    const events: StreamEvent[] = parseStreamEvents(res.body)
    expect(events.some((e) => 'current_token' in e)).toBe(true)
    const final = events.at(-1)!
    if (!('message' in final)) throw new Error(res.body)
    expect(final.message.conversationId).toBe(call.conversationId)
    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
      .orderBy(messages.createdAt)
    // The first message the local call spoke opens the transcript (issue #26 part 2).
    expect(rows.map((r) => [r.sender, r.status])).toEqual([
      ['CLONE', 'complete'],
      ['USER', 'complete'],
      ['CLONE', 'complete'],
    ])
    expect(rows[0]!.text).toBe(call.firstMessage)
    expect(rows[1]!.text).toBe('How long should I nap?')
    expect(await messagesOf(`visitor:${visitor}`)).toBe(0)
  })

  it('is 404 to anyone else, 409 once ended', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    expect((await turn(call.callId, asVisitor(newVisitor()), 'Hello there')).statusCode).toBe(404)
    expect(
      (await post(`/api/calls/voice/${call.callId}/heartbeat`, asVisitor(newVisitor()))).statusCode,
    ).toBe(404)
    await post(`/api/calls/voice/${call.callId}/end`, asVisitor(visitor), { reason: 'hang-up' })
    const after = await turn(call.callId, asVisitor(visitor), 'Are you still there?')
    expect(after.statusCode).toBe(409)
  })

  it('answers 402 when the quota runs out during the call', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    advance(299)
    expect((await turn(call.callId, asVisitor(visitor), 'One more thing')).statusCode).toBe(200)
    advance(2)
    const late = await turn(call.callId, asVisitor(visitor), 'And another')
    expect(late.statusCode).toBe(402)
    expect(late.json().error.message).toBe(CALL_QUOTA_EXHAUSTED)
  })

  it('speaks a sentence in the call language', async () => {
    const visitor = newVisitor()
    const res = await startCall(asVisitor(visitor), { userPreferredLanguage: 'de' })
    const call = StartVoiceCallResponse.parse(res.json())
    const speech = await post(`/api/calls/voice/${call.callId}/speech`, asVisitor(visitor), {
      text: 'Schlaf ist wichtig.',
    })
    expect(speech.statusCode).toBe(200)
    expect(speech.headers['content-type']).toBe('audio/wav')
    expect(spoken).toContain('de:Schlaf ist wichtig.')
    const stranger = await post(`/api/calls/voice/${call.callId}/speech`, asVisitor(newVisitor()), {
      text: 'Hello',
    })
    expect(stranger.statusCode).toBe(404)
  })

  it('tells the seconds used and left on a heartbeat', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    advance(42.3)
    const res = await post(`/api/calls/voice/${call.callId}/heartbeat`, asVisitor(visitor))
    expect(VoiceCallProgress.parse(res.json())).toEqual({
      callId: call.callId,
      durationSeconds: 43,
      remainingSeconds: 257,
      ended: false,
    })
  })

  it('counts the seconds of every call the visitor has going, so parallel calls share one allowance (issue #27)', async () => {
    const visitor = newVisitor()
    const first = await openCall(asVisitor(visitor))
    advance(100)
    // The second call starts with what the first has not used yet.
    const second = await openCall(asVisitor(visitor))
    expect(second.remainingSeconds).toBe(200)
    advance(50)
    const beat = await post(`/api/calls/voice/${first.callId}/heartbeat`, asVisitor(visitor))
    expect(VoiceCallProgress.parse(beat.json())).toMatchObject({
      durationSeconds: 150,
      remainingSeconds: 100,
    })
    advance(50)
    // 200 s and 100 s: the allowance of 300 s is spent, by both together.
    const turn = await post(`/api/calls/voice/${second.callId}/turns`, asVisitor(visitor), { text: 'Hello' })
    expect(turn.statusCode).toBe(402)
    expect(turn.json().error.message).toBe(CALL_QUOTA_EXHAUSTED)
    // Ended, the first call's seconds are charged and no longer counted as running: the sum is the same.
    await post(`/api/calls/voice/${first.callId}/end`, asVisitor(visitor), { reason: 'hang-up' })
    const after = await post(`/api/calls/voice/${second.callId}/heartbeat`, asVisitor(visitor))
    expect(VoiceCallProgress.parse(after.json()).remainingSeconds).toBe(0)
  })
})

describe('ending a call', () => {
  it('charges the rounded-up seconds once, however often it is ended', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    advance(61.2)
    const end = () => post(`/api/calls/voice/${call.callId}/end`, asVisitor(visitor), { reason: 'hang-up' })
    const first = VoiceCallProgress.parse((await end()).json())
    expect(first).toEqual({ callId: call.callId, durationSeconds: 62, remainingSeconds: 238, ended: true })
    advance(30)
    expect(VoiceCallProgress.parse((await end()).json())).toEqual(first)
    expect(await voiceSecondsOf(`visitor:${visitor}`)).toBe(62)
  })

  it('charges once when ends race, and the sweeper adds nothing after', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    advance(10)
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        post(`/api/calls/voice/${call.callId}/end`, asVisitor(visitor), { reason: 'left-screen' }),
      ),
    )
    expect(results.map((r) => VoiceCallProgress.parse(r.json()).durationSeconds)).toEqual([10, 10, 10])
    advance(120)
    await endInactiveCalls(t.db, clock)
    expect(await voiceSecondsOf(`visitor:${visitor}`)).toBe(10)
  })

  it('ends a call left without heartbeats at its last sign of life', async () => {
    const visitor = newVisitor()
    const call = await openCall(asVisitor(visitor))
    advance(15)
    await post(`/api/calls/voice/${call.callId}/heartbeat`, asVisitor(visitor))
    advance(61)
    await endInactiveCalls(t.db, clock)
    const progress = VoiceCallProgress.parse(
      (await post(`/api/calls/voice/${call.callId}/end`, asVisitor(visitor), { reason: 'hang-up' })).json(),
    )
    expect(progress).toMatchObject({ durationSeconds: 15, ended: true })
    expect(await voiceSecondsOf(`visitor:${visitor}`)).toBe(15)
  })

  it('stores a failure report', async () => {
    const res = await post('/api/calls/voice/failures', asVisitor(newVisitor()), {
      event_id: 'voice_call_failure',
      cause: 'microphone',
      message: 'Permission denied',
      outcome: 'call-not-started',
      slug: 'lena-hart',
      details: { kind: 'denied' },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    const rows = await t.db
      .select()
      .from(voiceCallFailures)
      .where(and(eq(voiceCallFailures.slug, 'lena-hart'), eq(voiceCallFailures.cause, 'microphone')))
    expect(rows[0]).toMatchObject({ message: 'Permission denied', details: { kind: 'denied' } })
  })

  it('refuses a failure report whose details are larger than a report needs (issue #27)', async () => {
    const report = {
      event_id: 'voice_call_failure',
      cause: 'microphone',
      message: 'Permission denied',
      outcome: 'call-not-started',
      slug: 'lena-hart',
    }
    const big = await post('/api/calls/voice/failures', asVisitor(newVisitor()), {
      ...report,
      details: { stack: 'x'.repeat(MAX_FAILURE_DETAILS_CHARS) },
    })
    expect(big.statusCode).toBe(400)
    const fits = await post('/api/calls/voice/failures', asVisitor(newVisitor()), {
      ...report,
      details: { stack: 'x'.repeat(MAX_FAILURE_DETAILS_CHARS - 20) },
    })
    expect(fits.statusCode, fits.body).toBe(200)
  })
})

describe("the creator's voice settings at call start (issue #26 part 2)", () => {
  const setVoiceSettings = (voiceSettings: unknown) =>
    t.db
      .update(clones)
      .set({ voiceSettings: voiceSettings as never })
      .where(eq(clones.id, lenaId))

  it('greets in the call’s language with the creator’s first message, and refuses an unsupported provider', async () => {
    try {
      await setVoiceSettings({ provider: '11labs', firstMessages: { es: '¡Hola! Soy Lena, pregúntame.' } })
      const spanish = await startCall(asVisitor(newVisitor()), { userPreferredLanguage: 'es' })
      expect(spanish.statusCode, spanish.body).toBe(200)
      expect(StartVoiceCallResponse.parse(spanish.json()).firstMessage).toBe('¡Hola! Soy Lena, pregúntame.')
      const english = StartVoiceCallResponse.parse((await startCall(asVisitor(newVisitor()))).json())
      expect(english.firstMessage).toContain('Lena Hart')

      await setVoiceSettings({ provider: 'playht' })
      const refused = await startCall(asVisitor(newVisitor()))
      expect(refused.statusCode).toBe(400)
      expect(ApiErrorBody.parse(refused.json()).error.message).toBe('Unsupported voice provider')
    } finally {
      await setVoiceSettings(null)
    }
  })
})

describe('relationshipId at call start (spec 2 §5, issue #26)', () => {
  it("is the signed-in user's own relationship with the clone, looked up by the server; a sent one is ignored", async () => {
    const seen: VoiceCallStart[] = []
    const app = await createTestApp({
      providers: {
        voiceCalls: {
          kind: 'local',
          providerFor: async (start) => {
            seen.push(start)
            return { kind: 'local' }
          },
        },
      },
    })
    try {
      const cookie = await seededUserCookie(app.db, 'user-sam')
      const forged = '00000000-0000-4000-8000-00000000beef'
      const start = (headers: Record<string, string>) =>
        app.app.inject({
          method: 'POST',
          url: '/api/calls/voice',
          headers,
          payload: { slug: 'lena-hart', userPreferredLanguage: 'en', relationshipId: forged },
        })
      expect((await start({ cookie })).statusCode).toBe(200)
      const [own] = await app.db
        .select()
        .from(relationships)
        .where(and(eq(relationships.userId, seedId('user', 'user-sam')), eq(relationships.cloneId, lenaId)))
      expect(own).toBeDefined()
      expect(seen[0]!.relationshipId).toBe(own!.id)
      expect((await start(asVisitor(newVisitor()))).statusCode).toBe(200)
      expect(seen[1]!.relationshipId).toBeNull()
    } finally {
      await app.close()
    }
  })
})
