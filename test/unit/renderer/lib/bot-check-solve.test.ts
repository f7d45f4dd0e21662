// @vitest-environment node
import { createChallenge, verifySolution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { describe, expect, it } from 'vitest'
import { AltchaPayload } from '../../../../contract/bot-check'
import { encodeAltchaToken, solveAltcha } from '../../../../renderer/src/lib/bot-check/solve'

/*
 * The renderer's ALTCHA solver (issue #27 part 2) against altcha-lib, the library the server makes and
 * checks challenges with: what it finds must verify, for the counter the server hid.
 */

const SECRETS = { hmacSignatureSecret: 'signature-secret', hmacKeySignatureSecret: 'key-secret' }

const challengeWith = async (counter: number, cost = 1) => {
  const created = await createChallenge({
    algorithm: 'SHA-256',
    cost,
    counter,
    deriveKey,
    expiresAt: new Date(Date.now() + 60_000),
    ...SECRETS,
  })
  return { parameters: created.parameters, signature: created.signature! }
}

describe('solveAltcha', () => {
  it('finds the counter the server hid, and altcha-lib verifies the solution', async () => {
    const challenge = await challengeWith(1234)
    const solution = await solveAltcha(challenge)
    expect(solution?.counter).toBe(1234)
    const result = await verifySolution({ challenge, solution: solution!, deriveKey, ...SECRETS })
    expect(result).toMatchObject({ verified: true, expired: false, invalidSolution: false })
  })

  it('hashes `cost` times, as the server derives the key', async () => {
    const challenge = await challengeWith(40, 3)
    const solution = await solveAltcha(challenge)
    expect(solution?.counter).toBe(40)
    expect((await verifySolution({ challenge, solution: solution!, deriveKey, ...SECRETS })).verified).toBe(
      true,
    )
  })

  it('stops when asked, and gives up past maxCounter', async () => {
    const challenge = await challengeWith(5000)
    const controller = new AbortController()
    controller.abort()
    expect(await solveAltcha(challenge, { signal: controller.signal })).toBeNull()
    expect(await solveAltcha(challenge, { maxCounter: 100 })).toBeNull()
  })

  it('refuses an algorithm it does not know', async () => {
    const challenge = await challengeWith(1)
    await expect(
      solveAltcha({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'SCRYPT' } }),
    ).rejects.toThrow('Unsupported algorithm SCRYPT')
  })

  it('encodes the token as base64 of the payload the server decodes', async () => {
    const challenge = await challengeWith(7)
    const solution = (await solveAltcha(challenge))!
    const token = encodeAltchaToken(challenge, solution)
    const decoded = AltchaPayload.parse(JSON.parse(Buffer.from(token, 'base64').toString('utf8')))
    expect(decoded).toEqual({ challenge, solution })
  })
})
