import { createHash } from 'node:crypto'

/**
 * A deterministic UUID for a seeded record: sha1 of 'likeness:{kind}:{key}' laid out as a
 * version-5 UUID (RFC 9562 §5.5 bits), so seeding twice writes the same ids.
 */
export function seedId(kind: string, key: string): string {
  const bytes = createHash('sha1').update(`likeness:${kind}:${key}`).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x50
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
