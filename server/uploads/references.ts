import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { clones, conversations, documents, messages, uploads, videoCalls } from '../db/schema'

/*
 * What holds on to a stored file (issue #24: deleting what owns a file deletes its object). A complete upload is
 * kept while something refers to it (`attachedAt` set): a source read from it, a call's recording, a clone's
 * portrait, a message that attaches it (by its URL, which anyone holding it may attach anywhere). When what
 * held it goes, it is released to the upload sweeper, which deletes the file (server/uploads/sweeper.ts).
 */

/** Where a message or portrait names a file: its URL holds `/files/<fileKey>/`. */
const namesFile = (fileKey: string) => `%/files/${fileKey}/%`

/** The uploads a clone holds on to: its sources', its calls' recordings, its portrait, its messages' files. */
export async function uploadsHeldByClone(db: Db, cloneId: string): Promise<string[]> {
  const [sources, recordings, attached] = await Promise.all([
    db
      .select({ id: documents.uploadId })
      .from(documents)
      .where(and(eq(documents.cloneId, cloneId), isNotNull(documents.uploadId))),
    db
      .select({ id: videoCalls.recordingUploadId })
      .from(videoCalls)
      .where(and(eq(videoCalls.cloneId, cloneId), isNotNull(videoCalls.recordingUploadId))),
    db
      .select({ files: messages.files })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.cloneId, cloneId), sql`jsonb_array_length(${messages.files}) > 0`)),
  ])
  const [clone] = await db.select({ imageUrl: clones.imageUrl }).from(clones).where(eq(clones.id, cloneId))
  const fileKeys = [...attached.flatMap((m) => m.files), clone?.imageUrl ?? '']
    .map((url) => /\/files\/([A-Za-z0-9_-]{22})\//.exec(url)?.[1])
    .filter((key): key is string => Boolean(key))
  const byKey =
    fileKeys.length === 0
      ? []
      : await db
          .select({ id: uploads.id })
          .from(uploads)
          .where(inArray(uploads.fileKey, [...new Set(fileKeys)]))
  return [
    ...new Set(
      [...sources, ...recordings, ...byKey].map((r) => r.id).filter((id): id is string => Boolean(id)),
    ),
  ]
}

/**
 * Releases those of these uploads that nothing refers to any more (run after what held them was deleted):
 * answers how many. The sweeper then deletes their files.
 */
export async function releaseUnreferenced(db: Db, uploadIds: readonly string[]): Promise<number> {
  let released = 0
  for (let i = 0; i < uploadIds.length; i += 100) {
    const batch = await db
      .select({ id: uploads.id, fileKey: uploads.fileKey })
      .from(uploads)
      .where(and(inArray(uploads.id, uploadIds.slice(i, i + 100)), isNotNull(uploads.attachedAt)))
    for (const upload of batch) {
      if (await isReferenced(db, upload)) continue
      await db.update(uploads).set({ attachedAt: null }).where(eq(uploads.id, upload.id))
      released += 1
    }
  }
  return released
}

async function isReferenced(db: Db, upload: { id: string; fileKey: string }): Promise<boolean> {
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0
  const pattern = namesFile(upload.fileKey)
  return (
    (await exists(
      db.select({ id: documents.id }).from(documents).where(eq(documents.uploadId, upload.id)).limit(1),
    )) ||
    (await exists(
      db
        .select({ id: videoCalls.id })
        .from(videoCalls)
        .where(eq(videoCalls.recordingUploadId, upload.id))
        .limit(1),
    )) ||
    (await exists(
      db.select({ id: clones.id }).from(clones).where(like(clones.imageUrl, pattern)).limit(1),
    )) ||
    (await exists(
      db
        .select({ id: messages.id })
        .from(messages)
        .where(like(sql`${messages.files}::text`, pattern))
        .limit(1),
    ))
  )
}
