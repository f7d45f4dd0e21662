import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { CitationType, ConversationMedium, MessageSender, MessageStatus } from '../../contract'
import { createdAt, updatedAt } from './columns'
// A deliberate import cycle: schema.ts re-exports this module so every table stays in one `schema`
// namespace; the references below are lazy callbacks, so evaluation order does not matter.
import { clones, instances, users } from './core-schema'

/**
 * spec 1 §3 'Conversation'. Until accounts exist (a later issue), an anonymous visitor owns the
 * conversations made under their `lk_visitor` cookie; `user_id` is set when a signed-in user owns one.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull().default('Conversation'),
    medium: text('medium').$type<ConversationMedium>().notNull().default('WEB'),
    shareId: text('share_id').unique(),
    hidden: boolean('hidden').notNull().default(false),
    recordingUrl: text('recording_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // History lists a visitor's conversations with one clone, most recent first.
    index('conversations_clone_visitor_updated_idx').on(t.cloneId, t.visitorId, t.updatedAt),
    index('conversations_user_idx').on(t.userId),
    // The studio's review lists all of a clone's conversations by activity; its analytics count them by start.
    index('conversations_clone_updated_idx').on(t.cloneId, t.updatedAt, t.id),
    index('conversations_clone_created_idx').on(t.cloneId, t.createdAt),
  ],
)

/** spec 1 §3 'Message'. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<MessageSender>().notNull(),
    text: text('text').notNull(),
    type: text('type').$type<'text'>().notNull().default('text'),
    fromStudio: boolean('from_studio').notNull().default(false),
    sessionStart: boolean('session_start').notNull().default(false),
    saved: boolean('saved').notNull().default(false),
    imageUrl: text('image_url'),
    files: jsonb('files').$type<string[]>().notNull().default([]),
    hasSources: boolean('has_sources').notNull().default(false),
    locationId: text('location_id'),
    /**
     * A clone answer is written 'streaming' before its first token and becomes 'complete' when delivered,
     * 'interrupted' when it broke off (error, disconnect, or a server that died: see recoverInterruptedAnswers)
     * or 'stopped' when the visitor stopped it. Visitor messages are always 'complete'.
     */
    status: text('status').$type<MessageStatus>().notNull().default('complete'),
    /** A visitor message's id from the client (one per question): a retry with it is answered once. */
    clientMessageId: uuid('client_message_id'),
    /** A clone answer's question. */
    replyToId: uuid('reply_to_id').references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    /** A creator announcement's copy (sender OWNER) in this conversation; removed with the announcement. */
    announcementId: uuid('announcement_id').references((): AnyPgColumn => announcements.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_client_message_id_unique').on(t.clientMessageId),
    index('messages_reply_to_idx').on(t.replyToId),
    index('messages_announcement_idx').on(t.announcementId),
  ],
)

/**
 * spec 1 §2 creator announcements (issue #15): a message the creator or a contributor posts to the clone's
 * visitors. Each is copied into visitors' conversations as an OWNER message ('Sent by {clone name}'),
 * never counted against a quota.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    /** How many conversations received a copy when it was posted. */
    deliveredCount: integer('delivered_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_clone_created_idx').on(t.cloneId, t.createdAt)],
)

/**
 * spec 1 §3 'Citation'. A snapshot of the source at answer time (title, text, url): the answer
 * keeps its sources even when the document is later edited or removed, so no foreign key.
 */
export const messageCitations = pgTable(
  'message_citations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    documentId: uuid('document_id').notNull(),
    documentTitle: text('document_title').notNull(),
    type: text('type').$type<CitationType>().notNull(),
    title: text('title').notNull(),
    url: text('url'),
    tweetId: text('tweet_id'),
    timestampMs: integer('timestamp_ms'),
    text: text('text').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('message_citations_message_index_unique').on(t.messageId, t.index)],
)

/** spec 1 §3 'messageAffiliates': product cards shown under a clone message. */
export const messageAffiliates = pgTable(
  'message_affiliates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('message_affiliates_message_idx').on(t.messageId)],
)

/** spec 1 §2 '/api/affiliate/...': one row per followed affiliate link (product or 'powered by'). */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_clicks_clone_idx').on(t.cloneId, t.createdAt)],
)
