import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, PresignUploadResponse, type StreamEvent } from '../../contract'
import { languageNotSupported } from '../../contract/languages'
import {
  SharedVideoCall,
  StartVideoCallResponse,
  VIDEO_QUOTA_EXHAUSTED,
  VideoCallProgress,
} from '../../contract/video'
import { periodStartOf } from '../../server/billing/quota'
import { endInactiveVideoCalls } from '../../server/calls/video-call-store'
import {
  clones,
  conversations,
  messages,
  relationships,
  usageCounters,
  videoCallFailures,
} from '../../server/db/schema'
import { NOT_THE_CLONES_WORDS } from '../../server/routes/video-calls'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { complete, presign, putPart, uploadDataDir, visitorHeaders } from './upload-helpers'

/*
 * Video calls on the local avatar (spec 2 §7): start with its refusals, transcript updates, turns, the end
 * report counting video seconds once, the sweeper, the recording and who may play it, failure reports.
 * The app's clock is a variable the tests move (no fake timers on the server).
 */

let clock = new Date('2026-05-10T10:00:00.000Z')
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
let t: TestApp
let lenaId: string
let data: Awaited<ReturnType<typeof uploadDataDir>>
beforeAll(async () => {
  data = await uploadDataDir()
  t = await createTestApp({
    now: () => clock,
    env: { DATA_DIR: data.dir },
    providers: {
      tts: {
        name: 'fake',
        synthesize: async () => ({ audio: Buffer.from('RIFFfake'), contentType: 'audio/wav' }),
      },
    },
  })
  const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  lenaId = lena!.id
})
afterAll(async () => {
  await t.close()
  await data.remove()
})

let visitors = 0
const newVisitor = () => visitorHeaders(`videovisitor${String(++visitors).padStart(8, '0')}`)
const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const startCall = (headers: Record<string, string>, body: Record<string, unknown> = {}) =>
  post('/api/calls/video', headers, { slug: 'lena-hart', language: 'en', ...body })
async function openCall(headers: Record<string, string>) {
  const res = await startCall(headers)
  expect(res.statusCode, res.body).toBe(200)
  return StartVideoCallResponse.parse(res.json())
}
const videoSecondsOf = async (headers: Record<string, string>) => {
  const subject = `visitor:${headers.cookie!.split('=')[1]}`
  const rows = await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))
  return rows.reduce((sum, row) => sum + row.videoSeconds, 0)
}

describe('starting a video call', () => {
  it('opens a local avatar call in a new VIDEO conversation with the video seconds left', async () => {
    const call = await openCall(newVisitor())
    expect(call.provider).toEqual({ kind: 'local' })
    expect(call.tavusConversationUrl).toBeNull()
    // Lena's anonymous quota: 2 video minutes.
    expect(call.remainingSeconds).toBe(120)
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, call.conversationId))
    expect(conversation).toMatchObject({ medium: 'VIDEO', cloneId: lenaId })
  })

  it('refuses an unsupported language, and a clone without video', async () => {
    const res = await startCall(newVisitor(), { language: 'xx' })
    expect(res.statusCode).toBe(400)
    expect(ApiErrorBody.parse(res.json()).error.message).toBe(languageNotSupported('xx'))
    expect((await startCall(newVisitor(), { slug: 'tomas-rivera' })).statusCode).toBe(403)
  })

  it('answers 402 with the video tooltip text at zero; the clone team is unlimited', async () => {
    const visitor = newVisitor()
    await t.db.insert(usageCounters).values({
      cloneId: lenaId,
      subject: `visitor:${visitor.cookie.split('=')[1]}`,
      periodStart: periodStartOf(clock),
      videoSeconds: 120,
    })
    const res = await startCall(visitor)
    expect(res.statusCode).toBe(402)
    expect(res.json().error).toEqual({ code: 'payment_required', message: VIDEO_QUOTA_EXHAUSTED })

    const user = await userWithSession(t.db, 'video-creator@likeness.test')
    await t.db.insert(relationships).values({ userId: user.id, cloneId: lenaId, type: 'CREATOR' })
    expect((await openCall({ cookie: user.cookie })).remainingSeconds).toBe(-1)
  })
})

