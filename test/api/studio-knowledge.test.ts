import { count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import { KnowledgeSource } from '../../contract/studio-knowledge'
import { buildApp } from '../../server/app'
import { ensureRelationship } from '../../server/clones/relationships'
import { clones, documentChunks, documents, messages, uploads } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import { SOURCE_TEXTS } from '../../server/studio/knowledge/source-error'
import { MAX_WAITING_SOURCES, TOO_MANY_WAITING_TEXT } from '../../server/studio/knowledge/sources'
import { localUploadStore } from '../../server/uploads/store'
import { pdf } from '../support/document-files'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, userWithSession } from './helpers'
import { askClone, knowledgeClient, sourcesOf, uploadId, whenSettled } from './knowledge-helpers'
import { uploadDataDir } from './upload-helpers'

/*
 * Issue #16 'Teach it': the studio's knowledge base. The creator and contributors add documents, transcripts
 * and Q&A pairs; each is read to 'ready' (or 'failed' with its reason) and the clone answers from it and cites
 * it, as the test box shows; anyone else gets 404.
 */

const QA = {
  question: 'Which marmalade do you spread on your sourdough?',
  answer: 'Seville orange marmalade, thick cut, always on toasted sourdough with salted butter.',
}

describe('studio knowledge base', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  let creator: string
  let contributor: string
  const lena = () => knowledgeClient(t.app, 'lena-hart')

  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir } })
    creator = await seededUserCookie(t.db, 'user-lena')
    contributor = await seededUserCookie(t.db, 'user-sam')
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  it('lists the seeded sources, ready, with their passages', async () => {
    const sources = await sourcesOf(lena(), creator)
    expect(sources.length).toBeGreaterThan(3)
    for (const source of sources) expect(source).toMatchObject({ kind: null, state: 'ready', error: null })
    expect(sources.every((s) => s.passages > 0 && s.characters > 0)).toBe(true)
  })

  it('reads a Q&A pair at once and the test box cites it as the creator’s answer', async () => {
    const res = await lena().add(contributor, 'qa', { question: `  ${QA.question}  `, answer: QA.answer })
    expect(res.statusCode, res.body).toBe(201)
    const added = KnowledgeSource.parse(res.json())
    expect(added).toMatchObject({ kind: 'qa', type: 'File', title: CREATOR_ANSWER_TITLE, ...QA })
    expect(added.state).toBe('queued')
    const ready = await whenSettled(lena(), creator, added.id, 'ready')
    expect(ready.passages).toBe(1)

    const answer = await askClone(lena(), creator, 'What marmalade goes on your sourdough toast?')
    const cited = answer.citations.find((c) => c.documentId === added.id)
    expect(cited, answer.text).toMatchObject({ title: CREATOR_ANSWER_TITLE, type: 'File', url: null })
    expect(answer.text).toContain(`[${cited!.index}]`)
    expect(answer.text).toMatch(/Seville orange/)
  })

  it('reads an uploaded PDF to ready, and the test box answers from it, citing it', async () => {
    const text =
      'The quokka conservation plan for Rottnest Island starts every March with a count of the burrows.'
    const id = await uploadId(t.app, t.db, creator, 'quokka-plan.pdf', Buffer.from(pdf(1, () => text)))
    const res = await lena().add(creator, 'document', { uploadId: id })
    expect(res.statusCode, res.body).toBe(201)
    const added = KnowledgeSource.parse(res.json())
    expect(added).toMatchObject({ kind: 'document', type: 'File', title: 'quokka-plan.pdf', passages: 0 })
    expect(added.fileName).toBe('quokka-plan.pdf')

    const ready = await whenSettled(lena(), creator, added.id, 'ready', 30_000)
    expect(ready.characters).toBe(text.length)
    expect(ready.readAt).not.toBeNull()
    // The upload is kept for good: the upload sweeper leaves attached files alone.
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, id))
    expect(upload!.attachedAt).not.toBeNull()

    const answer = await askClone(lena(), creator, 'When does the quokka conservation plan start?')
    const cited = answer.citations.find((c) => c.documentId === added.id)
    expect(cited, answer.text).toMatchObject({ title: 'quokka-plan.pdf', type: 'File' })
    expect(answer.text).toContain(`[${cited!.index}]`)
  })

  it('cites the moment of an SRT or WebVTT transcript', async () => {
    const srt = [
      '1',
      '00:01:05,000 --> 00:01:09,000',
      'The axolotl regrows its limbs within a few weeks.',
      '',
      '2',
      '00:01:09,500 --> 00:01:12,000',
      'Axolotl gills look like feathery branches.',
    ].join('\n')
    const vtt = [
      'WEBVTT',
      '',
      '00:02:03.500 --> 00:02:07.000',
      'Pangolin scales are made of keratin, like our fingernails.',
    ].join('\n')
    const podcast = await lena().add(creator, 'transcript', {
      type: 'Podcast',
      url: 'https://podcast.example/episodes/axolotl',
      title: 'Axolotl episode',
      transcript: srt,
    })
    const video = await lena().add(contributor, 'transcript', {
      type: 'Youtube',
      url: 'https://www.youtube.com/watch?v=pangolin01',
      title: 'Pangolin video',
      transcript: vtt,
    })
    expect(podcast.statusCode, podcast.body).toBe(201)
    expect(video.statusCode, video.body).toBe(201)
    const podcastId = KnowledgeSource.parse(podcast.json()).id
    const videoId = KnowledgeSource.parse(video.json()).id
    await whenSettled(lena(), creator, podcastId, 'ready')
    await whenSettled(lena(), creator, videoId, 'ready')

    const axolotl = await askClone(lena(), creator, 'How fast does the axolotl regrow its limbs?')
    expect(
      axolotl.citations.find((c) => c.documentId === podcastId),
      axolotl.text,
    ).toMatchObject({
      type: 'Podcast',
      url: 'https://podcast.example/episodes/axolotl',
      timestamp: 65_000,
    })
    const pangolin = await askClone(lena(), creator, 'What are pangolin scales made of?')
    expect(
      pangolin.citations.find((c) => c.documentId === videoId),
      pangolin.text,
    ).toMatchObject({
      type: 'Youtube',
      timestamp: 123_500,
    })
  })

  it('refuses a transcript given twice or not at all, and an upload that is not the caller’s', async () => {
    const base = { type: 'Podcast', url: 'https://podcast.example/x', title: 'X' }
    const sam = await uploadId(
      t.app,
      t.db,
      contributor,
      'sams.srt',
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi'),
    )
    for (const payload of [base, { ...base, transcript: 'Hello', uploadId: sam }]) {
      const res = await lena().add(creator, 'transcript', payload)
      expect(res.statusCode, res.body).toBe(400)
    }
    // Sam's upload named by Lena: not hers to add.
    const stolen = await lena().add(creator, 'transcript', { ...base, uploadId: sam })
    expect(stolen.statusCode, stolen.body).toBe(400)
    const ok = await lena().add(contributor, 'transcript', { ...base, uploadId: sam })
    expect(ok.statusCode, ok.body).toBe(201)
    const read = await whenSettled(lena(), creator, KnowledgeSource.parse(ok.json()).id, 'ready')
    expect(read).toMatchObject({ fileName: 'sams.srt', characters: 2 })
  })

  it('a failed read leaves no chunks and says why; re-read and remove change what the clone cites', async () => {
    const notes = 'Our beekeeping club meets on the first Tuesday of each month behind the old mill.'
    const id = await uploadId(t.app, t.db, creator, 'bees.txt', Buffer.from(notes))
    const added = KnowledgeSource.parse(
      (await lena().add(creator, 'document', { uploadId: id, title: 'Bees' })).json(),
    )
    expect(added.title).toBe('Bees')
    await whenSettled(lena(), creator, added.id, 'ready')
    const question = 'When does the beekeeping club meet?'
    expect((await askClone(lena(), creator, question)).citations.map((c) => c.documentId)).toContain(added.id)

    // The file is gone from the store: re-reading fails with its reason and leaves the source without chunks.
    const [upload] = await t.db.select().from(uploads).where(eq(uploads.id, id))
    await localUploadStore(data.dir).deleteFile(upload!.fileKey)
    const reread = await lena().reread(contributor, added.id)
    expect(reread.statusCode, reread.body).toBe(200)
    expect(KnowledgeSource.parse(reread.json())).toMatchObject({ state: 'queued', passages: 0, error: null })
    const failed = await whenSettled(lena(), creator, added.id, 'failed')
    expect(failed).toMatchObject({ error: SOURCE_TEXTS.uploadGone, passages: 0, characters: 0 })
    const [chunks] = await t.db
      .select({ n: count() })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, added.id))
    expect(chunks!.n).toBe(0)
    expect((await askClone(lena(), creator, question)).citations.map((c) => c.documentId)).not.toContain(
      added.id,
    )

    // A damaged PDF fails too, with the reader's reason, and is never half-indexed.
    const broken = await uploadId(t.app, t.db, creator, 'broken.pdf', Buffer.from('%PDF-1.4 not really'))
    const bad = KnowledgeSource.parse((await lena().add(creator, 'document', { uploadId: broken })).json())
    const badRead = await whenSettled(lena(), creator, bad.id, 'failed', 30_000)
    expect(badRead.error).toMatch(/could not be read|no readable text/)
    expect(badRead.passages).toBe(0)

    // Removed: gone from the list, and its upload released to the sweeper.
    const removed = await lena().remove(contributor, bad.id)
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await sourcesOf(lena(), creator)).map((s) => s.id)).not.toContain(bad.id)
    const [released] = await t.db.select().from(uploads).where(eq(uploads.id, broken))
    expect(released!.attachedAt).toBeNull()
    expect((await lena().remove(creator, bad.id)).statusCode).toBe(404)
  })

  it('a removed source stops being cited at once', async () => {
    const res = await lena().add(creator, 'qa', {
      question: 'What is the name of your tortoise?',
      answer: 'My tortoise is called Bartholomew and he is forty years old.',
    })
    const id = KnowledgeSource.parse(res.json()).id
    await whenSettled(lena(), creator, id, 'ready')
    const question = 'What is your tortoise called?'
    expect((await askClone(lena(), creator, question)).citations.map((c) => c.documentId)).toContain(id)
    expect((await lena().remove(creator, id)).statusCode).toBe(200)
    expect((await askClone(lena(), creator, question)).citations.map((c) => c.documentId)).not.toContain(id)
  })

  it('never answers from a source that is not ready, whatever rows it has', async () => {
    const text = 'The narwhal tusk is a tooth that can grow three metres long.'
    const rows = await t.db
      .insert(documents)
      .values(
        (['queued', 'reading', 'failed'] as const).map((state) => ({
          cloneId: cloneIdOf('lena-hart'),
          type: 'File' as const,
          title: `Narwhal ${state}`,
          sourceKind: 'document' as const,
          text,
          contentHash: 'x',
          state,
        })),
      )
      .returning({ id: documents.id })
    // Chunks that should not exist (only 'ready' sources have them): the index leaves them out anyway.
    await t.db.insert(documentChunks).values(
      rows.map(({ id }) => ({
        documentId: id,
        cloneId: cloneIdOf('lena-hart'),
        index: 0,
        text,
        tokenCount: 15,
      })),
    )
    try {
      const answer = await askClone(lena(), creator, 'How long can a narwhal tusk grow?')
      const ids = rows.map((r) => r.id)
      expect(answer.citations.filter((c) => ids.includes(c.documentId))).toEqual([])
    } finally {
      await t.db.delete(documents).where(
        inArray(
          documents.id,
          rows.map((r) => r.id),
        ),
      )
    }
  })

  it('answers for a private clone too, storing and counting nothing', async () => {
    await t.db
      .update(clones)
      .set({ public: false })
      .where(eq(clones.id, cloneIdOf('lena-hart')))
    try {
      const [before] = await t.db.select({ n: count() }).from(messages)
      const answer = await askClone(lena(), contributor, 'How late in the day can I drink coffee?')
      expect(answer.text.length).toBeGreaterThan(20)
      expect(answer.citations.length).toBeGreaterThan(0)
      const [after] = await t.db.select({ n: count() }).from(messages)
      expect(after!.n).toBe(before!.n)
    } finally {
      await t.db
        .update(clones)
        .set({ public: true })
        .where(eq(clones.id, cloneIdOf('lena-hart')))
    }
  })

  it('answers 404 to anyone outside the clone’s team, 401 signed out, and 404 for another clone’s source', async () => {
    const [seeded] = await t.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.cloneId, cloneIdOf('lena-hart')))
      .limit(1)
    const sourceId = seeded!.id
    const tomas = await seededUserCookie(t.db, 'user-tomas')
    const visitor = await userWithSession(t.db, 'visitor-knowledge@likeness.test')
    const consumer = await userWithSession(t.db, 'consumer-knowledge@likeness.test')
    expect((await ensureRelationship(t.db, consumer.id, 'lena-hart')).type).toBe('CONSUMER')

    for (const cookie of [tomas, visitor.cookie, consumer.cookie]) {
      expect((await lena().list(cookie)).statusCode).toBe(404)
      expect((await lena().add(cookie, 'qa', QA)).statusCode).toBe(404)
      expect((await lena().reread(cookie, sourceId)).statusCode).toBe(404)
      expect((await lena().remove(cookie, sourceId)).statusCode).toBe(404)
      expect((await lena().ask(cookie, 'Hello?')).statusCode).toBe(404)
    }
    // Tomas through his own clone names Lena's source: the same 404.
    const his = knowledgeClient(t.app, 'tomas-rivera')
    expect((await his.reread(tomas, sourceId)).statusCode).toBe(404)
    expect((await his.remove(tomas, sourceId)).statusCode).toBe(404)
    expect((await sourcesOf(his, tomas)).map((s) => s.id)).not.toContain(sourceId)
    // Signed out.
    expect((await lena().list('')).statusCode).toBe(401)
    // Nothing changed: the source is still there, ready.
    expect((await sourcesOf(lena(), creator)).find((s) => s.id === sourceId)?.state).toBe('ready')
    // A seeded source is not the studio's to re-read.
    expect((await lena().reread(creator, sourceId)).statusCode).toBe(400)
  })

  it('reads again at start what a stopped server left queued or reading', async () => {
    const left = await t.db
      .insert(documents)
      .values(
        (['queued', 'reading'] as const).map((state, i) => ({
          cloneId: cloneIdOf('lena-hart'),
          type: 'File' as const,
          title: CREATOR_ANSWER_TITLE,
          sourceKind: 'qa' as const,
          text: `Question: Left ${state}?\n\nAnswer from Lena: The lighthouse keeper number ${i} was left ${state}.`,
          contentHash: 'x',
          state,
        })),
      )
      .returning({ id: documents.id })
    // A second server on the same database starts: it queues both again and reads them.
    const restarted = await buildApp({ db: t.db, dbKind: 'pglite', config: t.config })
    try {
      await restarted.ready()
      for (const { id } of left) {
        const ready = await whenSettled(lena(), creator, id, 'ready')
        expect(ready.passages).toBe(1)
      }
    } finally {
      await restarted.close()
    }
  })

  it('refuses more sources while many are still waiting to be read (429)', async () => {
    const waiting = await t.db
      .insert(documents)
      .values(
        Array.from({ length: MAX_WAITING_SOURCES }, (_, i) => ({
          cloneId: cloneIdOf('lena-hart'),
          type: 'Website' as const,
          title: `waiting ${i}`,
          sourceKind: 'web' as const,
          contentHash: 'x',
          state: 'queued' as const,
        })),
      )
      .returning({ id: documents.id })
    try {
      const res = await lena().add(creator, 'qa', QA)
      expect(res.statusCode, res.body).toBe(429)
      expect(res.json().error.message).toBe(TOO_MANY_WAITING_TEXT)
      // Another clone has its own room.
      const tomas = await seededUserCookie(t.db, 'user-tomas')
      expect((await knowledgeClient(t.app, 'tomas-rivera').add(tomas, 'qa', QA)).statusCode).toBe(201)
    } finally {
      await t.db.delete(documents).where(
        inArray(
          documents.id,
          waiting.map((w) => w.id),
        ),
      )
    }
    expect((await lena().add(creator, 'qa', QA)).statusCode).toBe(201)
  })

  it('validates every body', async () => {
    const bad: [Parameters<ReturnType<typeof lena>['add']>[1], object][] = [
      ['qa', { question: '', answer: 'x' }],
      ['qa', { question: 'q', answer: 'x'.repeat(5001) }],
      ['document', { uploadId: 'not-a-uuid' }],
      ['document', { uploadId: '00000000-0000-4000-8000-000000000000' }],
      ['web', { url: 'ftp://example.com/file' }],
      ['web', { url: 'javascript:alert(1)' }],
      ['transcript', { type: 'Video', url: 'https://x.example', title: 'T', transcript: 'x' }],
    ]
    for (const [kind, payload] of bad) {
      const res = await lena().add(creator, kind, payload)
      expect(res.statusCode, `${kind} ${JSON.stringify(payload).slice(0, 60)}`).toBe(400)
    }
    expect((await lena().ask(creator, '   ')).statusCode).toBe(400)
  })
})
