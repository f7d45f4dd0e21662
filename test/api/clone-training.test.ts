import { and, desc, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import { SESSION_COOKIE } from '../../server/auth/identity'
import { createSession } from '../../server/auth/sessions'
import { clones, cloneTraining, conversations, documents, messages, users } from '../../server/db/schema'
import { mergeToneFeedback } from '../../server/routes/clone-training'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

let t: TestApp
const tokens: Record<'creator' | 'contributor' | 'consumer' | 'staff' | 'otherCreator', string> = {
  creator: '',
  contributor: '',
  consumer: '',
  staff: '',
  otherCreator: '',
}
let answer: { id: string; text: string; question: string }
let lenaId: string

async function sessionFor(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email))
  return (await createSession(t.db, user!.id, 'cookie')).token
}

beforeAll(async () => {
  t = await createTestApp()
  tokens.creator = await sessionFor('lena@likeness.test')
  tokens.contributor = await sessionFor('sam@likeness.test')
  tokens.staff = await sessionFor('staff@likeness.test')
  tokens.otherCreator = await sessionFor('tomas@likeness.test')
  const [consumer] = await t.db
    .insert(users)
    .values({ email: 'casey@likeness.test', name: 'Casey' })
    .returning()
  tokens.consumer = (await createSession(t.db, consumer!.id, 'cookie')).token
  const question = 'How late in the day can I drink coffee?'
  const result = await sendChatMessage(t.app, { text: question })
  answer = { id: result.message.id, text: result.message.text, question }
  const [lena] = await t.db.select().from(clones).where(eq(clones.slug, 'lena-hart'))
  lenaId = lena!.id
})
afterAll(() => t.close())

const post = (path: 'revise' | 'tone', payload: object, who?: keyof typeof tokens) =>
  t.app.inject({
    method: 'POST',
    url: `/api/clone/training/${path}`,
    payload,
    headers: who ? { cookie: `${SESSION_COOKIE}=${tokens[who]}` } : {},
  })

const revision = () => ({ messageId: answer.id, slug: 'lena-hart', idealResponse: 'Stop caffeine by noon.' })
const tone = () => ({
  messageId: answer.id,
  slug: 'lena-hart',
  toneFeedback: 'Be terse: no small talk.',
  userMessage: answer.question,
  message: answer.text,
})

const trainingRows = () =>
  t.db
    .select()
    .from(cloneTraining)
    .where(eq(cloneTraining.cloneId, lenaId))
    .orderBy(desc(cloneTraining.createdAt))

describe('POST /api/clone/training/revise', () => {
  it('stores the creator’s improved answer with the question and the answer it improves', async () => {
    const res = await post('revise', revision(), 'creator')
    expect(res.statusCode).toBe(201)
    const [row] = await trainingRows()
    expect(row).toMatchObject({
      id: res.json().id,
      kind: 'revision',
      messageId: answer.id,
      instruction: 'Stop caffeine by noon.',
      userMessage: answer.question,
      cloneMessage: answer.text,
      applied: true,
    })
    expect(row!.documentId).toBeTruthy()
  })

  it('puts the revision into effect: the next such question is answered from it and cites the creator', async () => {
    const ideal =
      'My firm rule for athletes is the Zanzibar cutoff: your last coffee of the day comes before eleven in the morning, no exceptions during race weeks.'
    expect((await post('revise', { ...revision(), idealResponse: ideal }, 'creator')).statusCode).toBe(201)
    const [row] = await trainingRows()
    const [doc] = await t.db.select().from(documents).where(eq(documents.id, row!.documentId!))
    expect(doc).toMatchObject({ title: CREATOR_ANSWER_TITLE, type: 'File', key: null })
    expect(doc!.text).toBe(`Question: ${answer.question}\n\nAnswer from Lena: ${ideal}`)

    const next = await sendChatMessage(t.app, { text: answer.question })
    expect(next.message.text).toContain('Zanzibar cutoff')
    expect(
      next.message.citations.some((c) => c.documentId === doc!.id && c.title === CREATOR_ANSWER_TITLE),
    ).toBe(true)

    // A revision that shares no word with the question is used all the same (it matched by its question).
    const unlike =
      'Stop caffeine about eight hours before bed; for most people that means by early afternoon.'
    expect((await post('revise', { ...revision(), idealResponse: unlike }, 'creator')).statusCode).toBe(201)
    const again = await sendChatMessage(t.app, { text: answer.question })
    expect(again.message.text).toContain('eight hours before bed')

    // Revising the same answer again replaces that revision's source rather than adding a second one.
    const count = async () =>
      (
        await t.db
          .select()
          .from(documents)
          .where(and(eq(documents.cloneId, lenaId), isNull(documents.key)))
      ).length
    const before = await count()
    expect((await post('revise', revision(), 'creator')).statusCode).toBe(201)
    expect(await count()).toBe(before)
    expect(await t.db.select().from(documents).where(eq(documents.id, doc!.id))).toHaveLength(0)
    const [latest] = await trainingRows()
    const [current] = await t.db.select().from(documents).where(eq(documents.id, latest!.documentId!))
    expect(current!.text).toContain('Stop caffeine by noon.')
  })

  it.each([
    ['anonymous', undefined, 401],
    ['a contributor', 'contributor', 403],
    ['a signed-in consumer', 'consumer', 403],
    ['staff who is not the creator', 'staff', 403],
    ['the creator of another clone', 'otherCreator', 403],
  ] as const)('refuses %s', async (_name, who, status) => {
    const before = (await trainingRows()).length
    const res = await post('revise', revision(), who)
    expect(res.statusCode).toBe(status)
    expect((await trainingRows()).length).toBe(before)
  })

  it('needs an improved answer of at least one character', async () => {
    expect((await post('revise', { ...revision(), idealResponse: '  ' }, 'creator')).statusCode).toBe(400)
  })

  it('only trains on answers of the clone named', async () => {
    const wrongClone = await post('revise', { ...revision(), slug: 'tomas-rivera' }, 'otherCreator')
    expect(wrongClone.statusCode).toBe(404)
    const [question] = await t.db
      .select()
      .from(messages)
      .where(
        and(eq(messages.conversationId, (await conversationOf(answer.id))!), eq(messages.sender, 'USER')),
      )
    const onQuestion = await post('revise', { ...revision(), messageId: question!.id }, 'creator')
    expect(onQuestion.statusCode).toBe(404)
  })
})

