import { z } from 'zod/mini'
import { Membership } from './clone'

/*
 * Running a clone in the creator studio (issue #16 'Run it'): its memberships with prices and quotas, the
 * anonymous quota and upsell title (spec 1 §3 'Monetization', §9), and its team of contributors invited by
 * e-mail. Not exported from contract/index.ts: only the studio chunks and the server need it.
 *
 * Routes (under /api/studio/{slug}; the CREATOR writes, a CONTRIBUTOR reads, anyone else 404, signed out 401):
 *   GET    /memberships                 StudioMembershipList, in the paywall's order
 *   POST   /memberships                 MembershipInput        -> 201 StudioMembership
 *   PATCH  /memberships/{id}            MembershipPatch        -> StudioMembership
 *   DELETE /memberships/{id}                                   -> OkResponse; 409 once anyone subscribed
 *   PUT    /memberships/order           MembershipOrder        -> StudioMembershipList
 *   GET    /monetization                StudioMonetization
 *   PATCH  /monetization                StudioMonetizationPatch -> StudioMonetization
 *   GET    /team                        StudioTeam
 *   POST   /invites                     InviteRequest          -> 201 PendingInvite (and the mail)
 *   DELETE /invites/{id}                                       -> OkResponse
 *   DELETE /contributors/{userId}                              -> OkResponse
 * The invitee (any signed-in user holding the link):
 *   GET    /api/studio/invites/{token}                         -> InvitationView
 *   POST   /api/studio/invites/{token}/accept                  -> AcceptedInvitation
 */

export const MAX_MEMBERSHIP_NAME_LENGTH = 80
export const MAX_MEMBERSHIP_DESCRIPTION_LENGTH = 500
/** USD, per period. */
export const MAX_MEMBERSHIP_PRICE = 100_000
/** spec 1 §9: above 99,999 messages a month shows as unlimited; this is the most a form takes. */
export const MAX_INCLUDED_MESSAGES = 1_000_000
export const MAX_INCLUDED_MINUTES = 100_000
export const MAX_MEMBERSHIPS = 20
export const MAX_UPSELL_TITLE_LENGTH = 120
export const MAX_ANONYMOUS_MESSAGES = 10_000
export const MAX_ANONYMOUS_MINUTES = 600
/** How long an invitation link works. */
export const INVITE_TTL_DAYS = 7

export const NO_PRICE_MESSAGE = 'Offer a monthly or an annual price (a price of 0 makes the plan free).'

/** A price in USD with at most two decimals, or null: that period is not offered. */
const Price = z.nullable(
  z.number().check(
    z.gte(0, 'A price cannot be negative.'),
    z.lte(MAX_MEMBERSHIP_PRICE, `At most ${MAX_MEMBERSHIP_PRICE} USD.`),
    z.refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most two decimals (cents).'),
  ),
)
const Count = (max: number) => z.int().check(z.gte(0), z.lte(max))

const MembershipFields = {
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Give the membership a name.'), z.maxLength(MAX_MEMBERSHIP_NAME_LENGTH)),
  basePrice: Price,
  annualPrice: Price,
  includedMessagesPerMonth: Count(MAX_INCLUDED_MESSAGES),
  includedMinutesPerMonth: Count(MAX_INCLUDED_MINUTES),
  includedVideoMinutesPerMonth: Count(MAX_INCLUDED_MINUTES),
  smsEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  voiceEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  customDescription: z.nullable(z.string().check(z.trim(), z.maxLength(MAX_MEMBERSHIP_DESCRIPTION_LENGTH))),
}

/** A membership as the studio lists it: the paywall's fields, and who subscribes to it. */
export const StudioMembership = z.extend(Membership, {
  /** Active subscriptions now. */
  subscribers: z.int(),
  /** Nobody ever subscribed: it may be deleted (otherwise only deactivated, and subscribers keep theirs). */
  deletable: z.boolean(),
})
export type StudioMembership = z.infer<typeof StudioMembership>

