/** The part of @20minutes/s3rver's API (s3rver 3's, maintained) that scripts/support/s3-server.ts uses. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net'

  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    resetOnClose?: boolean
    allowMismatchedSignatures?: boolean
    vhostBuckets?: boolean
    configureBuckets?: { name: string; configs: (string | Buffer)[] }[]
  }

  export default class S3rver {
    constructor(options?: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
    reset(): void
  }
}
