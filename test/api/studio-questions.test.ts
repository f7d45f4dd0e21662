import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloneProfile } from '../../contract'
import { StudioQuestionList } from '../../contract/studio'
import { ensureRelationship } from '../../server/clones/relationships'
import { suggestedQuestions } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'

/** spec 1 §2 '/studio/{slug}/build/questions' (issue #15): the clone's team edits its suggested questions. */
describe('studio suggested questions', () => {
  let t: TestApp
  let creator: string
  let contributor: string
  const url = '/api/studio/lena-hart/questions'

  beforeAll(async () => {
    t = await createTestApp()
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
  })
  afterAll(() => t.close())

  const list = async (cookie = creator) => {
    const res = await t.app.inject({ url, headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return StudioQuestionList.parse(res.json()).questions
  }
  const put = (payload: unknown, cookie = creator, path = url) =>
    t.app.inject({ method: 'PUT', url: path, payload: payload as object, headers: { cookie } })
  const profileQuestions = async () => {
    const res = await t.app.inject({ url: '/api/clones/lena-hart' })
    return CloneProfile.parse(res.json()).suggestedQuestions
  }

  it('lists the questions in the order the profile shows them', async () => {
    const questions = await list()
    expect(questions.length).toBeGreaterThan(1)
    expect(questions).toEqual(await profileQuestions())
    expect(await list(contributor)).toEqual(questions)
  })

  it('reorders, edits, adds and removes in one change; the public profile shows it at once', async () => {
    const before = await list()
    const [first, second, ...rest] = before
    const keysBefore = await t.db
      .select({ id: suggestedQuestions.id, key: suggestedQuestions.key })
      .from(suggestedQuestions)
      .where(eq(suggestedQuestions.cloneId, cloneIdOf('lena-hart')))
    const res = await put({
      questions: [
        { id: second!.id, question: `  ${second!.question} (edited)  ` },
        { question: 'What is your favourite breakfast?' },
        { id: first!.id, question: first!.question },
        ...rest.slice(1),
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    const after = StudioQuestionList.parse(res.json()).questions
    expect(after.map((q) => q.question)).toEqual([
      `${second!.question} (edited)`,
      'What is your favourite breakfast?',
      first!.question,
      ...rest.slice(1).map((q) => q.question),
    ])
    expect(after[0]!.id).toBe(second!.id)
    expect(after[2]!.id).toBe(first!.id)
    expect(after.map((q) => q.id)).not.toContain(rest[0]!.id)
    expect(await profileQuestions()).toEqual(after)

    // Kept seeded questions keep their keys.
    const rows = await t.db
      .select({ id: suggestedQuestions.id, key: suggestedQuestions.key })
      .from(suggestedQuestions)
      .where(eq(suggestedQuestions.id, first!.id))
    expect(rows[0]!.key).toBe(keysBefore.find((r) => r.id === first!.id)!.key)

    // A contributor may edit too; and the list restored.
    const restored = await put({ questions: before }, contributor)
    expect(restored.statusCode, restored.body).toBe(400) // the removed question's id is gone
    const back = await put(
      { questions: before.map((q) => (q.id === rest[0]!.id ? { question: q.question } : q)) },
      contributor,
    )
    expect(back.statusCode, back.body).toBe(200)
    expect((await profileQuestions()).map((q) => q.question)).toEqual(before.map((q) => q.question))
  })

  it('refuses an invalid list with 400 and changes nothing', async () => {
    const before = await list()
    const tomasQuestion = await t.db
      .select({ id: suggestedQuestions.id })
      .from(suggestedQuestions)
      .where(eq(suggestedQuestions.cloneId, cloneIdOf('tomas-rivera')))
      .limit(1)
    const first = before[0]!
    const bad: unknown[] = [
      { questions: [{ question: '   ' }] },
      { questions: [{ question: 'x'.repeat(301) }] },
      { questions: Array.from({ length: 51 }, (_, i) => ({ question: `Q${i}` })) },
      { questions: [{ id: 'not-a-uuid', question: 'Hi?' }] },
      { questions: [{ id: tomasQuestion[0]!.id, question: 'Stolen?' }] },
      { questions: [{ id: '00000000-0000-4000-8000-00000000ffff', question: 'Unknown?' }] },
      { questions: [first, first] },
      { questions: [{ question: 'Changed?' }, { id: first.id, question: 42 }] },
      {},
    ]
    for (const payload of bad) {
      const res = await put(payload)
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
    }
    expect(await list()).toEqual(before)
  })

  it('allows 50 questions and an empty list', async () => {
    const before = await list()
    const fifty = Array.from({ length: 50 }, (_, i) => ({ question: `Question ${i + 1}?` }))
    expect((await put({ questions: fifty })).statusCode).toBe(200)
    expect((await profileQuestions()).length).toBe(50)
    expect((await put({ questions: [] })).statusCode).toBe(200)
    expect(await profileQuestions()).toEqual([])
    expect((await put({ questions: before.map((q) => ({ question: q.question })) })).statusCode).toBe(200)
  })

  it('answers 404 to anyone but the clone’s team, and 401 signed out', async () => {
    const consumer = await userWithSession(t.db, 'consumer@studio-questions.test')
    await ensureRelationship(t.db, consumer.id, 'lena-hart')
    const tomas = await seededUserCookie(t.db, 'user-tomas')
    for (const cookie of [consumer.cookie, tomas]) {
      expect((await t.app.inject({ url, headers: { cookie } })).statusCode).toBe(404)
      expect((await put({ questions: [] }, cookie)).statusCode).toBe(404)
    }
    expect(
      (await t.app.inject({ url: '/api/studio/no-such-clone/questions', headers: { cookie: creator } }))
        .statusCode,
    ).toBe(404)
    expect((await put({ questions: [] }, creator, '/api/studio/no-such-clone/questions')).statusCode).toBe(
      404,
    )
    expect((await t.app.inject({ url })).statusCode).toBe(401)
    expect((await put({ questions: [] }, '')).statusCode).toBe(401)
    expect((await list()).length).toBeGreaterThan(0)
  })
})
