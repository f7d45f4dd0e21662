import { z } from 'zod/mini'

/*
 * spec 1 §5 'Attachments' and §7 'Uploads': files a visitor attaches to a chat message. A file is uploaded
 * in parts of UPLOAD_PART_BYTES, UPLOAD_PARALLEL_PARTS at a time, to part URLs the server signs
 * (presign, PUT each part and read its ETag, complete); small files may also go in one multipart POST
 * (/api/upload). The message then carries the files' URLs in `files`.
 */

/** spec 1 §9: 'Upload part 30 MB' (31,457,280 bytes). */
export const UPLOAD_PART_BYTES = 31_457_280
/** spec 1 §9: '5 parts in parallel'. */
export const UPLOAD_PARALLEL_PARTS = 5
/** spec 1 §5: at most 3 files per draft. */
export const MAX_DRAFT_FILES = 3
/** The largest file accepted (not in the spec: a product limit, so one visitor cannot fill the disk). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024
/**
 * A video call's recording (spec 2 §2, §9: 1280x720, up to the 1-hour limit): bucket 'recording', webm or
 * mp4 only, never a chat attachment, served only to the call's owner and through its share. 1.5 GB holds
 * an hour at ~3 Mbit/s (and stays under the size column's 32-bit limit).
 */
export const MAX_RECORDING_BYTES = 1536 * 1024 * 1024
export const RECORDING_EXTENSIONS = ['webm', 'mp4'] as const

/** How long a part URL, and an unfinished upload, stays valid. */
export const UPLOAD_URL_TTL_MS = 60 * 60 * 1000

/** spec 1 §5: the accepted types, by extension. */
export const ACCEPTED_EXTENSIONS = [
  'pdf',
  'docx',
  'pptx',
  'xlsx',
  'html',
  'txt',
  'srt',
  'epub',
  'md',
  'rtf',
  'csv',
  'jpg',
  'jpeg',
  'png',
] as const
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number]

/** spec 1 §5: jpeg and png are previewed as images; other files show as a file card. */
export const IMAGE_PREVIEW_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const

/** The lower-cased extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : ''
}

export const isAcceptedFileName = (fileName: string): boolean =>
  (ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))

export const isImageFileName = (fileName: string): boolean =>
  (IMAGE_PREVIEW_EXTENSIONS as readonly string[]).includes(extensionOf(fileName))

/**
 * spec 1 §5: 'File names are sanitised: base name lower-cased, non letters/digits become dashes, dashes
 * collapsed and trimmed, empty base becomes file'. The extension is kept, lower-cased.
 */
export function sanitizeFileName(fileName: string): string {
  // NFC first: macOS hands over decomposed names ('re\u0301sume\u0301'), whose accents are not letters.
  const name = fileName.normalize('NFC')
  const ext = extensionOf(name)
  const base = ext ? name.slice(0, name.length - ext.length - 1) : name
  const clean = base
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
  return `${clean || 'file'}${ext ? `.${ext}` : ''}`
}

/** The number of parts a file of `size` bytes is sent in (an empty file is one empty part). */
export const partCount = (size: number): number => Math.max(1, Math.ceil(size / UPLOAD_PART_BYTES))

const FileName = z.string().check(z.trim(), z.minLength(1), z.maxLength(255))

/** POST /api/uploads/presign. */
export const PresignUploadRequest = z.object({
  fileName: FileName,
  /** At most MAX_UPLOAD_BYTES for 'consumer' (checked by the server), MAX_RECORDING_BYTES for 'recording'. */
  fileSize: z.int().check(z.gte(0), z.lte(MAX_RECORDING_BYTES)),
  contentType: z.string().check(z.maxLength(200)),
  /** 'consumer': a chat attachment (spec 1 §5); 'recording': a video call's recording. */
  bucketType: z.enum(['consumer', 'recording']),
})
export type PresignUploadRequest = z.infer<typeof PresignUploadRequest>

export const PresignUploadResponse = z.object({
  uploadId: z.string(),
  /** One URL per part, in order: PUT the part's bytes to it and read the ETag header of the answer. */
  partUrls: z.array(z.string()).check(z.minLength(1)),
  fileKey: z.string(),
})
export type PresignUploadResponse = z.infer<typeof PresignUploadResponse>

/** POST /api/uploads/complete. */
export const CompleteUploadRequest = z.object({
  fileKey: z.string().check(z.minLength(1), z.maxLength(200)),
  uploadId: z.string().check(z.minLength(1), z.maxLength(200)),
  partETags: z
    .array(
      z.object({
        PartNumber: z.int().check(z.gte(1), z.lte(10_000)),
        ETag: z.string().check(z.minLength(1), z.maxLength(200)),
      }),
    )
    .check(z.minLength(1)),
  fileName: FileName,
})
export type CompleteUploadRequest = z.infer<typeof CompleteUploadRequest>

export const CompleteUploadResponse = z.object({
  /** The file's address: what a message's `files` carries. */
  presignedUrl: z.string(),
})
export type CompleteUploadResponse = z.infer<typeof CompleteUploadResponse>

/** POST /api/upload (multipart form: `files` and `bucket` 'consumer'): the bulk form, for small files. */
export const BulkUploadResponse = z.object({
  files: z.array(z.object({ fileName: z.string(), url: z.string() })),
})
export type BulkUploadResponse = z.infer<typeof BulkUploadResponse>

/** spec 1 §8 'Uploads'. */
export const UPLOADING_TEXT = 'Uploading'
export const UPLOAD_FAILED_TEXT = 'Upload failed.'
/** spec 1 §2: the placeholder while the clone reads a message's files. */
export const ANALYZING_FILE_TEXT = 'Analyzing File'
