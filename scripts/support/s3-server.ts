import { mkdtemp, readdir, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from '@20minutes/s3rver'
import type { S3Settings } from '../../server/config'

/*
 * A local S3-compatible server (@20minutes/s3rver from npm: s3rver 3, maintained, with signature v4 checks) for the tests and `npm run stack:scale` (issue #24): a bucket
 * in a temporary folder (emptied when it stops), CORS open to any origin for PUT (presigned parts, ETag exposed) and GET. It speaks
 * multipart uploads (create, upload part, complete), presigned URLs (query signature v4, expiry, signed
 * headers), ranges and deletes; not ListParts nor AbortMultipartUpload (see server/uploads/s3-store.ts).
 */

/** s3rver's fixed credentials. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

const OBJECT_SUFFIX = '._S3rver_object'

const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`

export interface S3TestServer {
  /** e.g. http://127.0.0.1:4568 (path-style addressing). */
  endpoint: string
  bucket: string
  /** Where the bucket's objects live on disk. */
  directory: string
  /** The keys of every object in the bucket (multipart uploads not completed are not objects). */
  objectKeys(): Promise<string[]>
  /** The store's settings for this bucket (server/config.ts S3Settings). */
  settings: S3Settings
  /** The env the server reads (server/config.ts S3_*). */
  env: Record<string, string>
  stop(): Promise<void>
}

export async function startS3Server({ bucket = 'clone-talk', port = 0 } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'clone-talk-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [CORS] }],
  })
  const address: AddressInfo = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  return {
    endpoint,
    bucket,
    directory,
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: S3_TEST_CREDENTIALS.accessKeyId,
      secretAccessKey: S3_TEST_CREDENTIALS.secretAccessKey,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async objectKeys() {
      // From s3rver's folder (`<bucket>/<key>._S3rver_object`): its listing answers refuse the SDK's signature.
      const root = path.join(directory, bucket)
      const files = await readdir(root, { recursive: true }).catch(() => [] as string[])
      return files
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
    },
    async stop() {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
