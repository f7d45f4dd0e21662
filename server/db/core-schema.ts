import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CitationType, CloneOptions, Socials } from '../../contract'
import type { FaceMarks } from '../../contract/face-marks'
import type { CloneVoiceSettings } from '../../contract/voice-settings'
import { createdAt, updatedAt } from './columns'
import { uploads } from './uploads-schema'

/** spec 1 §3 'Monetization': the anonymous visitor's monthly allowance. */
export interface AnonymousQuota {
  messages: number
  voiceMinutes: number
  videoMinutes: number
}

export interface TimedSegment {
  startMs: number
  text: string
}

export interface DocumentProduct {
  name: string
  url: string
  imageUrl: string | null
}

/** spec 1 §3 'Clone'. */
export const clones = pgTable('clones', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable key of seeded clones; null for clones made in the product. */
  key: text('key').unique(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  headline: text('headline'),
  description: text('description'),
  imageUrl: text('image_url'),
  verified: boolean('verified').notNull().default(false),
  public: boolean('public').notNull().default(true),
  language: text('language').notNull().default('English'),
  languages: jsonb('languages').$type<string[]>().notNull().default([]),
  voiceId: text('voice_id'),
  allowVoice: boolean('allow_voice').notNull().default(false),
  allowVideo: boolean('allow_video').notNull().default(false),
  phoneNumber: text('phone_number'),
  telegramUsername: text('telegram_username'),
  phoneSmsEnabled: boolean('phone_sms_enabled').notNull().default(false),
  phoneWhatsAppEnabled: boolean('phone_whatsapp_enabled').notNull().default(false),
  telegramEnabled: boolean('telegram_enabled').notNull().default(false),
  viewSources: boolean('view_sources').notNull().default(true),
  toneFeedback: text('tone_feedback'),
  tier: text('tier').notNull().default('FREE'),
  status: text('status').notNull().default('IDLE'),
  onboardingState: text('onboarding_state'),
  /** The full options object of spec 1 §3, defaults applied. */
  options: jsonb('options').$type<CloneOptions>().notNull(),
  socials: jsonb('socials').$type<Socials>().notNull(),
  anonymousQuota: jsonb('anonymous_quota').$type<AnonymousQuota>().notNull(),
  /** The clone's own paywall title (spec 1 §9 'Clone-specific upsell titles'); `{name}` is the clone's name. */
  upsellTitle: text('upsell_title'),
  /** The creator's voice settings (issue #26 part 2, contract/voice-settings.ts); null: the defaults. */
  voiceSettings: jsonb('voice_settings').$type<CloneVoiceSettings>(),
  /** Eyes and mouth on the portrait, marked by the creator (issue #26 part 1, contract/face-marks.ts). */
  faceMarks: jsonb('face_marks').$type<FaceMarks>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const orgs = pgTable('orgs', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').unique(),
  name: text('name').notNull(),
  iconUrl: text('icon_url'),
})

export const cloneOrgs = pgTable(
  'clone_orgs',
  {
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id')
      .notNull()
      .references(() => orgs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cloneId, t.orgId] })],
)

/** spec 1 §3 'Instance': a variant of a clone reached at /{slug}/{instanceSlug}. */
export const instances = pgTable(
  'instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    key: text('key'),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('instances_clone_slug_unique').on(t.cloneId, t.slug),
    unique('instances_clone_key_unique').on(t.cloneId, t.key),
  ],
)

/**
 * Where a knowledge source stands (issue #16): added and waiting, being read, answering (its chunks are in),
 * or failed with its reason. Only a 'ready' source has chunks, so the clone never answers from half a source.
 */
export type SourceState = 'queued' | 'reading' | 'ready' | 'failed'
/** How a creator added a source in the studio (issue #16); null for seeded sources and revisions. */
export type SourceKind = 'document' | 'web' | 'transcript' | 'qa'

