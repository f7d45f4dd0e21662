import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CallBundle, StartVoiceCallResponse } from '../../contract/calls'
import { conversations } from '../../server/db/schema'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/*
 * A call's conversation after the call (spec 2 §6): the transcript bundle for its signed-in owner only, and
 * the existing history and sharing routes, which treat a BROWSER_VOICE conversation like any other.
 */

let clock = new Date('2026-05-10T10:00:00.000Z')
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000)
}
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
})
afterAll(() => t.close())

const post = (url: string, headers: Record<string, string>, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload })
async function openCall(headers: Record<string, string>) {
  const res = await post('/api/calls/voice', headers, { slug: 'lena-hart', userPreferredLanguage: 'en' })
  expect(res.statusCode, res.body).toBe(200)
  return StartVoiceCallResponse.parse(res.json())
}

describe('the call bundle of a transcript', () => {
  it('is for the signed-in owner only', async () => {
    const user = await userWithSession(t.db, 'voice-owner@likeness.test')
    const call = await openCall({ cookie: user.cookie })
    await post(
      `/api/calls/voice/${call.callId}/turns`,
      { cookie: user.cookie },
      { text: 'Tell me about naps' },
    )
    advance(20)
    await post(`/api/calls/voice/${call.callId}/end`, { cookie: user.cookie }, { reason: 'hang-up' })
    const url = `/api/calls/voice/by-conversation/${call.conversationId}`

    const anonymous = await t.app.inject({ method: 'GET', url })
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json().error.message).toBe('Please log in to view conversation history')
    const other = await userWithSession(t.db, 'voice-other@likeness.test')
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } })).statusCode).toBe(
      404,
    )

    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
    const bundle = CallBundle.parse(res.json())
    expect(bundle).toMatchObject({
      conversationId: call.conversationId,
      medium: 'BROWSER_VOICE',
      durationSeconds: 20,
    })
    // The local call's first message, then the turn.
    expect(bundle.messages.map((m) => m.sender)).toEqual(['CLONE', 'USER', 'CLONE'])
    expect(bundle.messages[0]!.text).toBe(call.firstMessage)
  })

  it('lists and shares the call conversation like any other', async () => {
    const user = await userWithSession(t.db, 'voice-sharer@likeness.test')
    const call = await openCall({ cookie: user.cookie })
    await post(
      `/api/calls/voice/${call.callId}/turns`,
      { cookie: user.cookie },
      { text: 'What about caffeine?' },
    )
    const shared = await post(`/api/clone/talk/conversations/${call.conversationId}/share`, {
      cookie: user.cookie,
    })
    expect(shared.statusCode, shared.body).toBe(200)
    const shareId = shared.json().shared.id as string
    const view = await t.app.inject({ method: 'GET', url: `/api/clone/talk/shared/${shareId}` })
    expect(view.statusCode, view.body).toBe(200)
    expect(JSON.stringify(view.json())).toContain('BROWSER_VOICE')
  })
})

describe('history', () => {
  it('lists a call conversation with medium BROWSER_VOICE', async () => {
    const user = await userWithSession(t.db, 'voice-history@likeness.test')
    const call = await openCall({ cookie: user.cookie })
    await post(
      `/api/calls/voice/${call.callId}/turns`,
      { cookie: user.cookie },
      { text: 'How do naps work?' },
    )
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, call.conversationId))
    expect(row!.medium).toBe('BROWSER_VOICE')
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/conversations/${call.conversationId}`,
      headers: { cookie: user.cookie },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().medium).toBe('BROWSER_VOICE')
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/clone/talk/conversations?slug=lena-hart',
      headers: { cookie: user.cookie },
    })
    expect(list.statusCode, list.body).toBe(200)
    const listed = (list.json().conversations as { id: string; medium: string }[]).find(
      (c) => c.id === call.conversationId,
    )
    expect(listed?.medium).toBe('BROWSER_VOICE')
  })
})
