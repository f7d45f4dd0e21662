import { z } from 'zod/mini'

/** spec 1 §3: a social value may be a string or a list of strings. */
export const SocialValue = z.nullable(z.union([z.string(), z.array(z.string())]))

export const Socials = z.object({
  instagram: SocialValue,
  linkedin: SocialValue,
  twitter: SocialValue,
  facebook: SocialValue,
  youtube: SocialValue,
  website: SocialValue,
  extras: z.array(z.string()),
})
export type Socials = z.infer<typeof Socials>

/** spec 1 §3 'Clone options'. */
export const CloneOptions = z.object({
  id: z.string(),
  locationId: z.nullable(z.string()),
  suggestQuestions: z.boolean(),
  requireEmail: z.boolean(),
  requirePhoneNumber: z.boolean(),
  productLogo: z.boolean(),
  autoDial: z.boolean(),
  warning: z.boolean(),
  customWarning: z.nullable(z.string()),
  enableImageSending: z.boolean(),
  enableMultiLanguage: z.boolean(),
  voiceModel: z.nullable(z.string()),
})
export type CloneOptions = z.infer<typeof CloneOptions>

export const Org = z.object({ id: z.string(), name: z.string(), iconUrl: z.nullable(z.string()) })
export type Org = z.infer<typeof Org>

export const Instance = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.nullable(z.string()),
})
export type Instance = z.infer<typeof Instance>

export const SuggestedQuestion = z.object({ id: z.string(), question: z.string() })
export type SuggestedQuestion = z.infer<typeof SuggestedQuestion>

/** spec 1 §3 'Membership'. Prices are in USD; a null price means the period is not offered. */
export const Membership = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  basePrice: z.nullable(z.number()),
  annualPrice: z.nullable(z.number()),
  smsEnabled: z.boolean(),
  voiceEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  customDescription: z.nullable(z.string()),
  includedMinutesPerMonth: z.int(),
  includedMessagesPerMonth: z.int(),
  includedVideoMinutesPerMonth: z.int(),
  instanceId: z.nullable(z.string()),
})
export type Membership = z.infer<typeof Membership>

/** What the directory (/explore) shows of a clone. */
export const CloneCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  verified: z.boolean(),
  allowVoice: z.boolean(),
  allowVideo: z.boolean(),
})
export type CloneCard = z.infer<typeof CloneCard>

export const CloneList = z.object({ clones: z.array(CloneCard) })
export type CloneList = z.infer<typeof CloneList>

/** spec 1 §3 'Clone', as the profile and chat screens need it. */
export const CloneProfile = z.extend(CloneCard, {
  description: z.nullable(z.string()),
  language: z.string(),
  languages: z.array(z.string()),
  voiceId: z.nullable(z.string()),
  orgs: z.array(Org),
  public: z.boolean(),
  socials: Socials,
  phoneNumber: z.nullable(z.string()),
  telegramUsername: z.nullable(z.string()),
  phoneSmsEnabled: z.boolean(),
  phoneWhatsAppEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  viewSources: z.boolean(),
  toneFeedback: z.nullable(z.string()),
  tier: z.string(),
  status: z.string(),
  createdAt: z.string(),
  options: CloneOptions,
  suggestedQuestions: z.array(SuggestedQuestion),
  memberships: z.array(Membership),
  /** The instance the profile was asked for, when an instance slug was given. */
  instance: z.nullable(Instance),
  /**
   * The clone's own paywall title (spec 1 §9 'Clone-specific upsell titles'), `{name}` standing for its
   * name; null uses the generic 'You've used up your available quota for {name}'.
   */
  upsellTitle: z.nullable(z.string()),
  /**
   * Eyes and mouth marked on the clone's own portrait (contract/face-marks.ts), checked where they are used
   * (the video call's chunk), so the profile's first load carries no schema for them.
   */
  faceMarks: z.optional(z.nullable(z.unknown())),
})
export type CloneProfile = z.infer<typeof CloneProfile>

export const Health = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof Health>