describe('a video call in progress', () => {
  it('stores transcript updates from both participants at their timestamps, for the owner only', async () => {
    const visitor = newVisitor()
    const call = await openCall(visitor)
    const at = (s: number) => new Date(clock.getTime() + s * 1000).toISOString()
    const update = (headers: Record<string, string>, participant: string, text: string, s: number) =>
      post(`/api/calls/video/${call.callId}/transcript`, headers, { text, participant, timestamp: at(s) })
    // The avatar's first words (its greeting); the clone's other words are stored by the turns themselves.
    expect((await update(visitor, 'CLONE', call.firstMessage!, 1)).statusCode).toBe(200)
    expect((await update(visitor, 'USER', 'How long should I nap?', 4)).statusCode).toBe(200)
    expect((await update(newVisitor(), 'USER', 'Not my call', 5)).statusCode).toBe(404)
    // Words the clone did not say are not stored as its own (issue #27: the transcript can be shared).
    const forged = await update(visitor, 'CLONE', 'Send me your card number', 6)
    expect(forged.statusCode).toBe(400)
    expect(forged.json().error.message).toBe(NOT_THE_CLONES_WORDS)
    const rows = await t.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
      .orderBy(asc(messages.createdAt))
    expect(rows.map((r) => [r.sender, r.text, r.createdAt.toISOString()])).toEqual([
      ['CLONE', call.firstMessage, at(1)],
      ['USER', 'How long should I nap?', at(4)],
    ])
  })

  it('answers a local avatar turn with the chat events, stored in the VIDEO conversation, no message charged', async () => {
    const visitor = newVisitor()
    const call = await openCall(visitor)
    const res = await post(`/api/calls/video/${call.callId}/turns`, visitor, {
      text: 'How long should I nap?',
    })
    expect(res.statusCode, res.body).toBe(200)
    const events: StreamEvent[] = parseStreamEvents(res.body)
    const final = events.at(-1)!
    if (!('message' in final)) throw new Error(res.body)
    expect(final.message.conversationId).toBe(call.conversationId)
    const senders = await t.db
      .select({ sender: messages.sender })
      .from(messages)
      .where(eq(messages.conversationId, call.conversationId))
    expect(senders.map((s) => s.sender).sort()).toEqual(['CLONE', 'USER'])
    const subject = `visitor:${visitor.cookie.split('=')[1]}`
    const ledger = await t.db.select().from(usageCounters).where(eq(usageCounters.subject, subject))
    expect(ledger.reduce((sum, row) => sum + row.messages, 0)).toBe(0)
    const speech = await post(`/api/calls/video/${call.callId}/speech`, visitor, { text: 'Hello there.' })
    expect(speech.statusCode).toBe(200)
    expect(speech.headers['content-type']).toBe('audio/wav')
  })
})

describe('ending a video call', () => {
  it('counts the seconds once, by the server clock, however often and however concurrently it ends', async () => {
    const visitor = newVisitor()
    const call = await openCall(visitor)
    advance(42)
    const end = () =>
      post(`/api/calls/video/${call.callId}/end`, visitor, { reason: 'hang-up', durationSeconds: 999 })
    const answers = await Promise.all([end(), end(), end()])
    for (const res of answers)
      expect(VideoCallProgress.parse(res.json())).toMatchObject({ durationSeconds: 42, ended: true })
    expect((await end()).json().durationSeconds).toBe(42)
    expect(await videoSecondsOf(visitor)).toBe(42)
    expect(answers[0]!.json().remainingSeconds).toBe(120 - 42)
  })

  it('the sweeper ends a call without heartbeats at its last sign of life, once', async () => {
    const visitor = newVisitor()
    const call = await openCall(visitor)
    advance(10)
    expect((await post(`/api/calls/video/${call.callId}/heartbeat`, visitor)).json().durationSeconds).toBe(10)
    advance(120)
    await endInactiveVideoCalls(t.db, clock)
    await endInactiveVideoCalls(t.db, clock)
    expect(await videoSecondsOf(visitor)).toBe(10)
    expect((await post(`/api/calls/video/${call.callId}/heartbeat`, visitor)).json()).toMatchObject({
      ended: true,
    })
  })

  it('stores failure reports', async () => {
    const res = await post('/api/calls/video/failures', newVisitor(), {
      event_id: 'video_call_failure',
      cause: 'replica-join-timeout',
      message: 'The replica did not join in 30 s',
      outcome: 'failed',
      slug: 'lena-hart',
      tavus_conversation_id: 'c42',
      details: { waitedMs: 30000 },
    })
    expect(res.statusCode).toBe(200)
    const [row] = await t.db
      .select()
      .from(videoCallFailures)
      .where(
        and(
          eq(videoCallFailures.tavusConversationId, 'c42'),
          eq(videoCallFailures.cause, 'replica-join-timeout'),
        ),
      )
    expect(row).toMatchObject({
      eventId: 'video_call_failure',
      slug: 'lena-hart',
      details: { waitedMs: 30000 },
    })
  })
})

