import { timingSafeEqual } from 'node:crypto'

/*
 * The one constant-time comparison of the server: secrets, signatures and hashes a request carries are
 * checked against the expected ones without telling through timing how much of them was right.
 */

/** The same bytes, in time that depends only on the length. */
export const sameBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && timingSafeEqual(a, b)

/** A secret or signature a request carries (missing: false) equals the expected one. */
export function sameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false
  return sameBytes(Buffer.from(given), Buffer.from(expected))
}
