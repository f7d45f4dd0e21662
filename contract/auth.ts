import { z } from 'zod/mini'
import { BOT_TOKEN_MAX_LENGTH } from './bot-check'

/** spec 1 §9: the one-time code has 6 characters, shown in 6 slots. */
export const LOGIN_CODE_LENGTH = 6

/** The product's own mail domains, whose addresses may use plus-sign subaddresses (spec 1 §5). */
export const DEFAULT_INTERNAL_EMAIL_DOMAINS = ['likeness.test', 'likeness.app'] as const

/** spec 1 §5: the code is read with dashes and spaces removed; input is trimmed. */
export const normaliseLoginCode = (input: string) => input.trim().replace(/[-\s]/g, '')

/** E-mail addresses are compared and stored trimmed and lower-case. */
export const normaliseEmail = (input: string) => input.trim().toLowerCase()

/** spec 1 §5: 'Subaddresses ({email}) are not allowed', except in the product's internal domains. */
export function subaddressError(email: string, internalDomains: readonly string[]): string | null {
  const address = normaliseEmail(email)
  const at = address.lastIndexOf('@')
  if (at < 1) return null
  const local = address.slice(0, at)
  const domain = address.slice(at + 1)
  if (!local.includes('+')) return null
  if (internalDomains.some((d) => d.toLowerCase() === domain)) return null
  return `Subaddresses (${address}) are not allowed`
}

export const SignInEmail = z.pipe(
  z.string().check(z.trim(), z.maxLength(254)),
  z.email({ message: 'Please enter a valid email address' }),
)

/** spec 1 §3 'User'. */
export const User = z.object({
  id: z.uuid(),
  name: z.nullable(z.string()),
  email: z.string(),
  imageUrl: z.nullable(z.string()),
  phoneNumber: z.nullable(z.string()),
  telegramUsername: z.nullable(z.string()),
  /** The preferred language (a LANGUAGES code) chosen on /profile; null follows the browser (issue #15). */
  language: z.nullable(z.string()),
  staff: z.boolean(),
  /** The user's plan; memberships are per clone (issue 5), so this is null until plans exist. */
  plan: z.nullable(z.string()),
  /** White-labelled customisation: the user runs a clone with a white-labelled embed (spec 1 §3, §6). */
  whitelabeled: z.boolean(),
})
export type User = z.infer<typeof User>

export const RelationshipType = z.enum(['CREATOR', 'CONTRIBUTOR', 'CONSUMER'])
export type RelationshipType = z.infer<typeof RelationshipType>

/** spec 1 §3 'Relationship' (paywall and usage come with memberships). */
export const Relationship = z.object({
  id: z.uuid(),
  cloneSlug: z.string(),
  type: RelationshipType,
})
export type Relationship = z.infer<typeof Relationship>

/** spec 1 §1: who the visitor is to one clone. */
export const UserType = z.enum(['admin', 'collab', 'consumer_signed_in', 'anonymous'])
export type UserType = z.infer<typeof UserType>

/** spec 1 §1: CREATOR gives admin, CONTRIBUTOR collab, a signed-in user consumer_signed_in, else anonymous. */
export function userTypeOf(
  signedIn: boolean,
  relationshipType: RelationshipType | null | undefined,
): UserType {
  if (!signedIn) return 'anonymous'
  if (relationshipType === 'CREATOR') return 'admin'
  if (relationshipType === 'CONTRIBUTOR') return 'collab'
  return 'consumer_signed_in'
}

/**
 * Clients that cannot keep the visitor cookie (the desktop app calls the API cross-origin, without cookies)
 * name their anonymous visitor with this header instead: a random id of 16 to 64 base64url characters that
 * the client made and keeps. It owns that visitor's conversations and counts its anonymous quota.
 */
export const VISITOR_HEADER = 'x-likeness-visitor'
export const VisitorId = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/))

export const SessionTransport = z.enum(['cookie', 'bearer'])
export type SessionTransport = z.infer<typeof SessionTransport>

/** POST /api/auth/code: send a sign-in code. The answer is the same for known and unknown addresses. */
export const SendCodeRequest = z.object({
  email: z.string().check(z.maxLength(320)),
  /** The white-labelled embed asks for a mail without product branding. */
  whitelabel: z.optional(z.boolean()),
  /** The bot-protection token (contract/bot-check.ts), asked of callers who are not signed in. */
  botToken: z.nullish(z.string().check(z.maxLength(BOT_TOKEN_MAX_LENGTH))),
})
export type SendCodeRequest = z.infer<typeof SendCodeRequest>

export const OkResponse = z.object({ ok: z.literal(true) })
export type OkResponse = z.infer<typeof OkResponse>

const Timezone = z.optional(z.string().check(z.maxLength(100)))

/** POST /api/auth/verify. */
export const VerifyCodeRequest = z.object({
  email: z.string().check(z.maxLength(320)),
  code: z.string().check(z.maxLength(40)),
  timezone: Timezone,
  /** 'cookie' (default, the web) sets the session cookie; 'bearer' (desktop, embed) answers a token. */
  transport: z.optional(SessionTransport),
})
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>

/** The answer of a successful sign-in: the user, and the token only for bearer transport. */
export const SignInResponse = z.object({
  user: User,
  token: z.optional(z.string()),
})
export type SignInResponse = z.infer<typeof SignInResponse>

/**
 * POST /api/auth/handoff, called with `Authorization: Bearer <embed token>`: a page of the main site opened
 * from an embed with `?token=` (spec 1 §2 '/memberships/...') trades the embed's token for a session
 * cookie of the same user, so the token leaves the address at once and is never stored by the page.
 */
export const HandoffRequest = z.strictObject({})

/** POST /api/auth/google (spec 1 §7 'Google sign-in'). */
export const GoogleSignInRequest = z.object({
  accessToken: z.string().check(z.minLength(1), z.maxLength(4096)),
  skipWelcomeEmail: z.optional(z.boolean()),
  timezone: Timezone,
  transport: z.optional(SessionTransport),
})
export type GoogleSignInRequest = z.infer<typeof GoogleSignInRequest>

/** GET /api/auth/options: what the sign-in dialog offers. */
export const AuthOptions = z.object({
  google: z.nullable(z.object({ clientId: z.string() })),
  internalEmailDomains: z.array(z.string()),
})
export type AuthOptions = z.infer<typeof AuthOptions>

/** GET /api/me[?slug=]: the signed-in user (or null), their relationships, and the user type for slug. */
export const MeResponse = z.object({
  user: z.nullable(User),
  relationships: z.array(Relationship),
  userType: z.optional(UserType),
})
export type MeResponse = z.infer<typeof MeResponse>

/** POST /api/auth/claim: the visitor's anonymous conversations become the signed-in user's. */
export const ClaimRequest = z.object({
  conversationId: z.optional(z.uuid()),
  /** Also claims this visitor's other unowned conversations with this clone. */
  slug: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
})
export type ClaimRequest = z.infer<typeof ClaimRequest>

export const ClaimResponse = z.object({ claimed: z.int().check(z.gte(0)) })
export type ClaimResponse = z.infer<typeof ClaimResponse>

/** POST /api/relationships: the signed-in user becomes a CONSUMER of the clone unless already related. */
export const RelationshipRequest = z.object({ slug: z.string().check(z.minLength(1), z.maxLength(100)) })
export const RelationshipResponse = z.object({ relationship: Relationship })
export type RelationshipResponse = z.infer<typeof RelationshipResponse>
