import { and, count, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, type ChatMessage, ConversationWithMessages, MessageSources } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { encodeAffiliateTarget } from '../../server/chat/affiliate-url'
import { affiliateClicks } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

const TOPPER = 'https://shop.example.com/lena-hart/coolcore-mattress-topper'

describe('message sources, affiliate links and link previews', () => {
  let t: TestApp
  let answer: ChatMessage
  let userMessage: ChatMessage
  let visitor: string
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://likeness.example.com' } })
    const sent = await sendChatMessage(t.app, { text: 'What temperature should my bedroom be for sleep?' })
    answer = sent.message
    userMessage = sent.userMessage!
    visitor = sent.visitor!
  })
  afterAll(() => t.close())

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers })

  describe('GET /api/clone/talk/messages/:messageId/sources', () => {
    it('answers the citations of a message by index', async () => {
      const res = await get(`/api/clone/talk/messages/${answer.id}/sources?slug=lena-hart`)
      expect(res.statusCode).toBe(200)
      const { citations } = MessageSources.parse(res.json())
      expect(citations).toEqual(answer.citations)
      expect(citations.map((c) => c.index)).toEqual([...citations.map((c) => c.index)].sort((a, b) => a - b))
      // The slug is optional; a message without sources has an empty list.
      const none = MessageSources.parse(
        (await get(`/api/clone/talk/messages/${userMessage.id}/sources`)).json(),
      )
      expect(none.citations).toEqual([])
    })

    it('gives the citation text a conversation leaves out: its messages carry only what labels the markers', async () => {
      const res = await get(`/api/clone/talk/conversations/${answer.conversationId}`, {
        cookie: `${VISITOR_COOKIE}=${visitor}`,
      })
      expect(res.statusCode).toBe(200)
      const shown = ConversationWithMessages.parse(res.json()).messages.find((m) => m.id === answer.id)!
      expect(answer.citations.length).toBeGreaterThan(0)
      expect(shown.citations).toEqual(
        answer.citations.map(({ index, documentId, type, title, url, visible }) => ({
          index,
          documentId,
          type,
          title,
          url,
          visible,
        })),
      )
      expect(JSON.stringify(res.json())).not.toContain(answer.citations[0]!.text)
      const sources = MessageSources.parse(
        (await get(`/api/clone/talk/messages/${answer.id}/sources?slug=lena-hart`)).json(),
      )
      expect(sources.citations.map((c) => c.text)).toEqual(answer.citations.map((c) => c.text))
    })

    it('answers 400 for a non-uuid id and 404 for an unknown message or another clone', async () => {
      const bad = await get('/api/clone/talk/messages/not-a-uuid/sources')
      expect(bad.statusCode).toBe(400)
      expect(ApiErrorBody.parse(bad.json()).error.code).toBe('bad_request')
      const unknown = await get('/api/clone/talk/messages/8d3c9b8e-0000-4000-8000-000000000000/sources')
      expect(unknown.statusCode).toBe(404)
      expect(ApiErrorBody.parse(unknown.json()).error.code).toBe('not_found')
      expect((await get(`/api/clone/talk/messages/${answer.id}/sources?slug=tomas-rivera`)).statusCode).toBe(
        404,
      )
    })
  })

  describe('GET /api/affiliate/product/:messageId', () => {
    const clicks = async () => {
      const [row] = await t.db
        .select({ n: count() })
        .from(affiliateClicks)
        .where(eq(affiliateClicks.messageId, answer.id))
      return row!.n
    }

    it('redirects to a product of the message and counts the click', async () => {
      expect(answer.messageAffiliates.map((a) => a.url)).toEqual([TOPPER])
      const before = await clicks()
      const res = await get(
        `/api/affiliate/product/${answer.id}?to=${encodeURIComponent(encodeAffiliateTarget(TOPPER))}`,
      )
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe(TOPPER)
      expect(await clicks()).toBe(before + 1)
      const [click] = await t.db
        .select()
        .from(affiliateClicks)
        .where(eq(affiliateClicks.messageId, answer.id))
      expect(click).toMatchObject({ cloneId: cloneIdOf('lena-hart'), url: TOPPER })
      // base64url without padding works too.
      const urlSafe = Buffer.from(TOPPER).toString('base64url')
      expect((await get(`/api/affiliate/product/${answer.id}?to=${urlSafe}`)).statusCode).toBe(302)
    })

    it('refuses any other destination with 404 and counts nothing (no open redirect)', async () => {
      const before = await clicks()
      for (const url of [
        `/api/affiliate/product/${answer.id}?to=${encodeAffiliateTarget('https://evil.example.com/')}`,
        `/api/affiliate/product/${userMessage.id}?to=${encodeAffiliateTarget(TOPPER)}`,
        `/api/affiliate/product/${answer.id}?to=not*base64`,
        `/api/affiliate/product/${answer.id}`,
        `/api/affiliate/product/not-a-uuid?to=${encodeAffiliateTarget(TOPPER)}`,
        `/api/affiliate/product/8d3c9b8e-0000-4000-8000-000000000000?to=${encodeAffiliateTarget(TOPPER)}`,
      ]) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(404)
        expect(res.headers.location).toBeUndefined()
        expect(ApiErrorBody.parse(res.json()).error.code).toBe('not_found')
      }
      expect(await clicks()).toBe(before)
    })
  })

  describe('GET /api/affiliate/:slug', () => {
    it('redirects the powered-by link to the directory with the referring clone, counting it', async () => {
      const target = 'https://likeness.example.com/explore?ref=lena-hart'
      const res = await get('/api/affiliate/lena-hart')
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe(target)
      const rows = await t.db
        .select()
        .from(affiliateClicks)
        .where(and(eq(affiliateClicks.cloneId, cloneIdOf('lena-hart')), isNull(affiliateClicks.messageId)))
      expect(rows.map((r) => r.url)).toContain(target)
      expect((await get('/api/affiliate/nobody-here')).statusCode).toBe(404)
    })
  })

  describe('GET /api/og', () => {
    it('draws an SVG card with the host, the path and our document title', async () => {
      const res = await get(
        `/api/og?url=${encodeURIComponent('https://lenahart.example.com/articles/caffeine-cutoff')}`,
      )
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(res.headers['cache-control']).toBe('public, max-age=86400')
      expect(res.headers.etag).toMatch(/^".+"$/)
      expect(res.body).toContain('width="1200" height="630"')
      expect(res.body).toContain('lenahart.example.com')
      expect(res.body).toContain('/articles/caffeine-cutoff')
      expect(res.body).toContain('Caffeine Cutoff')

      const again = await get(
        `/api/og?url=${encodeURIComponent('https://lenahart.example.com/articles/caffeine-cutoff')}`,
        {
          'if-none-match': String(res.headers.etag),
        },
      )
      expect(again.statusCode).toBe(304)
    })

    it('escapes everything taken from the URL', async () => {
      const hostile = "https://example.com/\"><script>alert(1)</script>?q=<svg onload=alert(1)>&x='y'"
      const res = await get(`/api/og?url=${encodeURIComponent(hostile)}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('<script')
      expect(res.body).not.toContain('<svg onload')
      expect(res.body).toContain('&lt;script&gt;')
    })

    it('refuses URLs that are not http(s)', async () => {
      for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'not a url', 'data:text/html,hi']) {
        const res = await get(`/api/og?url=${encodeURIComponent(url)}`)
        expect(res.statusCode, url).toBe(400)
        expect(ApiErrorBody.parse(res.json()).error.code).toBe('bad_request')
      }
      expect((await get('/api/og')).statusCode).toBe(400)
    })
  })
})
