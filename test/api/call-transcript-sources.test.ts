import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PresignUploadResponse } from '../../contract'
import { CallBundle, StartVoiceCallResponse } from '../../contract/calls'
import { SharedVideoCall, StartVideoCallResponse } from '../../contract/video'
import { messageAffiliates, messageCitations, messages } from '../../server/db/schema'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { complete, presign, putPart, uploadDataDir, visitorHeaders } from './upload-helpers'

/*
 * Issue #26 parts 3 and 4 (audit P2-48, P2-12, P2-15, P2-04): a call's transcript carries its answers'
 * sources and products, the call's share link is the call's page (every way it is asked for), and a
 * recording plays with seeking (HTTP range requests).
 */

const PUBLIC_URL = 'https://likeness.example'
let t: TestApp
let data: Awaited<ReturnType<typeof uploadDataDir>>
beforeAll(async () => {
  data = await uploadDataDir()
  t = await createTestApp({ env: { PUBLIC_URL, DATA_DIR: data.dir } })
})
afterAll(async () => {
  await t.close()
  await data.remove()
})

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload })
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

async function voiceCallWithAnswer(cookie: string) {
  const res = await post('/api/calls/voice', { cookie }, { slug: 'lena-hart', userPreferredLanguage: 'en' })
  expect(res.statusCode, res.body).toBe(200)
  const call = StartVoiceCallResponse.parse(res.json())
  await post(`/api/calls/voice/${call.callId}/turns`, { cookie }, { text: 'Tell me about naps' })
  return { call, answerId: await cloneMessageOf(call.conversationId) }
}

async function cloneMessageOf(conversationId: string) {
  const [answer] = await t.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.sender, 'CLONE')))
  expect(answer).toBeDefined()
  return answer!.id
}

/** Three sources on the answer (one shown, one without a title, one invisible) and a product card. */
async function addSources(messageId: string) {
  const base = { messageId, documentTitle: 'Sleep notes', type: 'Website' as const, text: 'Naps help.' }
  await t.db.insert(messageCitations).values([
    { ...base, index: 7, documentId: randomUUID(), title: 'Napping well', url: 'https://example.com/naps' },
    { ...base, index: 8, documentId: randomUUID(), title: '  ', url: 'https://example.com/untitled' },
    { ...base, index: 9, documentId: randomUUID(), title: 'Hidden', url: null, visible: false },
  ])
  await t.db.insert(messageAffiliates).values({
    messageId,
    url: 'https://shop.example/eye-mask',
    title: 'Silk eye mask',
    imageUrl: null,
    position: 0,
  })
}

describe('the call bundle carries the answers’ sources (P2-48)', () => {
  it('lists whole citations by message, without empty-titled or invisible ones, and the products', async () => {
    const user = await userWithSession(t.db, 'bundle-sources@likeness.test')
    const { call, answerId } = await voiceCallWithAnswer(user.cookie)
    await addSources(answerId)

    const res = await get(`/api/calls/voice/by-conversation/${call.conversationId}`, { cookie: user.cookie })
    expect(res.statusCode, res.body).toBe(200)
    const bundle = CallBundle.parse(res.json())
    const mine = bundle.citations.filter((c) => c.index >= 7)
    expect(mine).toEqual([
      expect.objectContaining({
        messageId: answerId,
        index: 7,
        title: 'Napping well',
        text: 'Naps help.',
        url: 'https://example.com/naps',
        visible: true,
      }),
    ])
    expect(bundle.citations.every((c) => c.visible && c.title.trim() !== '')).toBe(true)
    expect(bundle.products).toEqual([
      { messageId: answerId, url: 'https://shop.example/eye-mask', title: 'Silk eye mask', imageUrl: null },
    ])
  })

  it('the shared video page carries them too', async () => {
    const visitor = visitorHeaders('bundlevideo00000001')
    const started = await post('/api/calls/video', visitor, { slug: 'lena-hart', language: 'en' })
    expect(started.statusCode, started.body).toBe(200)
    const call = StartVideoCallResponse.parse(started.json())
    await post(`/api/calls/video/${call.callId}/turns`, visitor, { text: 'How long should I nap?' })
    const answerId = await cloneMessageOf(call.conversationId)
    await addSources(answerId)
    const share = await post(`/api/clone/talk/conversations/${call.conversationId}/share`, visitor)
    const view = SharedVideoCall.parse(
      (await get(`/api/calls/video/shared/${share.json().shared.id}`)).json(),
    )
    expect(view.citations.filter((c) => c.index >= 7).map((c) => c.title)).toEqual(['Napping well'])
    expect(view.products.map((p) => p.title)).toEqual(['Silk eye mask'])
  })
})

