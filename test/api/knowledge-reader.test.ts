import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentChunks, documents } from '../../server/db/schema'
import { cloneIdOf } from '../../server/seed'
import type { Extract } from '../../server/studio/knowledge/read-source'
import { createKnowledgeReader, type KnowledgeReader } from '../../server/studio/knowledge/reader'
import { SOURCE_TEXTS } from '../../server/studio/knowledge/source-error'
import { requeueSource } from '../../server/studio/knowledge/sources'
import { localUploadStore } from '../../server/uploads/store'
import { eventually } from '../support/eventually'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp } from './helpers'
import { uploadId } from './knowledge-helpers'
import { uploadDataDir } from './upload-helpers'

/*
 * Issue #16: the knowledge base's reading queue on its own (server/studio/knowledge/reader.ts), with a
 * document extraction the test holds or answers: the time limit per source, a re-read while reading, a
 * stop mid-read and the recovery after it.
 */

const silentLog = { error: () => {}, warn: () => {} }
const cloneId = cloneIdOf('lena-hart')

/** An extraction whose calls wait until the test answers them, in order. */
function heldExtract() {
  const calls: { fileName: string; signal?: AbortSignal; answer: (text: string) => void }[] = []
  const extract: Extract = (fileName, _bytes, options) =>
    new Promise((resolve) => calls.push({ fileName, signal: options.signal, answer: resolve }))
  return { extract, calls }
}

describe('knowledge reading queue', () => {
  let t: TestApp
  let data: Awaited<ReturnType<typeof uploadDataDir>>
  let upload: string
  const readers: KnowledgeReader[] = []

  beforeAll(async () => {
    data = await uploadDataDir()
    t = await createTestApp({ env: { DATA_DIR: data.dir }, takeUpWork: false })
    const creator = await seededUserCookie(t.db, 'user-lena')
    upload = await uploadId(t.app, t.db, creator, 'held.txt', Buffer.from('held'))
  })
  afterAll(async () => {
    for (const reader of readers) await reader.close()
    await t.close()
    await data.remove()
  })

  const reader = (extract: Extract, timeoutMs?: number) => {
    const r = createKnowledgeReader({
      db: t.db,
      store: localUploadStore(data.dir),
      log: silentLog,
      web: { allowAddress: () => false },
      extract,
      timeoutMs,
    })
    readers.push(r)
    return r
  }
  const addDocument = async () => {
    const [row] = await t.db
      .insert(documents)
      .values({
        cloneId,
        type: 'File',
        title: 'Held',
        sourceKind: 'document',
        uploadId: upload,
        contentHash: 'x',
        state: 'queued',
      })
      .returning({ id: documents.id })
    return row!.id
  }
  const rowOf = async (id: string) => (await t.db.select().from(documents).where(eq(documents.id, id)))[0]!
  const chunksOf = async (id: string) =>
    t.db.select().from(documentChunks).where(eq(documentChunks.documentId, id))

  it('fails a source that takes longer than its time limit, leaving no chunks', async () => {
    const held = heldExtract()
    const id = await addDocument()
    reader(held.extract, 100).enqueue(id)
    const row = await eventually(async () => {
      const r = await rowOf(id)
      expect(r.state).toBe('failed')
      return r
    })
    expect(row.error).toBe(SOURCE_TEXTS.readTimedOut)
    expect(held.calls[0]!.signal?.aborted).toBe(true)
    expect(await chunksOf(id)).toEqual([])
  })

  it('a re-read while reading drops the first read and keeps the second', async () => {
    const held = heldExtract()
    const queue = reader(held.extract)
    const id = await addDocument()
    queue.enqueue(id)
    await eventually(() => expect(held.calls).toHaveLength(1))
    expect((await rowOf(id)).state).toBe('reading')

    await requeueSource(t.db, cloneId, id)
    queue.cancel(id)
    queue.enqueue(id)
    expect(held.calls[0]!.signal?.aborted).toBe(true)
    held.calls[0]!.answer('The first read, which must not be kept.')
    await eventually(() => expect(held.calls).toHaveLength(2))
    held.calls[1]!.answer('The second read about lighthouses and their keepers.')
    const row = await eventually(async () => {
      const r = await rowOf(id)
      expect(r.state).toBe('ready')
      return r
    })
    expect(row.text).toBe('The second read about lighthouses and their keepers.')
    expect((await chunksOf(id)).map((c) => c.text)).toEqual([row.text])
  })

  it('a stop mid-read leaves the source reading; the next start reads it', async () => {
    const held = heldExtract()
    const first = reader(held.extract)
    const id = await addDocument()
    first.enqueue(id)
    await eventually(() => expect(held.calls).toHaveLength(1))
    await first.close()
    expect((await rowOf(id)).state).toBe('reading')
    expect(await chunksOf(id)).toEqual([])

    const next = reader(async () => 'Read after the restart.')
    expect(await next.recover()).toBeGreaterThanOrEqual(1)
    await eventually(async () => expect((await rowOf(id)).state).toBe('ready'))
    expect((await chunksOf(id)).map((c) => c.text)).toEqual(['Read after the restart.'])
  })
})
