import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
// Same deliberate cycle as chat-schema.ts: schema.ts re-exports this module; references are lazy.
import { clones, documents, users } from './core-schema'

/**
 * Sign-in sessions: a random 256-bit token is handed to the client once (HttpOnly cookie on the web,
 * bearer token for embed and desktop); only its SHA-256 is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** How the token travels: 'cookie' (web) or 'bearer' (embed, desktop). */
    transport: text('transport').$type<'cookie' | 'bearer'>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * One-time sign-in codes (spec 1 §5): stored as a keyed hash, single use, expiring, attempt-limited.
 * Rows double as the rate-limit ledger per e-mail and per IP (both stored hashed). Each code belongs to
 * the requester that asked for it (a keyed hash of its visitor id, or of the user for phone codes): only
 * that requester can use it or spend its tries. Null for codes issued before requesters were recorded.
 */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    requesterHash: text('requester_hash'),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_codes_email_created_idx').on(t.email, t.createdAt),
    index('login_codes_ip_created_idx').on(t.ipHash, t.createdAt),
    index('login_codes_email_requester_idx').on(t.email, t.requesterHash),
  ],
)

/** The dev outbox: mail (and later SMS) the embedded default "sends", listed at /dev/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp' | 'telegram'>().notNull().default('email'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
)

/** Mail domains that may not sign in (disposable-mail services and the like). */
export const blockedEmailDomains = pgTable('blocked_email_domains', {
  domain: text('domain').primaryKey(),
  createdAt: createdAt(),
})

/** spec 1 §3 'Feedback'. */
export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  cloneId: uuid('clone_id').references(() => clones.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  subject: text('subject').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
})

/**
 * The creator's training input from the command bar: 'Revise' stores an ideal response, 'Adjust tone'
 * stores speaking-style feedback (spec 1 §3 'Revision', 'Speaking-style adjustment').
 */
export const cloneTraining = pgTable(
  'clone_training',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'revision' | 'tone'>().notNull(),
    messageId: uuid('message_id'),
    userMessage: text('user_message'),
    cloneMessage: text('clone_message'),
    instruction: text('instruction').notNull(),
    applied: boolean('applied').notNull().default(false),
    /** A revision in effect: the creator-answer document it became (server/brain/revisions.ts). */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('clone_training_clone_idx').on(t.cloneId, t.createdAt)],
)

/**
 * Server-wide settings kept in the database so every instance on one database agrees, e.g. the sign-in
 * secret generated on first start when AUTH_SECRET is not configured.
 */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