async function conversationOf(messageId: string) {
  const [row] = await t.db.select().from(messages).where(eq(messages.id, messageId))
  return row?.conversationId
}

describe('POST /api/clone/training/tone', () => {
  it('stores the speaking-style note and adds it to the clone’s toneFeedback', async () => {
    const [before] = await t.db.select().from(clones).where(eq(clones.id, lenaId))
    const res = await post('tone', tone(), 'creator')
    expect(res.statusCode).toBe(201)
    const [row] = await trainingRows()
    expect(row).toMatchObject({
      kind: 'tone',
      instruction: 'Be terse: no small talk.',
      userMessage: answer.question,
      cloneMessage: answer.text,
      applied: true,
    })
    const [after] = await t.db.select().from(clones).where(eq(clones.id, lenaId))
    expect(after!.toneFeedback).toBe(mergeToneFeedback(before!.toneFeedback, 'Be terse: no small talk.'))
    expect(after!.toneFeedback!.endsWith('Be terse: no small talk.')).toBe(true)
  })

  it('changes how the clone answers new messages', async () => {
    // The local brain opens grounded answers warmly unless the notes ask for no small talk (brain/voice.ts).
    const opening =
      /^(Good question\.|Here’s how I look at it\.|Happy to help with that\.|Here’s what I’d tell you\.)/
    expect(answer.text).toMatch(opening)
    const { message } = await sendChatMessage(t.app, { text: answer.question })
    expect(message.text).not.toMatch(opening)
  })

  it.each([
    ['anonymous', undefined, 401],
    ['a contributor', 'contributor', 403],
    ['a signed-in consumer', 'consumer', 403],
  ] as const)('refuses %s and leaves the tone as it was', async (_name, who, status) => {
    const [before] = await t.db.select().from(clones).where(eq(clones.id, lenaId))
    const res = await post('tone', { ...tone(), toneFeedback: 'Shout a lot.' }, who)
    expect(res.statusCode).toBe(status)
    const [after] = await t.db.select().from(clones).where(eq(clones.id, lenaId))
    expect(after!.toneFeedback).toBe(before!.toneFeedback)
  })

  it('needs instructions and an earlier user message', async () => {
    expect((await post('tone', { ...tone(), toneFeedback: '' }, 'creator')).statusCode).toBe(400)
    expect((await post('tone', { ...tone(), userMessage: '' }, 'creator')).statusCode).toBe(400)
    // An answer with no question before it (a clone greeting) cannot be adjusted.
    const [conversation] = await t.db.insert(conversations).values({ cloneId: lenaId }).returning()
    const [greeting] = await t.db
      .insert(messages)
      .values({ conversationId: conversation!.id, sender: 'CLONE', text: 'Welcome!' })
      .returning()
    const res = await post('tone', { ...tone(), messageId: greeting!.id }, 'creator')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('The earlier user message must exist')
  })
})

describe('mergeToneFeedback', () => {
  it('adds a note on its own line and keeps the total bounded, dropping the oldest notes', () => {
    expect(mergeToneFeedback(null, ' Warm. ')).toBe('Warm.')
    expect(mergeToneFeedback('Warm.', 'Short.')).toBe('Warm.\nShort.')
    const long = mergeToneFeedback(`${'a'.repeat(3000)}\n${'b'.repeat(900)}`, 'c'.repeat(500))
    expect(long).toBe(`${'b'.repeat(900)}\n${'c'.repeat(500)}`)
  })
})
