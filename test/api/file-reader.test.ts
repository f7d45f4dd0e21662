import { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads, uploadTexts } from '../../server/db/schema'
import { readAttachments } from '../../server/uploads/attached-texts'
import { ExtractError } from '../../server/uploads/extract'
import { TIMED_OUT_TEXT, UNREADABLE_TEXT } from '../../server/uploads/extract/limits'
import { createFileReader, type Extract, type ReadableUpload } from '../../server/uploads/reader'
import { LocalUploadStore } from '../../server/uploads/store'
import { newFileKey } from '../../server/uploads/uploads'
import { createTestApp, type TestApp } from './helpers'
import { uploadDataDir } from './upload-helpers'

/* The reader's queue (server/uploads/reader.ts, issue #15), on the real table and a real store. */

const silent = { error: () => {}, warn: () => {} }

/** A held read: the test decides when (and how) each file's extraction ends. */
function heldExtract() {
  const started: string[] = []
  const waiting = new Map<string, { resolve: (text: string) => void; reject: (error: unknown) => void }>()
  let active = 0
  let mostAtOnce = 0
  let onStart = () => {}
  const extract: Extract = (fileName) => {
    started.push(fileName)
    active++
    mostAtOnce = Math.max(mostAtOnce, active)
    onStart()
    return new Promise<string>((resolve, reject) => {
      waiting.set(fileName, { resolve, reject })
    }).finally(() => {
      active--
    })
  }
  /** Resolves once `n` reads have started. */
  const startedCount = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (started.length >= n) resolve()
      }
      onStart = check
      check()
    })
  return { extract, started, waiting, startedCount, mostAtOnce: () => mostAtOnce }
}

describe('the file reader', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  let store: LocalUploadStore
  beforeAll(async () => {
    data = await uploadDataDir()
    store = new LocalUploadStore(data.dir)
    t = await createTestApp({ env: { DATA_DIR: data.dir }, takeUpWork: false })
  })
  afterAll(async () => {
    await t.close()
    await data.remove()
  })

  async function storedUpload(fileName: string, text: string): Promise<ReadableUpload> {
    const fileKey = newFileKey()
    const size = await store.writeFile(fileKey, Readable.from([Buffer.from(text)]))
    const now = new Date()
    const [row] = await t.db
      .insert(uploads)
      .values({
        fileKey,
        fileName,
        contentType: 'text/plain',
        size,
        partCount: 1,
        owner: 'visitor:reader-test',
        ipHash: 'x',
        status: 'complete',
        expiresAt: new Date(now.getTime() + 60_000),
        completedAt: now,
      })
      .returning()
    return row!
  }
  const stateOf = async (id: string) =>
    (await t.db.select().from(uploadTexts).where(eq(uploadTexts.uploadId, id)))[0]

  it('reads at most two files at once, the rest waiting their turn, and stores each text or reason', async () => {
    const held = heldExtract()
    const reader = createFileReader({ db: t.db, store, log: silent, extract: held.extract })
    const files = await Promise.all(
      ['a.txt', 'b.txt', 'c.txt'].map((name) => storedUpload(name, `text of ${name}`)),
    )
    for (const file of files) await reader.enqueue(file)
    await held.startedCount(2)
    // The first two, in either order (each begins once its bytes are read); the third waits its turn.
    expect([...held.started].sort()).toEqual(['a.txt', 'b.txt'])
    expect((await stateOf(files[2]!.id))?.state).toBe('queued')

    held.waiting.get('a.txt')!.resolve('read a')
    await reader.whenRead(files[0]!)
    await held.startedCount(3)
    held.waiting.get('b.txt')!.reject(new ExtractError('This file is too large to read'))
    held.waiting.get('c.txt')!.reject(new Error('a bug in a parser'))
    await Promise.all(files.map((file) => reader.whenRead(file)))

    expect(held.mostAtOnce()).toBe(2)
    expect(await stateOf(files[0]!.id)).toMatchObject({ state: 'ready', text: 'read a', error: null })
    expect(await stateOf(files[1]!.id)).toMatchObject({
      state: 'failed',
      text: null,
      error: 'This file is too large to read',
    })
    // Anything but an ExtractError is a generic reason: never a stack trace shown to a visitor.
    expect(await stateOf(files[2]!.id)).toMatchObject({ state: 'failed', error: UNREADABLE_TEXT })
    expect((await stateOf(files[2]!.id))?.readAt).toBeInstanceOf(Date)
    await reader.close()
  })

  it('ends a read that passes its time limit, even when the extraction ignores its signal', async () => {
    const reader = createFileReader({
      db: t.db,
      store,
      log: silent,
      timeoutMs: 30,
      extract: () => new Promise<string>(() => {}),
    })
    const file = await storedUpload('slow.txt', 'slow')
    await reader.enqueue(file)
    await reader.whenRead(file)
    expect(await stateOf(file.id)).toMatchObject({ state: 'failed', error: TIMED_OUT_TEXT })
    await reader.close()
  })

  it('reads on demand a file with no reading recorded, and answers at once for one read already', async () => {
    const reader = createFileReader({ db: t.db, store, log: silent })
    const file = await storedUpload('older.txt', 'Uploaded before files were read.')
    await reader.whenRead(file)
    expect(await stateOf(file.id)).toMatchObject({ state: 'ready', text: 'Uploaded before files were read.' })
    await reader.whenRead(file)
    await reader.close()
  })

  it('answers a message with what is there once its wait is over: a file still being read is unreadable', async () => {
    const held = heldExtract()
    const reader = createFileReader({ db: t.db, store, log: silent, extract: held.extract })
    const done = await storedUpload('done.txt', 'done')
    const slow = await storedUpload('slow-read.txt', 'slow')
    await reader.enqueue(done)
    await reader.enqueue(slow)
    await held.startedCount(2)
    held.waiting.get('done.txt')!.resolve('Read in time.')
    await reader.whenRead(done)
    const rows = await t.db
      .select()
      .from(uploads)
      .where(inArray(uploads.id, [done.id, slow.id]))
    const byId = new Map(rows.map((r) => [r.id, r]))
    const attachments = await readAttachments(t.db, reader, [byId.get(done.id)!, byId.get(slow.id)!], {
      waitMs: 50,
    })
    expect(attachments.map(({ fileName, text, error }) => ({ fileName, text, error }))).toEqual([
      { fileName: 'done.txt', text: 'Read in time.', error: null },
      { fileName: 'slow-read.txt', text: null, error: TIMED_OUT_TEXT },
    ])
    await reader.close()
  })

  it('stops cleanly: queued files stay queued for the next start', async () => {
    const held = heldExtract()
    const reader = createFileReader({ db: t.db, store, log: silent, concurrency: 1, extract: held.extract })
    const first = await storedUpload('first.txt', 'one')
    const second = await storedUpload('second.txt', 'two')
    await reader.enqueue(first)
    await reader.enqueue(second)
    await held.startedCount(1)
    await reader.close()
    // The read in progress was abandoned (it stays 'reading'), the queued one never started.
    expect((await stateOf(first.id))?.state).toBe('reading')
    expect((await stateOf(second.id))?.state).toBe('queued')
    expect(held.started).toEqual(['first.txt'])
    // A later reader takes both up again.
    const next = createFileReader({ db: t.db, store, log: silent })
    expect(await next.recover()).toBeGreaterThanOrEqual(2)
    await Promise.all([next.whenRead(first), next.whenRead(second)])
    expect(await stateOf(first.id)).toMatchObject({ state: 'ready', text: 'one' })
    expect(await stateOf(second.id)).toMatchObject({ state: 'ready', text: 'two' })
    await next.close()
  })
})
