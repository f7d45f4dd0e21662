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

/** The readable text of a text-like file: html without tags, subtitles without cue numbers and timings. */
export function plainText(raw: string, extension: string): string {
  if (extension === 'html') return htmlText(raw)
  if (extension === 'srt') return subtitleText(raw)
  return raw.trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/** The visible text of an html page: scripts, styles and comments dropped, tags removed, entities decoded. */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|section|article|header|footer|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => decodeEntity(entity, name))
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' '
  }
  return ENTITIES[name.toLowerCase()] ?? entity
}

/** 'Subtitles (srt)': cue numbers and '00:00:01,000 --> 00:00:04,000' lines carry no words. */
function subtitleText(srt: string): string {
  return srt
    .split(/\r?\n/)
    .filter((line) => !/^\s*\d+\s*$/.test(line) && !/-->/.test(line))
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim()
}
