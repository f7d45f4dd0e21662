import { and, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import { badRequest } from '../errors'
import { FILE_KEY, findCompleteFile, type UploadRow } from './uploads'

export const INVALID_FILE_TEXT = 'Invalid file'
const FILE_PATH = /^\/api\/uploads\/files\/([^/?#]+)\/([^/?#]+)$/

/**
 * The file key and name of one of our file URLs (fileUrl in uploads.ts), root-relative or on the public
 * origin; null for anything else (another site, another path, a query).
 */
export function parseFileUrl(
  url: string,
  publicOrigin: string,
): { fileKey: string; fileName: string } | null {
  const path = url.startsWith(`${publicOrigin}/`) ? url.slice(publicOrigin.length) : url
  const match = FILE_PATH.exec(path)
  if (!match || !FILE_KEY.test(match[1]!)) return null
  try {
    return { fileKey: match[1]!, fileName: decodeURIComponent(match[2]!) }
  } catch {
    return null
  }
}

/**
 * The uploads a message's `files` name, in order: each must be the URL of a complete upload of ours
 * (400 'Invalid file' otherwise, before the answer starts). Anyone holding such a URL may attach it,
 * as anyone holding it may read it.
 */
export async function findAttachedUploads(
  db: Db,
  urls: readonly string[],
  publicOrigin: string,
): Promise<UploadRow[]> {
  const found: UploadRow[] = []
  for (const url of urls) {
    const parsed = parseFileUrl(url, publicOrigin)
    const upload = parsed ? await findCompleteFile(db, parsed.fileKey, parsed.fileName) : undefined
    if (!upload) throw badRequest(INVALID_FILE_TEXT)
    found.push(upload)
  }
  return found
}

/** Records that a stored message carries these uploads (the sweeper keeps attached files for good). */
export async function markAttached(db: Db, uploadIds: readonly string[], at: Date): Promise<void> {
  await db
    .update(uploads)
    .set({ attachedAt: at })
    .where(and(inArray(uploads.id, [...uploadIds]), isNull(uploads.attachedAt)))
}
