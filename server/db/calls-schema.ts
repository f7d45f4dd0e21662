import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { VoiceCallEndReason } from '../../contract/calls'
// A deliberate import cycle like chat-schema.ts: the references are lazy callbacks.
import { conversations } from './chat-schema'
import { createdAt } from './columns'
import { clones, instances, users } from './core-schema'

/** One line of a call's transcript as a provider (Vapi) reports it at the end. */
export interface CallTranscriptLine {
  role: 'USER' | 'CLONE'
  text: string
  /** Seconds from the start of the call, when the provider says. */
  at?: number
}

/**
 * A voice call (spec 2 §3 'Voice call metadata'). The server owns the row whoever holds the call (the
 * browser or Vapi): its seconds are charged to the usage ledger once, when `ended_at` is first set
 * (server/calls/voice-call-store.ts). The ledger key (subject, period, scope) is fixed when the call opens,
 * so a call that crosses midnight at the month's end counts where it started.
 */
export const voiceCalls = pgTable(
  'voice_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id'),
    /** The usage ledger's subject (`user:<id>` or `visitor:<id>`), period and scope (server/billing/usage.ts). */
    ledgerSubject: text('ledger_subject').notNull(),
    ledgerPeriodStart: timestamp('ledger_period_start', { withTimezone: true }).notNull(),
    ledgerScope: uuid('ledger_scope'),
    language: text('language').notNull(),
    provider: text('provider').$type<'local' | 'vapi'>().notNull(),
    /** Vapi's call id, once the browser or the webhook tells it. */
    providerCallId: text('provider_call_id').unique(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<VoiceCallEndReason>(),
    durationSeconds: integer('duration_seconds'),
    charged: boolean('charged').notNull().default(false),
    recordingUrl: text('recording_url'),
    transcript: jsonb('transcript').$type<CallTranscriptLine[]>(),
  },
  (t) => [
    index('voice_calls_conversation_idx').on(t.conversationId),
    // The studio's analytics count a clone's calls by the month they started.
    index('voice_calls_clone_started_idx').on(t.cloneId, t.startedAt),
    // The inactivity sweeper reads open calls by last_seen_at.
    index('voice_calls_open_idx').on(t.lastSeenAt).where(sql`${t.endedAt} is null`),
  ],
)

/** spec 2 §7 'Voice failure report' (captureVoiceFailure), kept for support. */
export const voiceCallFailures = pgTable('voice_call_failures', {
  id: uuid('id').primaryKey().defaultRandom(),
  callId: uuid('call_id'),
  conversationId: uuid('conversation_id'),
  slug: text('slug').notNull(),
  instanceId: uuid('instance_id'),
  userId: uuid('user_id'),
  visitorId: text('visitor_id'),
  cause: text('cause').notNull(),
  message: text('message').notNull(),
  outcome: text('outcome').notNull(),
  language: text('language'),
  details: jsonb('details').$type<Record<string, unknown>>(),
  createdAt: createdAt(),
})
