import { and, inArray, isNull } from 'drizzle-orm'
import { extensionOf, isImageFileName } from '../../contract'
import type { Attachment } from '../brain/answerer'
import type { Db } from '../db/client'
import { uploads } from '../db/schema'
import { badRequest } from '../errors'
import { isReadableText } from './file-types'
import { imageOf } from './image-parts'
import { readHead, type UploadStore } from './store'
import { FILE_KEY, findCompleteFile, type UploadRow } from './uploads'

export const INVALID_FILE_TEXT = 'Invalid file'
/** How much of an attached file the clone reads: enough for notes or a transcript, bounded for the prompt. */
export const ATTACHMENT_TEXT_CHARS = 20_000
/** UTF-8 takes at most 4 bytes a character; html is read further, as its tags are dropped. */
const TEXT_BYTES = ATTACHMENT_TEXT_CHARS * 4
const HTML_BYTES = TEXT_BYTES * 4

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

export interface ReadAttachmentsOptions {
  /** Add each png or jpeg as an image for the language model (BrainSetup.vision: LLM_VISION with an LLM). */
  images?: boolean
}

/** What the clone gets of each attached file: its name, and its text when it is a text-like type. */
export async function readAttachments(
  store: UploadStore,
  attached: readonly UploadRow[],
  { images = false }: ReadAttachmentsOptions = {},
): Promise<Attachment[]> {
  return Promise.all(
    attached.map(async (upload) => {
      const attachment: Attachment = {
        fileName: upload.fileName,
        // A file the store cannot read is answered as unreadable: it must not fail the visitor's message.
        text: isReadableText(upload.fileName) ? await readText(store, upload).catch(() => null) : null,
      }
      // Issue #15: a vision-capable model also sees the image itself (server/uploads/image-parts.ts).
      if (images && isImageFileName(upload.fileName)) {
        const image = await imageOf(store, upload).catch(() => null)
        if (image) attachment.image = image
      }
      return attachment
    }),
  )
}

async function readText(store: UploadStore, upload: UploadRow): Promise<string> {
  const html = extensionOf(upload.fileName) === 'html'
  const bytes = Math.min(upload.size, html ? HTML_BYTES : TEXT_BYTES)
  const head = await readHead(store, upload.fileKey, bytes)
  // Not fatal: a cut multi-byte character (or a stray Latin-1 byte) becomes U+FFFD, not an error.
  const raw = new TextDecoder('utf-8').decode(head)
  return plainText(raw, extensionOf(upload.fileName)).slice(0, ATTACHMENT_TEXT_CHARS)
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
