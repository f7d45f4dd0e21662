import type { AltchaChallenge, AltchaSolution } from '../../../../contract/bot-check'
import { base64FromUtf8 } from '../base64'

/*
 * The ALTCHA v2 proof-of-work solver (issue #27 part 2; the server's side is server/bot-check/altcha-check.ts,
 * altcha-lib). The key of counter n is SHA-256(salt ‖ nonce ‖ n as 4 big-endian bytes), hashed again `cost`
 * times in all, cut to keyLength bytes; the answer is the first n whose key starts with the signed prefix.
 * Written here (a few dozen lines) rather than loading ALTCHA's widget: it runs in a Web Worker
 * (solver.worker.ts) with crypto.subtle, and works the same in Node for tests.
 */

export type Digest = (data: Uint8Array<ArrayBuffer>) => Promise<ArrayBuffer>

export interface SolveOptions {
  signal?: AbortSignal
  /** SHA-256 of the bytes (crypto.subtle by default). */
  digest?: Digest
  /** Gives up after this many counters (a challenge nobody could solve). */
  maxCounter?: number
}

const subtleSha256: Digest = (data) => crypto.subtle.digest('SHA-256', data)

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('Not a hex string')
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

export const bytesToHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** The counter whose key starts with the challenge's prefix and that key, or null if stopped or none found. */
export async function solveAltcha(
  challenge: AltchaChallenge,
  { signal, digest = subtleSha256, maxCounter = 0xffffffff }: SolveOptions = {},
): Promise<AltchaSolution | null> {
  const { algorithm, nonce, salt, cost, keyLength, keyPrefix } = challenge.parameters
  if (algorithm !== 'SHA-256') throw new Error(`Unsupported algorithm ${algorithm}`)
  const saltBytes = hexToBytes(salt)
  const nonceBytes = hexToBytes(nonce)
  const data = new Uint8Array(saltBytes.length + nonceBytes.length + 4)
  data.set(saltBytes, 0)
  data.set(nonceBytes, saltBytes.length)
  const counterView = new DataView(data.buffer, saltBytes.length + nonceBytes.length, 4)
  const prefix = keyPrefix.toLowerCase()
  // An even prefix is compared as bytes, an odd one as hex text (as altcha-lib does).
  const prefixBytes = prefix.length % 2 === 0 ? hexToBytes(prefix) : null
  const started = performance.now()
  for (let counter = 0; counter <= maxCounter; counter += 1) {
    if (signal?.aborted) return null
    counterView.setUint32(0, counter)
    let key = new Uint8Array(await digest(data))
    for (let round = 1; round < cost; round += 1) key = new Uint8Array(await digest(key))
    key = key.subarray(0, keyLength)
    if (prefixBytes ? startsWith(key, prefixBytes) : bytesToHex(key).startsWith(prefix)) {
      return { counter, derivedKey: bytesToHex(key), time: Math.round(performance.now() - started) }
    }
  }
  return null
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > bytes.length) return false
  for (let i = 0; i < prefix.length; i += 1) if (bytes[i] !== prefix[i]) return false
  return true
}

/** `botToken` in the ALTCHA mode: base64 of ALTCHA's JSON payload. */
export const encodeAltchaToken = (challenge: AltchaChallenge, solution: AltchaSolution): string =>
  base64FromUtf8(JSON.stringify({ challenge, solution }))
