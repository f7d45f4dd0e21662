import type { S3Settings } from '../config'

/**
 * The origins presigned URLs point at, for the page's connect-src: the endpoint (path-style), the bucket's
 * host under it (virtual-hosted), or AWS's own bucket hosts.
 */
export function browserOrigins({
  bucket,
  endpoint,
  publicEndpoint,
  region,
  forcePathStyle,
}: S3Settings): string[] {
  endpoint = publicEndpoint ?? endpoint
  if (endpoint) {
    const url = new URL(endpoint)
    return forcePathStyle ? [url.origin] : [`${url.protocol}//${bucket}.${url.host}`]
  }
  return [`https://${bucket}.s3.${region}.amazonaws.com`, `https://${bucket}.s3.amazonaws.com`]
}
