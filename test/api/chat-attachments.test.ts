import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorBody, ConversationWithMessages, PresignUploadResponse } from '../../contract'
import type { Answerer, AnswerInput } from '../../server/brain/answerer'
import { attachmentNotReadable, chatCompletionMessages } from '../../server/brain/prompt'
import { OFF_TOPIC_OPENING } from '../../server/brain/small-talk'
import { messages } from '../../server/db/schema'
import { seedId } from '../../server/seed/ids'
import { markerNumbers, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'
import { PNG_BYTES, presign, uploadDataDir, uploadFile, visitorHeaders } from './upload-helpers'

const lenaDocument = (key: string) => seedId('document', `lena-hart:${key}`)
const CAFFEINE_ARTICLE = lenaDocument('lena-web-caffeine')
const newVisitor = () => randomBytes(18).toString('base64url')

/** A visitor's day, attached as a .txt: it is about coffee and caffeine, which the question never names. */
const COFFEE_DIARY = [
  'My day, for you to look at.',
  'I drink coffee all day: a big coffee at 7 am, another coffee at noon and a last coffee around 6 pm.',
  'That is a lot of caffeine, I know. Does the caffeine in my evening coffee ruin my sleep?',
].join('\n')
const VAGUE_QUESTION = 'What do you think about this?'

/** The chat stream's answer to a body that must fail before the stream (JSON, not events). */
async function refused(t: TestApp, files: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/clone/talk/messages/stream',
    payload: { slug: 'lena-hart', text: 'What do you make of this file?', files },
  })
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  return { status: res.statusCode, error: ApiErrorBody.parse(res.json()).error }
}