/** A source of the clone's knowledge base (spec 1 §3 'Citation' types). */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    key: text('key'),
    type: text('type').$type<CitationType>().notNull(),
    title: text('title').notNull(),
    url: text('url'),
    tweetId: text('tweet_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The plain text, or the joined transcript of a timed document. */
    text: text('text').notNull().default(''),
    /** Timed transcript (Youtube, Podcast), null for plain-text sources. */
    segments: jsonb('segments').$type<TimedSegment[]>(),
    product: jsonb('product').$type<DocumentProduct>(),
    /** Hash of what chunking reads (text and segments): unchanged hash, unchanged chunks. */
    contentHash: text('content_hash').notNull(),
    /** Issue #16: seeded and revised sources are written 'ready'; studio sources start 'queued'. */
    state: text('state').$type<SourceState>().notNull().default('ready'),
    /** Why a 'failed' source could not be read, in the creator's words. */
    error: text('error'),
    sourceKind: text('source_kind').$type<SourceKind>(),
    /** The studio upload a 'document' source (or an uploaded transcript) was read from. */
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    /** When its text was last read (a studio source); null until then. */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The knowledge reader holding a studio source's read until `claimExpiresAt` (server/jobs/claims.ts). */
    claimedBy: text('claimed_by'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('documents_clone_key_unique').on(t.cloneId, t.key),
    index('documents_clone_idx').on(t.cloneId),
    index('documents_state_idx').on(t.state),
  ],
)

export const documentChunks = pgTable(
  'document_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    text: text('text').notNull(),
    /** Offset of the chunk's first segment in a timed document, in milliseconds. */
    timestampMs: integer('timestamp_ms'),
    tokenCount: integer('token_count').notNull(),
  },
  (t) => [
    unique('document_chunks_document_index_unique').on(t.documentId, t.index),
    index('document_chunks_clone_idx').on(t.cloneId),
  ],
)

export const suggestedQuestions = pgTable(
  'suggested_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    /** Stable key of seeded questions; null for questions written in the studio. */
    key: text('key'),
    question: text('question').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('suggested_questions_clone_key_unique').on(t.cloneId, t.key),
    index('suggested_questions_clone_idx').on(t.cloneId, t.position),
  ],
)

/** spec 1 §3 'User'. Emails are stored lower-case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').unique(),
    name: text('name'),
    email: text('email').notNull().unique(),
    imageUrl: text('image_url'),
    phoneNumber: text('phone_number'),
    telegramUsername: text('telegram_username'),
    /** The preferred language (contract LANGUAGES code) chosen on /profile; null follows the browser. */
    language: text('language'),
    staff: boolean('staff').notNull().default(false),
    banned: boolean('banned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('users_email_lower_case', sql`${t.email} = lower(${t.email})`)],
)

export type RelationshipType = 'CREATOR' | 'CONTRIBUTOR' | 'CONSUMER'

/** spec 1 §3 'Relationship': one per user and clone. */
export const relationships = pgTable(
  'relationships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    type: text('type').$type<RelationshipType>().notNull().default('CONSUMER'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('relationships_user_clone_unique').on(t.userId, t.cloneId),
    index('relationships_clone_idx').on(t.cloneId),
  ],
)

/** spec 1 §3 'Membership'. Prices in USD; null means the period is not offered. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    key: text('key'),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    basePrice: numeric('base_price', { precision: 10, scale: 2, mode: 'number' }),
    annualPrice: numeric('annual_price', { precision: 10, scale: 2, mode: 'number' }),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    voiceEnabled: boolean('voice_enabled').notNull().default(false),
    videoEnabled: boolean('video_enabled').notNull().default(false),
    telegramEnabled: boolean('telegram_enabled').notNull().default(false),
    customDescription: text('custom_description'),
    includedMinutesPerMonth: integer('included_minutes_per_month').notNull().default(0),
    includedMessagesPerMonth: integer('included_messages_per_month').notNull().default(0),
    includedVideoMinutesPerMonth: integer('included_video_minutes_per_month').notNull().default(0),
    /** A membership of one instance only; null for the whole clone. */
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('memberships_clone_key_unique').on(t.cloneId, t.key),
    index('memberships_clone_idx').on(t.cloneId, t.position),
  ],
)
