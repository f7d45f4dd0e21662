import { z } from 'zod'

/** spec 1 §3: a social value may be a string or a list of strings. */
export const SocialValue = z.union([z.string(), z.array(z.string())]).nullable()

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
  locationId: z.string().nullable(),
  suggestQuestions: z.boolean(),
  requireEmail: z.boolean(),
  requirePhoneNumber: z.boolean(),
  productLogo: z.boolean(),
  autoDial: z.boolean(),
  warning: z.boolean(),
  customWarning: z.string().nullable(),
  enableImageSending: z.boolean(),
  enableMultiLanguage: z.boolean(),
  voiceModel: z.string().nullable(),
})
export type CloneOptions = z.infer<typeof CloneOptions>

export const Org = z.object({ id: z.string(), name: z.string(), iconUrl: z.string().nullable() })
export type Org = z.infer<typeof Org>

export const Instance = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  imageUrl: z.string().nullable(),
})
export type Instance = z.infer<typeof Instance>

export const SuggestedQuestion = z.object({ id: z.string(), question: z.string() })
export type SuggestedQuestion = z.infer<typeof SuggestedQuestion>

/** spec 1 §3 'Membership'. Prices are in USD; a null price means the period is not offered. */
export const Membership = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  basePrice: z.number().nullable(),
  annualPrice: z.number().nullable(),
  smsEnabled: z.boolean(),
  voiceEnabled: z.boolean(),
  videoEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  customDescription: z.string().nullable(),
  includedMinutesPerMonth: z.number().int(),
  includedMessagesPerMonth: z.number().int(),
  includedVideoMinutesPerMonth: z.number().int(),
  instanceId: z.string().nullable(),
})
export type Membership = z.infer<typeof Membership>

/** What the directory (/explore) shows of a clone. */
export const CloneCard = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  imageUrl: z.string().nullable(),
  verified: z.boolean(),
  allowVoice: z.boolean(),
  allowVideo: z.boolean(),
})
export type CloneCard = z.infer<typeof CloneCard>

export const CloneList = z.object({ clones: z.array(CloneCard) })
export type CloneList = z.infer<typeof CloneList>

/** spec 1 §3 'Clone', as the profile and chat screens need it. */
export const CloneProfile = CloneCard.extend({
  description: z.string().nullable(),
  language: z.string(),
  languages: z.array(z.string()),
  voiceId: z.string().nullable(),
  orgs: z.array(Org),
  public: z.boolean(),
  socials: Socials,
  phoneNumber: z.string().nullable(),
  telegramUsername: z.string().nullable(),
  phoneSmsEnabled: z.boolean(),
  phoneWhatsAppEnabled: z.boolean(),
  telegramEnabled: z.boolean(),
  viewSources: z.boolean(),
  toneFeedback: z.string().nullable(),
  tier: z.string(),
  status: z.string(),
  createdAt: z.string(),
  options: CloneOptions,
  suggestedQuestions: z.array(SuggestedQuestion),
  memberships: z.array(Membership),
  /** The instance the profile was asked for, when an instance slug was given. */
  instance: Instance.nullable(),
  /**
   * The clone's own paywall title (spec 1 §9 'Clone-specific upsell titles'), `{name}` standing for its
   * name; null uses the generic 'You've used up your available quota for {name}'.
   */
  upsellTitle: z.string().nullable(),
})
export type CloneProfile = z.infer<typeof CloneProfile>

export const Health = z.object({
  ok: z.literal(true),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
})
export type Health = z.infer<typeof Health>