describe('a call’s share link is the call’s page (P2-12)', () => {
  it('POST share and the history list answer /{slug}/call/shared/{id} for a voice call', async () => {
    const user = await userWithSession(t.db, 'bundle-share@likeness.test')
    const { call } = await voiceCallWithAnswer(user.cookie)
    const res = await post(`/api/clone/talk/conversations/${call.conversationId}/share`, {
      cookie: user.cookie,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { id, url } = res.json().shared as { id: string; url: string }
    expect(url).toBe(`${PUBLIC_URL}/lena-hart/call/shared/${id}`)

    const list = await get('/api/clone/talk/conversations?slug=lena-hart', { cookie: user.cookie })
    const listed = (list.json().conversations as { id: string; shareUrl: string | null }[]).find(
      (c) => c.id === call.conversationId,
    )
    expect(listed?.shareUrl).toBe(`${PUBLIC_URL}/lena-hart/call/shared/${id}`)
  })

  it('a video call’s link is /{slug}/video/shared/{id}', async () => {
    const visitor = visitorHeaders('bundlevideo00000002')
    const call = StartVideoCallResponse.parse(
      (await post('/api/calls/video', visitor, { slug: 'lena-hart', language: 'en' })).json(),
    )
    const video = (await post(`/api/clone/talk/conversations/${call.conversationId}/share`, visitor)).json()
      .shared as { id: string; url: string }
    expect(video.url).toBe(`${PUBLIC_URL}/lena-hart/video/shared/${video.id}`)

    // A chat's link stays the chat's (test/api/sharing.test.ts).
  })
})

describe('a recording plays with seeking (HTTP range requests)', () => {
  const WEBM = Buffer.concat([Buffer.from('1a45dfa3', 'hex'), Buffer.alloc(4096, 7), Buffer.from('end!')])

  async function recordedCall(visitor: Record<string, string>) {
    const call = StartVideoCallResponse.parse(
      (await post('/api/calls/video', visitor, { slug: 'lena-hart', language: 'en' })).json(),
    )
    const presigned = await presign(t.app, visitor, {
      fileName: 'call.webm',
      fileSize: WEBM.length,
      contentType: 'video/webm',
      bucketType: 'recording',
    })
    const upload = PresignUploadResponse.parse(presigned.json())
    const part = await putPart(t.app, upload.partUrls[0]!, WEBM)
    await complete(t.app, visitor, {
      fileKey: upload.fileKey,
      uploadId: upload.uploadId,
      fileName: 'call.webm',
      partETags: [{ PartNumber: 1, ETag: String(part.headers.etag) }],
    })
    const attached = await post(`/api/calls/video/${call.callId}/recording`, visitor, {
      uploadId: upload.uploadId,
    })
    expect(attached.statusCode, attached.body).toBe(200)
    return { call, recordingUrl: attached.json().recordingUrl as string }
  }

  it('answers 206 with Content-Range for a range, 200 with Accept-Ranges whole, 416 past the end', async () => {
    const visitor = visitorHeaders('bundlerange00000001')
    const { call, recordingUrl } = await recordedCall(visitor)
    const share = await post(`/api/clone/talk/conversations/${call.conversationId}/share`, visitor)
    const shared = SharedVideoCall.parse(
      (await get(`/api/calls/video/shared/${share.json().shared.id}`)).json(),
    )
    const size = WEBM.length

    for (const [url, headers] of [
      [recordingUrl, visitor],
      [shared.recordingUrl!, {}],
    ] as const) {
      const whole = await get(url, headers)
      expect(whole.statusCode).toBe(200)
      expect(whole.headers['accept-ranges']).toBe('bytes')

      const head = await get(url, { ...headers, range: 'bytes=0-3' })
      expect(head.statusCode).toBe(206)
      expect(head.headers['content-range']).toBe(`bytes 0-3/${size}`)
      expect(head.rawPayload.equals(WEBM.subarray(0, 4))).toBe(true)

      // A seek to the end: the last bytes only.
      const tail = await get(url, { ...headers, range: 'bytes=-4' })
      expect(tail.statusCode).toBe(206)
      expect(tail.headers['content-range']).toBe(`bytes ${size - 4}-${size - 1}/${size}`)
      expect(tail.rawPayload.toString()).toBe('end!')

      const open = await get(url, { ...headers, range: `bytes=${size - 4}-` })
      expect(open.statusCode).toBe(206)
      expect(open.rawPayload.toString()).toBe('end!')

      const beyond = await get(url, { ...headers, range: `bytes=${size}-${size + 10}` })
      expect(beyond.statusCode).toBe(416)
      expect(beyond.headers['content-range']).toBe(`bytes */${size}`)
    }
  })
})
