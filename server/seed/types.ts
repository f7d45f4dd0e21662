import type { CitationType, CloneOptions, Socials } from '../../contract'

/**
 * The shape of the demo data. Content lives in server/seed/data/*.ts and is original writing.
 * Every record has a stable `key`; ids are derived from keys so seeding twice changes nothing.
 */
export interface SeedTimedSegment {
  /** Offset into the video or episode, in milliseconds. */
  startMs: number
  text: string
}

export interface SeedProduct {
  name: string
  url: string
  imageUrl: string | null
}

export interface SeedDocument {
  key: string
  type: CitationType
  title: string
  /** Required for every type but Twitter (spec 1 §5). */
  url: string | null
  /** Twitter documents carry the tweet id. */
  tweetId?: string
  publishedAt: string
  /** Plain text body (Website, File, Twitter, creator answers). */
  text?: string
  /** Timed transcript (Youtube, Podcast). */
  segments?: SeedTimedSegment[]
  /** An affiliate product this source is tied to (spec 1 §3 messageAffiliates). */
  product?: SeedProduct
}

export interface SeedMembership {
  key: string
  name: string
  basePrice: number | null
  annualPrice: number | null
  smsEnabled: boolean
  voiceEnabled: boolean
  videoEnabled: boolean
  telegramEnabled: boolean
  customDescription: string | null
  includedMessagesPerMonth: number
  includedMinutesPerMonth: number
  includedVideoMinutesPerMonth: number
}

export interface SeedInstance {
  key: string
  slug: string
  name: string
  imageUrl: string | null
}

/** A seeded embed configuration (issue #14); its allowed origins are the demo origins (embeds/origins.ts). */
export interface SeedEmbed {
  key: string
  name: string
  layout: 'inline' | 'bubble'
  whitelabel: boolean
  textLimit: number | null
  voiceLimitSeconds: number | null
}

export interface SeedClone {
  key: string
  slug: string
  name: string
  headline: string
  description: string
  imageUrl: string
  verified: boolean
  public: boolean
  language: string
  languages: string[]
  voiceId: string | null
  allowVoice: boolean
  allowVideo: boolean
  phoneNumber: string | null
  telegramUsername: string | null
  phoneSmsEnabled: boolean
  phoneWhatsAppEnabled: boolean
  telegramEnabled: boolean
  viewSources: boolean
  toneFeedback: string | null
  tier: string
  orgs: { key: string; name: string; iconUrl: string | null }[]
  socials: Socials
  /** Overrides of the defaults of spec 1 §3 'Clone options'. */
  options: Partial<Omit<CloneOptions, 'id'>>
  /** Anonymous visitors' monthly allowance (spec 1 §3 'Monetization'). */
  anonymousQuota: { messages: number; voiceMinutes: number; videoMinutes: number }
  /** The clone's own paywall title, `{name}` standing for its name (null: the generic one). */
  upsellTitle: string | null
  suggestedQuestions: string[]
  instances: SeedInstance[]
  memberships: SeedMembership[]
  /** Embed configurations, framable by the server's own origin and EMBED_DEMO_ORIGINS; none when left out. */
  embeds?: SeedEmbed[]
  documents: SeedDocument[]
}

export type SeedRole = 'CREATOR' | 'CONTRIBUTOR'

export interface SeedUser {
  key: string
  name: string
  email: string
  staff: boolean
  /** A banned user cannot sign in (spec 1 §5). */
  banned?: boolean
  /** Relationships to clones by clone key. */
  relationships: { cloneKey: string; type: SeedRole }[]
}
