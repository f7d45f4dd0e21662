import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/** 'expired': never completed within UPLOAD_URL_TTL_MS; its parts were deleted (server/uploads/sweeper.ts). */
export type UploadStatus = 'open' | 'complete' | 'expired'

/**
 * spec 1 §5 'Attachments', §7 'Uploads': a file a visitor attaches to a chat message. An upload is open
 * while its parts arrive and complete once assembled; its `fileKey` (128 random bits) is then the bearer
 * secret of the file's URL. Rows double as the upload rate-limit ledger per owner and per IP.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileKey: text('file_key').notNull().unique(),
    /** Sanitised (contract sanitizeFileName); the extension decides the type. */
    fileName: text('file_name').notNull(),
    /** Derived by the server from the extension, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    partCount: integer('part_count').notNull(),
    /** The object store's own id of the open multipart upload (S3's UploadId); null on local disk. */
    storeUploadId: text('store_upload_id'),
    /** The ledger subject of the uploader: `user:<id>` or `visitor:<id>` (billing/usage.ts subjectOf). */
    owner: text('owner').notNull(),
    /** The uploader's IP as a keyed hash (auth/tokens.ts hashIp), like sign-in codes: never stored plain. */
    ipHash: text('ip_hash').notNull(),
    status: text('status').$type<UploadStatus>().notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When a stored message first carried it; complete uploads never attached are swept (uploads/sweeper.ts). */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_owner_created_idx').on(t.owner, t.createdAt),
    index('uploads_ip_created_idx').on(t.ipHash, t.createdAt),
    index('uploads_status_expires_idx').on(t.status, t.expiresAt),
  ],
)

/** Where reading an attached file's text stands: queued, being read, read, or failed with a reason. */
export type UploadTextState = 'queued' | 'reading' | 'ready' | 'failed'

/**
 * The text the clone reads of a complete upload (issue #15 'Every attached file is read'): extracted off the
 * request path when the upload completes (documents in a worker thread, images by OCR), bounded in
 * characters. `error` is the visitor-facing reason of a failure (too large, too many pages, unreadable).
 */
export const uploadTexts = pgTable(
  'upload_texts',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    state: text('state').$type<UploadTextState>().notNull().default('queued'),
    text: text('text'),
    error: text('error'),
    /** How the text was read: 'text' (text-like file), 'document' (pdf, office, epub, rtf) or 'ocr' (image). */
    method: text('method').$type<'text' | 'document' | 'ocr'>(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * The reader that holds this read (queued in its memory or being read) until `claimExpiresAt`, renewed while
     * it holds it; null or expired: any server's reader may take it (server/jobs/claims.ts).
     */
    claimedBy: text('claimed_by'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
  },
  (t) => [index('upload_texts_state_idx').on(t.state)],
)
