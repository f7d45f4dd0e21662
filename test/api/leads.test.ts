import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CaptureLeadResponse, LeadList } from '../../contract/embed'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { conversations, leads, relationships, textOptIns, users } from '../../server/db/schema'
import { csvCell, LEADS_CSV_COLUMNS, leadsCsv } from '../../server/embeds/leads'
import { cloneIdOf, embedConfigIdOf } from '../../server/seed'
import { sendChatMessage } from './chat-helpers'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

describe('leads', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  const lena = cloneIdOf('lena-hart')
  const textLimit = embedConfigIdOf('lena-hart', 'text-limit')

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
  })
  afterAll(() => t.close())

  const capture = (cookie: string, visitor: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/capture/lead',
      payload,
      headers: { cookie: [cookie, visitor ? `${VISITOR_COOKIE}=${visitor}` : ''].filter(Boolean).join('; ') },
    })

  it('claims the visitor’s conversations, makes the relationship and keeps one lead (idempotent)', async () => {
    const first = await sendChatMessage(t.app, { text: 'How do I sleep better?' })
    const visitor = first.visitor!
    await sendChatMessage(t.app, { text: 'And naps?' }, visitor)
    const user = await userWithSession(t.db, 'lead@leads.test')
    await t.db
      .update(users)
      .set({ name: 'Lee Lead', phoneNumber: '+15555550123' })
      .where(eq(users.id, user.id))

    const res = await capture(user.cookie, visitor, {
      slug: 'lena-hart',
      configId: textLimit,
      conversationId: first.message.conversationId,
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = CaptureLeadResponse.parse(res.json())
    expect(body.claimed).toBe(2)
    const owned = await t.db.select().from(conversations).where(eq(conversations.visitorId, visitor))
    expect(owned.map((c) => c.userId)).toEqual([user.id, user.id])
    const [relationship] = await t.db
      .select()
      .from(relationships)
      .where(and(eq(relationships.userId, user.id), eq(relationships.cloneId, lena)))
    expect(relationship?.type).toBe('CONSUMER')

    const again = await capture(user.cookie, visitor, {
      slug: 'lena-hart',
      conversationId: first.message.conversationId,
    })
    expect(again.statusCode, again.body).toBe(200)
    expect(CaptureLeadResponse.parse(again.json())).toEqual({ claimed: 0, leadId: body.leadId })
    const rows = await t.db.select().from(leads).where(eq(leads.userId, user.id))
    expect(rows).toHaveLength(1)
    // The first capture's configuration stays.
    expect(rows[0]!.embedConfigId).toBe(textLimit)

    await t.db.insert(textOptIns).values({ userId: user.id, cloneId: lena, optIn: true, medium: 'SMS' })
    const listed = await t.app.inject({
      url: '/api/studio/lena-hart/leads',
      headers: { cookie: contributor },
    })
    expect(listed.statusCode, listed.body).toBe(200)
    const lead = LeadList.parse(listed.json()).leads.find((l) => l.id === body.leadId)!
    expect(lead).toMatchObject({
      name: 'Lee Lead',
      email: 'lead@leads.test',
      phoneNumber: '+15555550123',
      telegramUsername: null,
      optIn: { optIn: true, medium: 'SMS' },
      embedConfigId: textLimit,
    })
    expect(lead.firstConversationAt).toBe(
      new Date(Math.min(...owned.map((c) => c.createdAt.getTime()))).toISOString(),
    )
    expect(lead.lastConversationAt).toBe(
      new Date(Math.max(...owned.map((c) => c.updatedAt.getTime()))).toISOString(),
    )
  })

  it('records no configuration of another clone, and needs a signed-in user', async () => {
    const user = await userWithSession(t.db, 'other@leads.test')
    const res = await capture(user.cookie, undefined, {
      slug: 'lena-hart',
      configId: embedConfigIdOf('tomas-rivera', 'bubble'),
    })
    expect(res.statusCode, res.body).toBe(200)
    const [row] = await t.db.select().from(leads).where(eq(leads.userId, user.id))
    expect(row!.embedConfigId).toBeNull()
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/capture/lead', payload: { slug: 'lena-hart' } }))
        .statusCode,
    ).toBe(401)
    expect((await capture(user.cookie, undefined, { slug: 'no-such-clone' })).statusCode).toBe(404)
    // Someone else's conversation cannot be claimed.
    const stranger = await sendChatMessage(t.app, { text: 'Hello' })
    const claim = await capture(user.cookie, undefined, {
      slug: 'lena-hart',
      conversationId: stranger.message.conversationId,
    })
    expect(claim.statusCode).toBe(404)
  })

  it('lists leads newest first for the creator and contributors only', async () => {
    const newest = await userWithSession(t.db, 'newest@leads.test')
    await capture(newest.cookie, undefined, { slug: 'lena-hart' })
    const list = LeadList.parse(
      (await t.app.inject({ url: '/api/studio/lena-hart/leads', headers: { cookie: creator } })).json(),
    ).leads
    expect(list[0]!.email).toBe('newest@leads.test')
    const times = list.map((l) => l.capturedAt)
    expect([...times].sort().reverse()).toEqual(times)

    const tomas = await seededUserCookie(t.db, 'user-tomas')
    for (const url of ['/api/studio/lena-hart/leads', '/api/studio/lena-hart/leads.csv']) {
      expect((await t.app.inject({ url, headers: { cookie: tomas } })).statusCode).toBe(404)
      expect((await t.app.inject({ url, headers: { cookie: newest.cookie } })).statusCode).toBe(404)
      expect((await t.app.inject({ url })).statusCode).toBe(401)
    }
  })

  it('downloads the leads as CSV', async () => {
    const user = await userWithSession(t.db, 'csv@leads.test')
    await t.db.update(users).set({ name: '=HYPERLINK("x"), "Bob"' }).where(eq(users.id, user.id))
    await capture(user.cookie, undefined, { slug: 'lena-hart' })
    const res = await t.app.inject({ url: '/api/studio/lena-hart/leads.csv', headers: { cookie: creator } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="lena-hart-leads.csv"')
    const lines = res.body.split('\r\n')
    expect(lines[0]).toBe(LEADS_CSV_COLUMNS.join(','))
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""x""\), ""Bob""",csv@leads\.test,,,no,,,,,\d{4}-/)
  })

  it('quotes cells and guards formulas', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(risky)).toBe(`'${risky}`)
    expect(leadsCsv([])).toBe(`${LEADS_CSV_COLUMNS.join(',')}\r\n`)
  })
})
