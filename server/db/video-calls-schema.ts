import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { VideoCallEndReason } from '../../contract/video'
// A deliberate import cycle like calls-schema.ts: the references are lazy callbacks.
import { conversations } from './chat-schema'
import { createdAt } from './columns'
import { clones, instances, users } from './core-schema'
import { uploads } from './uploads-schema'

/**
 * A video call (spec 2 §3 'Video call metadata': conversationId, tavusConversationId, tavusConversationUrl,
 * durationSeconds, replicaBootDuration). Like voice_calls, the server owns the row whoever holds the call
 * (the browser's local avatar, or Tavus on Daily): its seconds reach usage_counters.video_seconds once, when
 * `ended_at` is first set (server/calls/video-call-store.ts), on the ledger key fixed when the call opened.
 */
export const videoCalls = pgTable(
  'video_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The call's conversation, medium VIDEO. */
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id'),
    /** The usage ledger's subject, period and scope (server/billing/usage.ts), as voice_calls. */
    ledgerSubject: text('ledger_subject').notNull(),
    ledgerPeriodStart: timestamp('ledger_period_start', { withTimezone: true }).notNull(),
    ledgerScope: uuid('ledger_scope'),
    language: text('language').notNull(),
    provider: text('provider').$type<'local' | 'tavus'>().notNull(),
    tavusConversationId: text('tavus_conversation_id').unique(),
    tavusConversationUrl: text('tavus_conversation_url'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<VideoCallEndReason>(),
    durationSeconds: integer('duration_seconds'),
    /** Seconds from start until the replica (or the local avatar) joined, as the browser reports it. */
    replicaBootDuration: integer('replica_boot_duration'),
    /**
     * When Tavus said its replica joined the room (its `system.replica_joined` callback), by the server's
     * clock: a Tavus call is charged from here (or from started_at without the callback), never by the
     * browser's count.
     */
    replicaJoinedAt: timestamp('replica_joined_at', { withTimezone: true }),
    charged: boolean('charged').notNull().default(false),
    /** The browser's recording (a complete upload of the uploader, video/webm or video/mp4). */
    recordingUploadId: uuid('recording_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    recordingUrl: text('recording_url'),
  },
  (t) => [
    index('video_calls_conversation_idx').on(t.conversationId),
    // The studio's analytics count a clone's calls by the month they started.
    index('video_calls_clone_started_idx').on(t.cloneId, t.startedAt),
    // The inactivity sweeper reads open calls by last_seen_at.
    index('video_calls_open_idx').on(t.lastSeenAt).where(sql`${t.endedAt} is null`),
  ],
)

/** spec 2 §7 'Video failure report' (event_id, cause, message, outcome, slug, tavus_conversation_id, details). */
export const videoCallFailures = pgTable('video_call_failures', {
  id: uuid('id').primaryKey().defaultRandom(),
  eventId: text('event_id').notNull(),
  callId: uuid('call_id'),
  conversationId: uuid('conversation_id'),
  tavusConversationId: text('tavus_conversation_id'),
  slug: text('slug').notNull(),
  userId: uuid('user_id'),
  visitorId: text('visitor_id'),
  cause: text('cause').notNull(),
  message: text('message').notNull(),
  outcome: text('outcome').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
})
