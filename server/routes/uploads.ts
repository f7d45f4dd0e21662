import type { Readable } from 'node:stream'
import fastifyMultipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ApiErrorBody,
  BulkUploadResponse,
  CompleteUploadRequest,
  CompleteUploadResponse,
  MAX_DRAFT_FILES,
  PresignUploadRequest,
  PresignUploadResponse,
  UPLOAD_PART_BYTES,
} from '../../contract'
import { loadAuthSecret } from '../auth/auth-settings'
import { hashIp } from '../auth/tokens'
import { ensureVisitor } from '../auth/visitor'
import { subjectOf } from '../billing/usage'
import type { Config } from '../config'
import { DESKTOP_ORIGIN } from '../cors'
import type { Db } from '../db/client'
import { AppError, badRequest, forbidden, notFound } from '../errors'
import { isValidPartLink } from '../uploads/part-links'
import type { FileReader } from '../uploads/reader'
import { fileCsp, sendUploadedFile } from '../uploads/serve'
import type { UploadStore } from '../uploads/store'
import {
  completeUpload,
  discardStored,
  findCompleteFile,
  receivePart,
  startUpload,
  storeWholeFile,
  type UploadContext,
  type Uploader,
} from '../uploads/uploads'

export interface UploadRoutesOptions {
  db: Db
  config: Pick<Config, 'AUTH_SECRET'>
  store: UploadStore
  /** Reads each complete upload in the background (issue #15 'Every attached file is read'). */
  reader?: FileReader
}

export const INVALID_LINK_TEXT = 'This upload link is not valid'
export const FILE_NOT_FOUND_TEXT = 'File not found'
export const TOO_MANY_FILES_TEXT = `At most ${MAX_DRAFT_FILES} files can be uploaded at once`
export const MALFORMED_FORM_TEXT = 'The multipart form is malformed or incomplete'

const errors = {
  400: ApiErrorBody,
  403: ApiErrorBody,
  404: ApiErrorBody,
  409: ApiErrorBody,
  429: ApiErrorBody,
}

/**
 * spec 1 §5 'Attachments', §7 'Uploads': presigned part uploads (presign, PUT each part, complete), the
 * bulk form for small files, and reading a complete file back by its unguessable address.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (
  app,
  { db, config, store, reader },
) => {
  const ctx: UploadContext = { db, store, reader, secret: await loadAuthSecret(db, config) }

  app.post(
    '/api/uploads/presign',
    {
      bodyLimit: 16 * 1024,
      schema: { body: PresignUploadRequest, response: { 200: PresignUploadResponse, ...errors } },
    },
    async (request, reply) => {
      const relay = request.headers.origin === DESKTOP_ORIGIN
      return reply.send(
        await startUpload(ctx, request.body, uploaderOf(ctx, request, reply), new Date(), { relay }),
      )
    },
  )

  app.post(
    '/api/uploads/complete',
    {
      bodyLimit: 1024 * 1024,
      schema: { body: CompleteUploadRequest, response: { 200: CompleteUploadResponse, ...errors } },
    },
    async (request) => completeUpload(ctx, request.body),
  )

  await app.register(partRoutes, { ctx })
  await app.register(bulkUploadRoutes, { ctx })
  await app.register(fileRoutes, { ctx })
}

/**
 * Who uploads: the signed-in user, else the anonymous visitor (given their cookie now when new; the
 * desktop app sends its visitor header instead).
 */
function uploaderOf(ctx: UploadContext, request: FastifyRequest, reply: FastifyReply): Uploader {
  const user = request.identity.user
  const owner = subjectOf(
    user ? { userId: user.id, visitorId: null } : { userId: null, visitorId: ensureVisitor(request, reply) },
  )!
  return { owner, ipHash: hashIp(ctx.secret, request.ip) }
}

const PartParams = z.object({
  uploadId: z.uuid(),
  partNumber: z.coerce.number().int().min(1).max(10_000),
})
const PartLinkQuery = z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
})
/** Raw bytes (any content type); no body at all is an empty part. */
const PartBody = z.instanceof(Buffer).optional()

/**
 * PUT /api/uploads/:uploadId/parts/:partNumber: the signed URL is the credential (no session), like an
 * S3 presigned URL. The link is checked before the body is read, so a forged one costs no upload.
 */
