import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { S3Settings } from '../config'
import {
  expectedPartSize,
  type NamedPart,
  namedByNumber,
  type OpenUpload,
  PartsMismatchError,
  type UploadStore,
  unquoted,
} from './store'

/** Where to find the bucket (server/config.ts S3), and the folder of every key in it. */
export type S3StoreOptions = S3Settings & { prefix?: string }

/** S3's answers that mean the parts named are not the parts stored. */
const MISMATCH_CODES = new Set(['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'EntityTooLarge'])
/** Aborting what is gone already, or on a server without AbortMultipartUpload (s3rver): nothing to drop. */
const NOTHING_TO_ABORT = new Set(['NoSuchUpload', 'NotImplemented', 'MethodNotAllowed'])

const codeOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.name : ((error as { Code?: string } | null)?.Code ?? '')

/**
 * The S3-compatible store (issue #24): every file an object of one bucket, `<prefix>files/<fileKey>`. Uploads
 * are S3 multipart uploads the browser sends straight to the bucket: presign opens one and signs a URL per
 * part with the part's exact size in the signature (a part of another size is refused by the bucket), and
 * completion hands S3 the parts the client names, which S3 checks against what it stored (ETags, order,
 * sizes), then checks the object's size. Downloads stream from the bucket through the server, after its
 * access checks, with ranges.
 */
export class S3UploadStore implements UploadStore {
  readonly kind = 's3'
  private readonly prefix: string

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    prefix = '',
    /** Signs the browser's part URLs: a client of the bucket's public address when it differs. */
    private readonly presigner: S3Client = client,
  ) {
    this.prefix = prefix.replace(/^\/+/, '').replace(/([^/])$/, '$1/')
  }

  /** The object key of a complete file. Keys are ours (base64url), never client text. */
  key(fileKey: string): string {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(fileKey)) throw new Error(`Unsafe upload store name: ${fileKey}`)
    return `${this.prefix}files/${fileKey}`
  }

  /**
   * Fails with a clear message when the bucket cannot be reached with these credentials: a HEAD of a key that
   * is not there answers 404 from a reachable bucket, and 403 or 'NoSuchBucket' otherwise.
   */
  async check(): Promise<void> {
    try {
      await this.head('startup-check')
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      const reason = status ? `${codeOf(error)} (HTTP ${status})` : (error as Error).message
      throw new Error(`The S3 bucket '${this.bucket}' cannot be reached: ${reason}`)
    }
  }

  async beginParts(fileKey: string): Promise<string> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(fileKey) }),
    )
    if (!UploadId) throw new Error('The S3 store opened a multipart upload without an UploadId')
    return UploadId
  }

  async partUrls(upload: OpenUpload, expiresAt: Date, now = new Date()): Promise<string[]> {
    const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000))
    return Promise.all(
      Array.from({ length: upload.partCount }, (_, i) =>
        getSignedUrl(this.presigner, this.partCommand(upload, i + 1), {
          expiresIn,
          signingDate: now,
          // The part's size is signed: the bucket refuses a body of any other length.
          signableHeaders: new Set(['content-length']),
        }),
      ),
    )
  }

  private partCommand(upload: OpenUpload, partNumber: number, body?: Uint8Array) {
    return new UploadPartCommand({
      Bucket: this.bucket,
      Key: this.key(upload.fileKey),
      UploadId: this.uploadIdOf(upload),
      PartNumber: partNumber,
      ContentLength: expectedPartSize(upload.size, partNumber),
      Body: body,
    })
  }

  private uploadIdOf(upload: Pick<OpenUpload, 'storeUploadId'>): string {
    if (!upload.storeUploadId) throw new PartsMismatchError('no multipart upload in the store')
    return upload.storeUploadId
  }

  async writePart(upload: OpenUpload, partNumber: number, bytes: Uint8Array): Promise<string> {
    const { ETag } = await this.client.send(this.partCommand(upload, partNumber, bytes))
    return unquoted(ETag ?? '')
  }

  async completeParts(upload: OpenUpload, named: readonly NamedPart[]): Promise<void> {
    const byNumber = namedByNumber(upload, named)
    const parts = [...byNumber.entries()]
      .sort(([a], [b]) => a - b)
      .map(([PartNumber, etag]) => ({ PartNumber, ETag: `"${etag}"` }))
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key(upload.fileKey),
          UploadId: this.uploadIdOf(upload),
          MultipartUpload: { Parts: parts },
        }),
      )
    } catch (error) {
      if (MISMATCH_CODES.has(codeOf(error))) throw new PartsMismatchError(codeOf(error))
      // NoSuchUpload: completed already (a retried completion), or dropped; whatever else failed, the object
      // decides below: there and matching, it is complete; not there, the upload cannot complete any more.
    }
    const problem = await this.checkObject(upload, parts)
    if (problem) {
      await this.deleteFile(upload.fileKey)
      throw new PartsMismatchError(problem)
    }
  }

  /**
   * The completed object against the parts named: its size, and its ETag. S3 gives a multipart object the
   * ETag `md5(part MD5s)-N`, checked without reading it; a server that gives the whole object's MD5 instead
   * (s3rver) has the object read back once, part by part, in constant memory.
   */
  private async checkObject(upload: OpenUpload, parts: NamedPart[]): Promise<string | null> {
    const head = await this.head(upload.fileKey)
    if (!head) return 'no object'
    if (head.size !== upload.size) return `the object has ${head.size} bytes`
    const etags = parts.map((p) => unquoted(p.ETag))
    if (/-\d+$/.test(head.etag)) return head.etag === multipartEtag(etags) ? null : 'the object’s ETag'
    if (etags.length === 1) return head.etag === etags[0] ? null : 'the object’s ETag'
    const read = await partMd5s(this.openFile(upload.fileKey), upload)
    return read.every((md5, i) => md5 === etags[i]) ? null : 'the parts’ MD5s'
  }

  /** A stored object's size, or null when there is none. */
  async objectSize(fileKey: string): Promise<number | null> {
    return (await this.head(fileKey))?.size ?? null
  }

  private async head(fileKey: string): Promise<{ size: number; etag: string } | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(fileKey) }),
      )
      return { size: head.ContentLength ?? -1, etag: unquoted(head.ETag ?? '') }
    } catch (error) {
      if (codeOf(error) === 'NotFound' || codeOf(error) === 'NoSuchKey') return null
      throw error
    }
  }

  async deleteParts(upload: Pick<OpenUpload, 'fileKey' | 'storeUploadId'>): Promise<void> {
    if (!upload.storeUploadId) return
    try {
      await this.client.send(
        new AbortMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key(upload.fileKey),
          UploadId: upload.storeUploadId,
        }),
      )
    } catch (error) {
      if (!NOTHING_TO_ABORT.has(codeOf(error))) throw error
    }
  }

  async writeFile(fileKey: string, source: Readable): Promise<number> {
    let size = 0
    source.on('data', (chunk: Buffer) => {
      size += chunk.length
    })
    await new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.key(fileKey), Body: source },
    }).done()
    return size
  }

  openFile(fileKey: string, range?: { start: number; end: number }): Readable {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.key(fileKey),
      Range: range ? `bytes=${range.start}-${range.end}` : undefined,
    })
    // A stream at once, like a file's: the object's bytes flow into it once S3 answers.
    async function* bytes(client: S3Client) {
      const { Body } = await client.send(command)
      if (!Body) return
      yield* Body as Readable
    }
    return Readable.from(bytes(this.client), { objectMode: false })
  }

  async deleteFile(fileKey: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(fileKey) }))
  }
}

