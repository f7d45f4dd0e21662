import { createHmac } from 'node:crypto'
import { sameHash } from '../auth/tokens'

/**
 * Part URLs are the credential of a part upload, like S3 presigned URLs: whoever holds one may PUT that
 * part until it expires, without a session. The signature is an HMAC-SHA256 (server secret) of
 * `<uploadId>:<n>:<expires>`, so none of the three can be changed.
 */
export function partSignature(secret: string, uploadId: string, partNumber: number, expires: number): string {
  return createHmac('sha256', secret).update(`${uploadId}:${partNumber}:${expires}`).digest('hex')
}

/** The root-relative URL of one part (the client resolves it against the API origin). */
export function partUrl(secret: string, uploadId: string, partNumber: number, expires: number): string {
  const signature = partSignature(secret, uploadId, partNumber, expires)
  return `/api/uploads/${uploadId}/parts/${partNumber}?expires=${expires}&signature=${signature}`
}

export interface PartLink {
  uploadId: string
  partNumber: number
  expires: number
  signature: string
}

/** Whether a part link is ours (timing-safe comparison) and not yet expired. */
export function isValidPartLink(secret: string, link: PartLink, now = Date.now()): boolean {
  if (link.expires <= now) return false
  return sameHash(link.signature, partSignature(secret, link.uploadId, link.partNumber, link.expires))
}