const partRoutes: FastifyPluginAsyncZod<{ ctx: UploadContext }> = async (app, { ctx }) => {
  // Scoped to this plugin: a part is raw bytes whatever its content type says (text/plain included).
  app.removeAllContentTypeParsers()
  const rawBytes = { parseAs: 'buffer', bodyLimit: UPLOAD_PART_BYTES } as const
  app.addContentTypeParser('application/octet-stream', rawBytes, (_request, body, done) => done(null, body))
  app.addContentTypeParser('*', rawBytes, (_request, body, done) => done(null, body))

  app.put(
    '/api/uploads/:uploadId/parts/:partNumber',
    {
      bodyLimit: UPLOAD_PART_BYTES,
      // No response schema: the answer is an empty 200 with its ETag header (errors are JSON as usual).
      schema: { params: PartParams, querystring: PartLinkQuery, body: PartBody },
      onRequest: async (request) => {
        const params = PartParams.safeParse(request.params)
        const query = PartLinkQuery.safeParse(request.query)
        const valid =
          params.success && query.success && isValidPartLink(ctx.secret, { ...params.data, ...query.data })
        if (!valid) throw forbidden(INVALID_LINK_TEXT)
      },
    },
    async (request, reply) => {
      const { uploadId, partNumber } = request.params
      const etag = await receivePart(ctx, uploadId, partNumber, request.body ?? Buffer.alloc(0))
      // Quoted, as S3 answers it; the client sends it back with `complete`.
      return reply.code(200).header('etag', `"${etag}"`).send()
    },
  )
}

const BulkUploadForm = z.object({
  bucket: z.literal('consumer'),
  files: z.number().int().min(1, 'Choose at least one file').max(MAX_DRAFT_FILES),
})

/**
 * POST /api/upload: the bulk form for small files (multipart: `files`, each at most UPLOAD_PART_BYTES,
 * and `bucket` 'consumer'). Files stream to the store as they arrive; a form that fails anywhere keeps
 * none of its files.
 */
const bulkUploadRoutes: FastifyPluginAsyncZod<{ ctx: UploadContext }> = async (app, { ctx }) => {
  await app.register(fastifyMultipart, {
    limits: {
      files: MAX_DRAFT_FILES,
      fileSize: UPLOAD_PART_BYTES,
      fields: 4,
      parts: MAX_DRAFT_FILES + 4,
      fieldSize: 1024,
      fieldNameSize: 100,
      headerPairs: 100,
    },
  })

  app.post(
    '/api/upload',
    { schema: { response: { 200: BulkUploadResponse, ...errors } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the files as a multipart form')
      const uploader = uploaderOf(ctx, request, reply)
      const stored: { fileName: string; url: string; fileKey: string }[] = []
      // A form that ends early or breaks its own syntax is the client's mistake (400), not ours.
      let malformed = false
      const sources: Readable[] = []
      const parts = request.parts()[Symbol.asyncIterator]()
      const nextPart = () =>
        parts.next().catch((error: unknown) => {
          malformed = true
          throw error
        })
      try {
        let bucket: unknown
        for (let next = await nextPart(); !next.done; next = await nextPart()) {
          const part = next.value
          if (part.type === 'field') {
            if (part.fieldname === 'bucket') bucket = part.value
          } else if (part.fieldname === 'files') {
            const source = part.file
            sources.push(source)
            stored.push(
              await storeWholeFile(
                ctx,
                { fileName: part.filename, source, truncated: () => source.truncated },
                uploader,
              ),
            )
          } else {
            throw badRequest(`Unexpected file field '${part.fieldname}'`)
          }
        }
        const form = BulkUploadForm.safeParse({ bucket, files: stored.length })
        if (!form.success) throw badRequest(`Invalid form: ${form.error.issues.map(issueText).join('; ')}`)
        return { files: stored.map(({ fileName, url }) => ({ fileName, url })) }
      } catch (error) {
        const fileKeys = stored.map((s) => s.fileKey)
        await discardStored(ctx, fileKeys)
        if (error instanceof app.multipartErrors.FilesLimitError) {
          throw new AppError(413, 'bad_request', TOO_MANY_FILES_TEXT)
        }
        // A file stream fails with the form's own error when the form breaks off inside it.
        malformed ||= sources.some((source) => source.errored === error)
        if (malformed && !(error instanceof AppError) && statusCodeOf(error) === undefined) {
          throw badRequest(MALFORMED_FORM_TEXT)
        }
        throw error
      }
    },
  )
}

/** The HTTP status an error carries (Fastify's and its plugins' errors do), if any. */
const statusCodeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined

const issueText = (issue: z.core.$ZodIssue) =>
  issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message

const FileParams = z.object({ fileKey: z.string().max(100), fileName: z.string().max(1000) })

/** A year: a file's address never changes what it serves (a new upload gets a new key). */
const FILE_CACHE_CONTROL = 'private, max-age=31536000, immutable'

/**
 * GET /api/uploads/files/:fileKey/:fileName: a complete file. Anyone with the address may read it (the
 * key is unguessable, like a presigned URL); a shared view never shows this address (chat/sharing.ts).
 */
const fileRoutes: FastifyPluginAsyncZod<{ ctx: UploadContext }> = async (app, { ctx }) => {
  app.get(
    '/api/uploads/files/:fileKey/:fileName',
    // No response schema: the answer is the file's bytes.
    { schema: { params: FileParams }, onSend: fileCsp },
    async (request, reply) => {
      const upload = await findCompleteFile(ctx.db, request.params.fileKey, request.params.fileName)
      if (!upload) throw notFound(FILE_NOT_FOUND_TEXT)
      return sendUploadedFile(reply, ctx.store, upload, FILE_CACHE_CONTROL, request.headers.range)
    },
  )
}