/** S3's ETag of an object completed from parts: the MD5 of the parts' binary MD5s, '-', their count. */
export function multipartEtag(partMd5s: readonly string[]): string {
  const joined = Buffer.concat(partMd5s.map((md5) => Buffer.from(md5, 'hex')))
  return `${createHash('md5').update(joined).digest('hex')}-${partMd5s.length}`
}

/** The MD5 of each part of an object read as a stream: parts of UPLOAD_PART_BYTES, the last one the rest. */
async function partMd5s(stream: Readable, upload: Pick<OpenUpload, 'size' | 'partCount'>): Promise<string[]> {
  const md5s: string[] = []
  let hash = createHash('md5')
  let left = expectedPartSize(upload.size, 1)
  for await (const chunk of stream) {
    let bytes = Buffer.from(chunk)
    while (bytes.length > 0) {
      const take = Math.min(left, bytes.length)
      hash.update(bytes.subarray(0, take))
      bytes = bytes.subarray(take)
      left -= take
      if (left === 0 && md5s.length < upload.partCount) {
        md5s.push(hash.digest('hex'))
        hash = createHash('md5')
        left =
          md5s.length < upload.partCount
            ? expectedPartSize(upload.size, md5s.length + 1)
            : Number.POSITIVE_INFINITY
      }
    }
  }
  return md5s
}

// Beside the store, so code that needs only the origins does not load the AWS SDK (issue #27).
export { browserOrigins } from './s3-origins'

/**
 * The S3 client and store of the S3_* settings. With S3_PUBLIC_ENDPOINT (the bucket's address as browsers
 * reach it, when the servers reach it by another, e.g. a container network), part URLs are signed for it.
 */
export function s3UploadStore(options: S3StoreOptions): S3UploadStore {
  const clientFor = (endpoint: string | undefined) =>
    new S3Client({
      region: options.region,
      endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only when S3 requires them: S3-compatible servers and presigned part URLs do not send them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  const client = clientFor(options.endpoint ?? undefined)
  const presigner = options.publicEndpoint ? clientFor(options.publicEndpoint) : client
  return new S3UploadStore(client, options.bucket, options.prefix, presigner)
}
