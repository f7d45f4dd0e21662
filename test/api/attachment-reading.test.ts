import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  BulkUploadResponse,
  type ChatMessage,
  type FileRead,
  MessageSources,
  type StreamEvent,
} from '../../contract'
import { buildApp } from '../../server/app'
import { uploads, uploadTexts } from '../../server/db/schema'
import { UNREADABLE_TEXT } from '../../server/uploads/extract/limits'
import { markerNumbers, sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'
import { multipartForm, uploadDataDir, uploadFile, visitorHeaders } from './upload-helpers'

/*
 * Issue #15 'Every attached file is read': files are read once uploaded, a message waits for its files,
 * the stream says when they are read (filesRead), and the answer cites a readable file as a source.
 */

const newVisitor = () => randomBytes(18).toString('base64url')

const TRIP_PLAN = [
  'My flight to Lisbon leaves on Friday at 9 am from gate 12.',
  'The hotel booking in Lisbon is under the number 4471 for three nights.',
  'On Saturday morning I will visit the Belem tower with my sister.',
].join('\n')

const MEETING_NOTES = [
  '# Team offsite notes',
  '',
  'We agreed to move the product launch to the first week of October.',
  'Marta will own the launch checklist and share it with the whole team by Monday.',
  'The budget for the offsite dinner is four hundred euros in total.',
].join('\n')

/** Sends a message the way today's client does: with a client id, asking for the filesRead event. */
const ask = (t: TestApp, visitor: string, text: string, files: string[]) =>
  sendChatMessage(t.app, { text, files, clientMessageId: randomUUID(), filesReadEvent: true }, visitor)

const filesReadOf = (events: StreamEvent[]): FileRead[] | undefined =>
  events.flatMap((e) => ('filesRead' in e ? [e.filesRead] : []))[0]

/** The citation of an attached file in an answer, checked to be cited by a marker in its text. */
function fileCitation(message: ChatMessage, fileName: string, url: string) {
  const citation = message.citations.find((c) => c.title === fileName)
  expect(citation, message.text).toBeDefined()
  expect(citation).toMatchObject({ type: 'File', documentTitle: fileName, url })
  expect(markerNumbers(message.text)).toContain(citation!.index)
  return citation!
}

describe('attached files are read and cited (issue #15)', () => {
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

  it('reads a .txt once uploaded, says so in the stream, and cites it for a question it answers', async () => {
    const visitor = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'trip-plan.txt', Buffer.from(TRIP_PLAN))
    const result = await ask(t, visitor, 'When does my flight to Lisbon leave?', [url])

    // accepted, then filesRead, then the answer's tokens and the final message.
    const kinds = result.events.map((e) => Object.keys(e)[0])
    expect(kinds.slice(0, 3)).toEqual(['accepted', 'filesRead', 'current_token'])
    expect(filesReadOf(result.events)).toEqual([{ url, state: 'ready' }])

    const citation = fileCitation(result.message, 'trip-plan.txt', url)
    expect(result.message.text).toMatch(/Friday at 9 am/)
    expect(citation.text).toContain('My flight to Lisbon leaves on Friday')
    // The citation's document is the upload (spec 1 §5: a citation has a documentId).
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.fileName, 'trip-plan.txt'))
    expect(citation.documentId).toBe(upload!.id)
    const [read] = await t.db.select().from(uploadTexts).where(eq(uploadTexts.uploadId, upload!.id))
    expect(read).toMatchObject({ state: 'ready', method: 'text', text: TRIP_PLAN, error: null })
    expect(read!.readAt).toBeInstanceOf(Date)

    // The message's sources (the citations overlay) list the file like any other source.
    const sources = await t.app.inject({
      method: 'GET',
      url: `/api/clone/talk/messages/${result.message.id}/sources`,
      headers: visitorHeaders(visitor),
    })
    expect(sources.statusCode).toBe(200)
    const listed = MessageSources.parse(sources.json()).citations.find((c) => c.type === 'File')
    expect(listed).toMatchObject({ title: 'trip-plan.txt', url, documentId: upload!.id })
  })

  it('summarises an attached .md when asked, citing it', async () => {
    const visitor = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'offsite.md', Buffer.from(MEETING_NOTES))
    const result = await ask(t, visitor, 'Can you summarize the attached file?', [url])
    expect(filesReadOf(result.events)).toEqual([{ url, state: 'ready' }])
    const citation = fileCitation(result.message, 'offsite.md', url)
    // The file leads the answer: its marker is the first one.
    expect(markerNumbers(result.message.text)[0]).toBe(citation.index)
    expect(result.message.text).toMatch(/launch/i)
  })

  it('reads files sent by the bulk form (POST /api/upload) too', async () => {
    const visitor = newVisitor()
    const form = await multipartForm({ bucket: 'consumer' }, [
      { name: 'files', fileName: 'Bulk Trip.txt', bytes: Buffer.from(TRIP_PLAN), type: 'text/plain' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: form.payload,
      headers: { ...form.headers, ...visitorHeaders(visitor) },
    })
    expect(res.statusCode, res.body).toBe(200)
    const [file] = BulkUploadResponse.parse(res.json()).files
    const result = await ask(t, visitor, 'When does my flight to Lisbon leave?', [file!.url])
    expect(filesReadOf(result.events)).toEqual([{ url: file!.url, state: 'ready' }])
    fileCitation(result.message, 'bulk-trip.txt', file!.url)
  })

  it('answers when a file cannot be read, saying why, in the stream and in the answer', async () => {
    const visitor = newVisitor()
    const url = await uploadFile(
      t.app,
      visitorHeaders(visitor),
      'report.pdf',
      Buffer.from('%PDF-1.4\nthis is not really a pdf'),
    )
    const result = await ask(t, visitor, 'How long should a nap be?', [url])
    expect(filesReadOf(result.events)).toEqual([{ url, state: 'failed', error: UNREADABLE_TEXT }])
    expect(result.message.text).toContain('I couldn’t read report.pdf')
    expect(result.message.citations.some((c) => c.title === 'report.pdf')).toBe(false)
    // The clone still answers the question from its material.
    expect(result.message.citations.length).toBeGreaterThan(0)
  })

  it('sends no filesRead event to clients that did not ask for it (older clients refuse unknown events)', async () => {
    const visitor = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'trip.txt', Buffer.from(TRIP_PLAN))
    const result = await sendChatMessage(
      t.app,
      { text: 'When does my flight to Lisbon leave?', files: [url], clientMessageId: randomUUID() },
      visitor,
    )
    expect(filesReadOf(result.events)).toBeUndefined()
    fileCitation(result.message, 'trip.txt', url)
  })

  it("keeps the URL rule: anyone holding a file's URL may attach it", async () => {
    const owner = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(owner), 'shared-trip.txt', Buffer.from(TRIP_PLAN))
    const result = await ask(t, newVisitor(), 'When does my flight to Lisbon leave?', [url])
    expect(filesReadOf(result.events)).toEqual([{ url, state: 'ready' }])
    fileCitation(result.message, 'shared-trip.txt', url)
  })

  it("never shows a cited file's own address outside its owner's conversation", async () => {
    const visitor = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'private-trip.txt', Buffer.from(TRIP_PLAN))
    const ownKey = url.split('/')[4]!
    const result = await ask(t, visitor, 'When does my flight to Lisbon leave?', [url])
    fileCitation(result.message, 'private-trip.txt', url)
    const sourcesOf = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/clone/talk/messages/${result.message.id}/sources`, headers })
    // The owner's sources link to the file; anyone else's carry no link to it.
    expect((await sourcesOf(visitorHeaders(visitor))).body).toContain(ownKey)
    const stranger = MessageSources.parse((await sourcesOf(visitorHeaders(newVisitor()))).json())
    expect(stranger.citations.find((c) => c.title === 'private-trip.txt')?.url).toBeNull()

    const shared = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${result.message.conversationId}/share`,
      headers: visitorHeaders(visitor),
    })
    expect(shared.statusCode, shared.body).toBe(200)
    const shareId = shared.json().shared.id as string
    const view = await t.app.inject({ method: 'GET', url: `/api/clone/talk/shared/${shareId}` })
    expect(view.body).not.toContain(ownKey)
    const answer = (view.json().messages as ChatMessage[]).find((m) => m.sender === 'CLONE')!
    const cited = answer.citations.find((c) => c.title === 'private-trip.txt')!
    expect(cited.url).toMatch(new RegExp(`^/api/clone/talk/shared/${shareId}/files/.+/0/private-trip\\.txt$`))
    expect((await t.app.inject({ method: 'GET', url: cited.url! })).body).toBe(TRIP_PLAN)
    // Through the shared view, the sources name the file by the share too.
    expect((await sourcesOf({})).body).not.toContain(ownKey)
  })

  it('reads again, at start, the files a stopped server left queued or being read', async () => {
    const visitor = newVisitor()
    const url = await uploadFile(t.app, visitorHeaders(visitor), 'left.txt', Buffer.from(TRIP_PLAN))
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.fileName, 'left.txt'))
    const id = upload!.id
    // Killed mid-read, the server kept its claim (issue #24); on PGlite, which one process owns, it is dead.
    await t.db
      .update(uploadTexts)
      .set({
        state: 'reading',
        text: null,
        readAt: null,
        claimedBy: 'killed-server',
        claimExpiresAt: new Date(Date.now() + 60 * 60_000),
      })
      .where(eq(uploadTexts.uploadId, id))

    // A second server on the same database and files starts: it reads the file again on its own, at once.
    const restarted = await buildApp({ db: t.db, dbKind: 'pglite', config: t.config })
    try {
      await restarted.ready()
      await vi.waitFor(
        async () => {
          const [row] = await t.db.select().from(uploadTexts).where(eq(uploadTexts.uploadId, id))
          expect(row).toMatchObject({ state: 'ready', text: TRIP_PLAN })
        },
        { timeout: 5_000, interval: 20 },
      )
    } finally {
      await restarted.close()
    }
    expect(url).toContain('left.txt')
  })
})
