import { access } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MeResponse, ShareConversationResponse } from '../../contract'
import { AccountOptInsResponse } from '../../contract/account'
import { creatorRefusal } from '../../server/account/account-deletion'
import { createSession } from '../../server/auth/sessions'
import { clones, conversations, relationships, sessions, uploads, users } from '../../server/db/schema'
import { parseStreamEvents } from './chat-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { PNG_BYTES, uploadDataDir, uploadFile } from './upload-helpers'

const headersOf = (cookie?: string) => (cookie ? { cookie } : {})

describe('account routes', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>

  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir } })
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  const send = (
    method: 'GET' | 'PATCH' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    cookie?: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: headersOf(cookie), ...(payload ? { payload } : {}) })
  const me = async (cookie: string) => MeResponse.parse((await send('GET', '/api/me', cookie)).json())
  const seededSession = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email))
    return { id: user!.id, cookie: `lk_session=${(await createSession(t.db, user!.id, 'cookie')).token}` }
  }

  it('answers 401 to a signed-out visitor on every account route', async () => {
    const calls = [
      send('PATCH', '/api/me', undefined, { name: 'Ada' }),
      send('GET', '/api/me/opt-ins'),
      send('POST', '/api/me/sessions/end-all'),
      send('DELETE', '/api/me', undefined, { email: 'ada@example.com' }),
    ]
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(401)
  })

  it('refuses bad bodies with 400', async () => {
    const { cookie } = await userWithSession(t.db, 'bad-bodies@example.com')
    for (const body of [
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { language: 'klingon' },
      { language: 'EN' },
      { extra: 1 },
    ]) {
      const res = await send('PATCH', '/api/me', cookie, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{}, { email: 42 }, { email: 'someone-else@example.com' }]) {
      const res = await send('DELETE', '/api/me', cookie, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await me(cookie)).user?.email).toBe('bad-bodies@example.com')
  })

  it('saves a trimmed name and the language, and GET /api/me answers them', async () => {
    const { cookie } = await userWithSession(t.db, 'names@example.com')
    const res = await send('PATCH', '/api/me', cookie, { name: '  Ada Lovelace  ', language: 'fr' })
    expect(res.statusCode, res.body).toBe(200)
    expect(MeResponse.parse(res.json()).user).toMatchObject({ name: 'Ada Lovelace', language: 'fr' })
    expect((await me(cookie)).user).toMatchObject({ name: 'Ada Lovelace', language: 'fr' })

    await send('PATCH', '/api/me', cookie, { language: null })
    expect((await me(cookie)).user).toMatchObject({ name: 'Ada Lovelace', language: null })
  })

  it('signs out everywhere: this session and another end, and the cookie is cleared', async () => {
    const { id, cookie } = await userWithSession(t.db, 'everywhere@example.com')
    const other = `lk_session=${(await createSession(t.db, id, 'bearer')).token}`
    expect((await me(other)).user?.id).toBe(id)

    const res = await send('POST', '/api/me/sessions/end-all', cookie)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.cookies.find((c) => c.name === 'lk_session')?.value).toBe('')
    expect((await me(cookie)).user).toBeNull()
    expect((await me(other)).user).toBeNull()
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0)
  })

  it("refuses to delete a creator's account, naming the clone, and leaves the clone as it was", async () => {
    const lena = await seededSession('lena@likeness.test')
    const res = await send('DELETE', '/api/me', lena.cookie, { email: 'lena@likeness.test' })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().error.message).toBe(creatorRefusal('Dr. Lena Hart'))
    const [clone] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    expect(clone).toBeDefined()
    expect((await me(lena.cookie)).user?.email).toBe('lena@likeness.test')
    const created = await t.db.select().from(relationships).where(eq(relationships.userId, lena.id))
    expect(created.some((r) => r.type === 'CREATOR')).toBe(true)
  })

  it('deletes a consumer: their shared link answers 404, their upload is gone, their session signs nobody in', async () => {
    const { id, cookie } = await userWithSession(t.db, 'leaving@example.com')
    const chat = await send('POST', '/api/clone/talk/messages/stream', cookie, {
      slug: 'lena-hart',
      text: 'How much sleep do I need?',
    })
    expect(chat.statusCode, chat.body).toBe(200)
    const final = parseStreamEvents(chat.body).at(-1)
    const conversationId = final && 'message' in final ? final.message.conversationId : ''
    const shared = await send('POST', `/api/clone/talk/conversations/${conversationId}/share`, cookie)
    expect(shared.statusCode, shared.body).toBe(200)
    const shareId = ShareConversationResponse.parse(shared.json()).shared.id
    expect((await send('GET', `/api/clone/talk/shared/${shareId}`)).statusCode).toBe(200)

    const fileUrl = await uploadFile(t.app, { cookie }, 'notes.png', PNG_BYTES)
    const [upload] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.owner, `user:${id}`))
    const filePath = path.join(data.dir, 'uploads', 'files', upload!.fileKey)
    await access(filePath)
    await send('PUT', '/api/opt-ins', cookie, { slug: 'lena-hart', opt_in: true, medium: 'SMS' })

    const res = await send('DELETE', '/api/me', cookie, { email: ' Leaving@Example.com ' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.cookies.find((c) => c.name === 'lk_session')?.value).toBe('')

    expect((await send('GET', `/api/clone/talk/shared/${shareId}`)).statusCode).toBe(404)
    expect((await send('GET', fileUrl)).statusCode).toBe(404)
    await expect(access(filePath)).rejects.toThrow()
    expect((await me(cookie)).user).toBeNull()
    expect(await t.db.select().from(users).where(eq(users.id, id))).toHaveLength(0)
    expect(await t.db.select().from(conversations).where(eq(conversations.id, conversationId))).toHaveLength(
      0,
    )
    expect((await send('GET', '/api/me/opt-ins', cookie)).statusCode).toBe(401)
  })

  it("lists the user's own opt-ins across clones, never another user's", async () => {
    const mine = await userWithSession(t.db, 'opt-mine@example.com')
    const theirs = await userWithSession(t.db, 'opt-theirs@example.com')
    await t.db.update(users).set({ telegramUsername: 'mine_tg' }).where(eq(users.id, mine.id))
    await send('PUT', '/api/opt-ins', mine.cookie, { slug: 'lena-hart', opt_in: true, medium: 'TELEGRAM' })
    await send('PUT', '/api/opt-ins', theirs.cookie, { slug: 'lena-hart', opt_in: true, medium: 'SMS' })

    const res = await send('GET', '/api/me/opt-ins', mine.cookie)
    expect(res.statusCode, res.body).toBe(200)
    const { optIns } = AccountOptInsResponse.parse(res.json())
    expect(optIns).toEqual([
      expect.objectContaining({
        clone: expect.objectContaining({ slug: 'lena-hart', name: 'Dr. Lena Hart' }),
        medium: 'TELEGRAM',
        address: 'mine_tg',
        optIn: true,
      }),
    ])

    await send('PUT', '/api/opt-ins', mine.cookie, { slug: 'lena-hart', opt_in: false })
    const after = AccountOptInsResponse.parse((await send('GET', '/api/me/opt-ins', mine.cookie)).json())
    expect(after.optIns[0]).toMatchObject({ optIn: false, medium: 'TELEGRAM' })
  })
})
