import { z } from 'zod'

/** spec 1 §8: Google sign-in failures show this text. */
export const GOOGLE_FAILED_TEXT = 'Failed to login or sign-up.'

const TokenInfo = z.object({ aud: z.string().optional(), azp: z.string().optional() })
const UserInfo = z.object({
  email: z.string(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
})

export interface GoogleProfile {
  email: string
  name: string | null
  imageUrl: string | null
}

export interface GoogleVerifier {
  clientId: string
  tokeninfoUrl: string
  userinfoUrl: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/**
 * Checks a Google access token and reads its verified address. The token must have been issued to our
 * own client id (tokeninfo aud/azp): a token another site obtained for the same person must not sign in
 * here. Answers null for any refusal; network failures throw.
 */
export async function verifyGoogleAccessToken(
  accessToken: string,
  { clientId, tokeninfoUrl, userinfoUrl, fetch: doFetch = fetch, timeoutMs = 10_000 }: GoogleVerifier,
): Promise<GoogleProfile | null> {
  const infoUrl = new URL(tokeninfoUrl)
  infoUrl.searchParams.set('access_token', accessToken)
  const info = await doFetch(infoUrl, { signal: AbortSignal.timeout(timeoutMs) })
  if (!info.ok) return null
  const tokenInfo = TokenInfo.safeParse(await info.json())
  if (!tokenInfo.success) return null
  if (tokenInfo.data.aud !== clientId && tokenInfo.data.azp !== clientId) return null

  const res = await doFetch(userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  })
  if (!res.ok) return null
  const user = UserInfo.safeParse(await res.json())
  if (!user.success) return null
  const verified = user.data.email_verified === true || user.data.email_verified === 'true'
  if (!verified) return null
  return {
    email: user.data.email.trim().toLowerCase(),
    name: user.data.name?.trim() || null,
    imageUrl: user.data.picture ?? null,
  }
}