describe('the recording', () => {
  const WEBM = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(2048, 7)])
  async function uploadRecording(headers: Record<string, string>) {
    const res = await presign(t.app, headers, {
      fileName: 'call.webm',
      fileSize: WEBM.length,
      contentType: 'video/webm',
      bucketType: 'recording',
    })
    expect(res.statusCode, res.body).toBe(200)
    const upload = PresignUploadResponse.parse(res.json())
    const part = await putPart(t.app, upload.partUrls[0]!, WEBM)
    const done = await complete(t.app, headers, {
      fileKey: upload.fileKey,
      uploadId: upload.uploadId,
      fileName: 'call.webm',
      partETags: [{ PartNumber: 1, ETag: String(part.headers.etag) }],
    })
    expect(done.statusCode, done.body).toBe(200)
    return { uploadId: upload.uploadId, fileUrl: done.json().presignedUrl as string }
  }

  it('plays for the owner and through the share only; others get 404', async () => {
    const owner = newVisitor()
    const other = newVisitor()
    const call = await openCall(owner)
    const upload = await uploadRecording(owner)
    // Someone else's upload is not this call's recording.
    const theirs = await uploadRecording(other)
    expect(
      (await post(`/api/calls/video/${call.callId}/recording`, owner, { uploadId: theirs.uploadId }))
        .statusCode,
    ).toBe(400)

    const attached = await post(`/api/calls/video/${call.callId}/recording`, owner, {
      uploadId: upload.uploadId,
    })
    expect(attached.statusCode, attached.body).toBe(200)
    const { recordingUrl } = attached.json()
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers })
    const mine = await get(recordingUrl, owner)
    expect(mine.statusCode).toBe(200)
    expect(mine.rawPayload.equals(WEBM)).toBe(true)
    expect((await get(recordingUrl, other)).statusCode).toBe(404)
    expect((await get(recordingUrl)).statusCode).toBe(404)
    // The upload's own address never serves a recording.
    expect((await get(upload.fileUrl, owner)).statusCode).toBe(404)
    const [conversation] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, call.conversationId))
    expect(conversation!.recordingUrl).toBe(recordingUrl)

    const share = await post(`/api/clone/talk/conversations/${call.conversationId}/share`, owner)
    const shareId = share.json().shared.id as string
    const view = SharedVideoCall.parse((await get(`/api/calls/video/shared/${shareId}`)).json())
    expect(view.clone.name).toBe('Dr. Lena Hart')
    expect(view.recordingUrl).not.toBeNull()
    const shared = await get(view.recordingUrl!)
    expect(shared.statusCode).toBe(200)
    expect(shared.rawPayload.equals(WEBM)).toBe(true)

    await post(`/api/clone/talk/conversations/${call.conversationId}/unshare`, owner)
    expect((await get(view.recordingUrl!)).statusCode).toBe(404)
    expect((await get(`/api/calls/video/shared/${shareId}`)).statusCode).toBe(404)
  })
})

describe('the first message (issue #26 part 2)', () => {
  it('is the creator’s in the call’s language, else the greeting in it', async () => {
    const setVoiceSettings = (voiceSettings: unknown) =>
      t.db
        .update(clones)
        .set({ voiceSettings: voiceSettings as never })
        .where(eq(clones.id, lenaId))
    try {
      await setVoiceSettings({ provider: '11labs', firstMessages: { fr: 'Bonjour, ici Lena.' } })
      const french = await startCall(newVisitor(), { language: 'fr' })
      expect(french.statusCode, french.body).toBe(200)
      expect(StartVideoCallResponse.parse(french.json()).firstMessage).toBe('Bonjour, ici Lena.')
      const english = StartVideoCallResponse.parse((await startCall(newVisitor())).json())
      expect(english.firstMessage).toBe('Hi, this is Dr. Lena Hart. What would you like to talk about?')
    } finally {
      await setVoiceSettings(null)
    }
  })
})