describe('chat attachments (spec 1 §5 Attachments)', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir, PUBLIC_URL: 'https://likeness.example' } })
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  it('refuses files that are not complete uploads of ours (400 before any token)', async () => {
    const ours = await uploadFile(t.app, visitorHeaders(newVisitor()), 'real.txt', Buffer.from('real'))
    const key = ours.split('/')[4]!
    const open = PresignUploadResponse.parse(
      (await presign(t.app, visitorHeaders(newVisitor()), { fileName: 'open.txt', fileSize: 1 })).json(),
    )
    for (const file of [
      'https://evil.example/api/uploads/files/AAAAAAAAAAAAAAAAAAAAAA/x.txt',
      `https://evil.example${ours}`,
      `//evil.example${ours}`,
      `${ours}?download=1`,
      `/api/uploads/files/${key}/renamed.txt`,
      `/api/uploads/files/${'C'.repeat(22)}/real.txt`,
      `/api/uploads/files/${open.fileKey}/open.txt`,
      '/media/products/cooling-topper.svg',
      'not a url',
    ]) {
      expect(await refused(t, [file]), file).toEqual({
        status: 400,
        error: { code: 'bad_request', message: 'Invalid file' },
      })
    }
    // One bad file among good ones is enough.
    expect((await refused(t, [ours, 'https://evil.example/x.png'])).status).toBe(400)
    const stored = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.text, 'What do you make of this file?'))
    expect(stored).toEqual([])
  })

  it('stores our file URLs on the visitor message as given, root-relative or on PUBLIC_URL', async () => {
    const visitor = newVisitor()
    const note = await uploadFile(t.app, visitorHeaders(visitor), 'note.txt', Buffer.from('Naps: how long?'))
    const photo = await uploadFile(t.app, visitorHeaders(visitor), 'photo.png', PNG_BYTES)
    const absolute = `https://likeness.example${photo}`
    const result = await sendChatMessage(
      t.app,
      { text: 'How long should a nap be?', files: [note, absolute] },
      visitor,
    )
    expect(result.userMessage!.files).toEqual([note, absolute])
    expect(result.message.files).toEqual([])
    const [row] = await t.db.select().from(messages).where(eq(messages.id, result.userMessage!.id))
    expect(row!.files).toEqual([note, absolute])
    // Files are shown in the conversation as stored.
    const conversation = await t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/conversations/${result.message.conversationId}`,
      headers: visitorHeaders(visitor),
    })
    expect(conversation.statusCode).toBe(200)
    const user = ConversationWithMessages.parse(conversation.json()).messages.find(
      (m) => m.id === result.userMessage!.id,
    )
    expect(user?.files).toEqual([note, absolute])
  })

  it("answers a vague question from the clone's material on what an attached .txt is about", async () => {
    // Without the file, 'think' is the only term: the local brain answers from whatever uses the word
    // (jet lag: 'your body thinks it's 1 am'), nothing on caffeine.
    const plain = await sendChatMessage(t.app, { text: VAGUE_QUESTION })
    expect(plain.message.citations.map((c) => c.documentId)).not.toContain(CAFFEINE_ARTICLE)
    expect(plain.message.text).not.toMatch(/caffeine|coffee/i)

    const visitor = newVisitor()
    const diary = await uploadFile(t.app, visitorHeaders(visitor), 'my-day.txt', Buffer.from(COFFEE_DIARY))
    const withFile = await sendChatMessage(t.app, { text: VAGUE_QUESTION, files: [diary] }, visitor)
    const { message } = withFile
    expect(message.hasSources).toBe(true)
    // The caffeine article leads, quoted with [1]; the answer is about caffeine.
    expect(message.citations[0]!.documentId).toBe(CAFFEINE_ARTICLE)
    expect(markerNumbers(message.text)[0]).toBe(1)
    expect(message.text).toMatch(/caffeine/i)
    expect(message.text).not.toContain(OFF_TOPIC_OPENING)
  })

  it('stays honest when the file is about something outside the material', async () => {
    const visitor = newVisitor()
    const peru = await uploadFile(
      t.app,
      visitorHeaders(visitor),
      'peru.txt',
      Buffer.from(
        'Lima is the capital of Peru. The Andes run through the country, and Machu Picchu is an Inca citadel.',
      ),
    )
    const result = await sendChatMessage(t.app, { text: VAGUE_QUESTION, files: [peru] }, visitor)
    expect(result.message.text.startsWith(OFF_TOPIC_OPENING)).toBe(true)
    expect(result.message.citations).toEqual([])
  })
})

describe('attachments reach the answerer', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  const seen: AnswerInput[] = []
  const recording: Answerer = {
    async *answer(input) {
      seen.push(input)
      yield 'Here is what I think [1].'
    },
  }
  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir }, answerer: recording })
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  it('gives text files as text (html without tags, subtitles without timings), a failed file with its reason', async () => {
    const visitor = newVisitor()
    const headers = visitorHeaders(visitor)
    const diary = await uploadFile(t.app, headers, 'Diary.txt', Buffer.from(COFFEE_DIARY))
    const page = await uploadFile(
      t.app,
      headers,
      'page.html',
      Buffer.from(
        '<html><head><style>p{color:red}</style><script>alert("x")</script></head>' +
          '<body><p>Evening coffee &amp; caffeine</p><!-- hidden --></body></html>',
      ),
    )
    const subtitles = await uploadFile(
      t.app,
      headers,
      'talk.srt',
      Buffer.from(
        '1\n00:00:01,000 --> 00:00:03,000\nCoffee after lunch?\n\n2\n00:00:04,000 --> 00:00:06,000\nNo caffeine late.\n',
      ),
    )
    const photo = await uploadFile(t.app, headers, 'photo.png', PNG_BYTES)
    await sendChatMessage(t.app, { text: VAGUE_QUESTION, files: [diary, page, subtitles] }, visitor)
    await sendChatMessage(t.app, { text: 'Is coffee at 6 pm too late for sleep?', files: [photo] }, visitor)

    const [first, second] = seen
    expect(first!.attachments).toEqual([
      { uploadId: expect.any(String), url: diary, fileName: 'diary.txt', text: COFFEE_DIARY, error: null },
      {
        uploadId: expect.any(String),
        url: page,
        fileName: 'page.html',
        text: 'Evening coffee & caffeine',
        error: null,
      },
      {
        uploadId: expect.any(String),
        url: subtitles,
        fileName: 'talk.srt',
        text: 'Coffee after lunch?\nNo caffeine late.',
        error: null,
      },
    ])
    // A file whose reading failed reaches the answerer with its reason (issue #15).
    expect(second!.attachments).toEqual([
      {
        uploadId: expect.any(String),
        url: photo,
        fileName: 'photo.png',
        text: null,
        error: expect.any(String),
      },
    ])
    const photoReason = second!.attachments![0]!.error

    // The OpenAI-compatible answerer sends them in the visitor's turn, by name.
    const turn = chatCompletionMessages(first!).at(-1)!
    expect(turn.role).toBe('user')
    expect(turn.content.startsWith(VAGUE_QUESTION)).toBe(true)
    expect(turn.content).toContain('--- Attached file: diary.txt ---\nMy day, for you to look at.')
    expect(turn.content).toContain('--- Attached file: page.html ---\nEvening coffee & caffeine')
    const imageTurn = chatCompletionMessages(second!).at(-1)!
    expect(imageTurn.content).toBe(
      `Is coffee at 6 pm too late for sleep?\n\n--- Attached file: photo.png ---\n${attachmentNotReadable(photoReason)}`,
    )
    expect(chatCompletionMessages(second!)[0]!.content).toContain('The visitor attached files')
  })

  it('reads at most 20,000 characters of a file', async () => {
    const visitor = newVisitor()
    const long = await uploadFile(
      t.app,
      visitorHeaders(visitor),
      'long.md',
      Buffer.from('coffee '.repeat(5000)),
    )
    seen.length = 0
    await sendChatMessage(t.app, { text: 'Is coffee bad for sleep?', files: [long] }, visitor)
    expect(seen[0]!.attachments![0]!.text!.length).toBe(20_000)
  })

  it('keeps the files of a message whose reply was stopped (messages/store), and refuses foreign ones', async () => {
    const visitor = newVisitor()
    const file = await uploadFile(t.app, visitorHeaders(visitor), 'diary.txt', Buffer.from(COFFEE_DIARY))
    const store = (userFiles: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/store',
        headers: visitorHeaders(visitor),
        payload: { slug: 'lena-hart', userText: 'Look at my day', userFiles, cloneText: 'Your evening cof' },
      })
    const foreign = await store(['https://evil.example/api/uploads/files/AAAAAAAAAAAAAAAAAAAAAA/x.txt'])
    expect(foreign.statusCode).toBe(400)
    expect(ApiErrorBody.parse(foreign.json()).error.message).toBe('Invalid file')
    const stored = await store([file])
    expect(stored.statusCode, stored.body).toBe(200)
    const [userMessage] = stored.json().messages as { sender: string; files: string[] }[]
    expect(userMessage).toMatchObject({ sender: 'USER', files: [file] })
  })
})
