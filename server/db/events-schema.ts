import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import type { TrackedEventType } from '../../contract/events'
import { conversations, messages } from './chat-schema'
import { createdAt } from './columns'
import { clones, users } from './core-schema'

/**
 * spec 1 §7 'Tracked events' (issue #15): one row per event a visitor caused on a clone, counted per type for
 * the creator. The message or conversation it happened on, and who caused it (user or anonymous visitor).
 */
export const trackedEvents = pgTable(
  'tracked_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    type: text('type').$type<TrackedEventType>().notNull(),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tracked_events_clone_type_created_idx').on(t.cloneId, t.type, t.createdAt)],
)
