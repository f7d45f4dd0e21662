import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { createSession } from '../../server/auth/sessions'
import { clones, feedback, users } from '../../server/db/schema'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const send = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload,
    headers: cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {},
  })

const latest = async () => {
  const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.createdAt)).limit(1)
  return row
}

describe('POST /api/feedback', () => {
  it('stores anonymous feedback with the clone it was sent from', async () => {
    const res = await send({ subject: 'Lovely', feedback: 'The sleep answers helped.', slug: 'lena-hart' })
    expect(res.statusCode).toBe(201)
    const row = await latest()
    const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
    expect(row).toMatchObject({
      id: res.json().id,
      subject: 'Lovely',
      content: 'The sleep answers helped.',
      userId: null,
      cloneId: lena!.id,
    })
  })

  it('remembers the signed-in sender', async () => {
    const [sam] = await t.db.select().from(users).where(eq(users.email, 'sam@likeness.test'))
    const { token } = await createSession(t.db, sam!.id, 'cookie')
    const res = await send({ subject: 'Bug', feedback: 'The copy button flickers.' }, token)
    expect(res.statusCode).toBe(201)
    expect(await latest()).toMatchObject({ userId: sam!.id, cloneId: null, subject: 'Bug' })
  })

  it('accepts content of exactly 1000 characters', async () => {
    const res = await send({ subject: 'Long', feedback: 'x'.repeat(1000) })
    expect(res.statusCode).toBe(201)
  })

  it.each([
    ['no subject', { feedback: 'Text' }],
    ['an empty subject', { subject: '   ', feedback: 'Text' }],
    ['no content', { subject: 'Hi' }],
    ['empty content', { subject: 'Hi', feedback: '' }],
    ['content over 1000 characters', { subject: 'Hi', feedback: 'x'.repeat(1001) }],
  ])('refuses %s', async (_name, payload) => {
    const before = await latest()
    const res = await send(payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.code).toBe('bad_request')
    expect((await latest())?.id).toBe(before?.id)
  })

  it('ignores an unknown clone rather than losing the feedback', async () => {
    const res = await send({ subject: 'Hi', feedback: 'Hello', slug: 'nobody-here' })
    expect(res.statusCode).toBe(201)
    expect(await latest()).toMatchObject({ cloneId: null })
  })
})