export const StudioMembershipList = z.object({ memberships: z.array(StudioMembership) })
export type StudioMembershipList = z.infer<typeof StudioMembershipList>

/** POST: a new membership (active, last in the order, for the whole clone). */
export const MembershipInput = z
  .object(MembershipFields)
  .check(z.refine((m) => m.basePrice !== null || m.annualPrice !== null, NO_PRICE_MESSAGE))
export type MembershipInput = z.infer<typeof MembershipInput>

/** PATCH: only what changed; `active: false` deactivates (the paywall stops offering it). */
export const MembershipPatch = z.partial(z.object({ ...MembershipFields, active: z.boolean() }))
export type MembershipPatch = z.infer<typeof MembershipPatch>

/** PUT .../memberships/order: every membership of the clone, each once, in the new order. */
export const MembershipOrder = z.object({ ids: z.array(z.uuid()).check(z.maxLength(200)) })
export type MembershipOrder = z.infer<typeof MembershipOrder>

/** spec 1 §3 'Monetization' anonymous_quota, as the creator sets it. */
export const AnonymousQuotaInput = z.object({
  messages: Count(MAX_ANONYMOUS_MESSAGES),
  voiceMinutes: Count(MAX_ANONYMOUS_MINUTES),
  videoMinutes: Count(MAX_ANONYMOUS_MINUTES),
})
export type AnonymousQuotaInput = z.infer<typeof AnonymousQuotaInput>

export const StudioMonetization = z.object({
  anonymousQuota: AnonymousQuotaInput,
  /** spec 1 §9: the clone's own paywall title, `{name}` standing for its name; null: the generic title. */
  upsellTitle: z.nullable(z.string()),
})
export type StudioMonetization = z.infer<typeof StudioMonetization>

/** An empty or blank title goes back to the generic one. */
export const StudioMonetizationPatch = z.partial(
  z.object({
    anonymousQuota: AnonymousQuotaInput,
    upsellTitle: z.nullable(z.string().check(z.trim(), z.maxLength(MAX_UPSELL_TITLE_LENGTH))),
  }),
)
export type StudioMonetizationPatch = z.infer<typeof StudioMonetizationPatch>

// --- The team ---------------------------------------------------------------------------------------

export const TeamRole = z.enum(['CREATOR', 'CONTRIBUTOR'])
export type TeamRole = z.infer<typeof TeamRole>

export const TeamMember = z.object({
  userId: z.uuid(),
  name: z.nullable(z.string()),
  email: z.string(),
  role: TeamRole,
  since: z.string(),
})
export type TeamMember = z.infer<typeof TeamMember>

/** An invitation not accepted yet; an expired one stays listed so it can be sent again or revoked. */
export const PendingInvite = z.object({
  id: z.uuid(),
  email: z.string(),
  invitedAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
})
export type PendingInvite = z.infer<typeof PendingInvite>

export const StudioTeam = z.object({ members: z.array(TeamMember), invites: z.array(PendingInvite) })
export type StudioTeam = z.infer<typeof StudioTeam>

export const InviteRequest = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(254)),
    z.email({ message: 'Please enter a valid email address' }),
  ),
})
export type InviteRequest = z.infer<typeof InviteRequest>

/** What the invitation page may show to anyone holding the link: the clone's name, the masked address. */
export const InvitationView = z.object({ cloneName: z.string(), email: z.string() })
export type InvitationView = z.infer<typeof InvitationView>

export const AcceptedInvitation = z.object({ cloneSlug: z.string(), cloneName: z.string() })
export type AcceptedInvitation = z.infer<typeof AcceptedInvitation>

/** 'ana.lopez@example.com' -> 'a***z@example.com': enough for the invitee to recognise, little for others. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  const local = email.slice(0, at)
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`
  return `${shown}${email.slice(at)}`
}
