import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import type { TextMedium } from '../../contract/embed'
import type { EmbedLayoutName } from '../../contract/embed-protocol'
import { createdAt, updatedAt } from './columns'
import { clones, users } from './core-schema'

/**
 * An embed configuration of a clone (spec 1 §1, §9; issue #14): which parent origins may frame the product
 * (served as `frame-ancestors`), the layout, white-labelling and the per-configuration limits that send
 * '{product}:text-exhausted' / '{product}:voice-exhausted' to the parent instead of opening the paywall.
 */
export const embedConfigs = pgTable(
  'embed_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    /** Stable key of seeded configurations; null for those a creator made. */
    key: text('key'),
    name: text('name').notNull(),
    /** Normalised origins ('https://creator.example'); empty: nobody may frame it. */
    allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
    layout: text('layout').$type<EmbedLayoutName>().notNull().default('bubble'),
    whitelabel: boolean('whitelabel').notNull().default(false),
    textLimit: integer('text_limit'),
    voiceLimitSeconds: integer('voice_limit_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('embed_configs_clone_idx').on(t.cloneId),
    unique('embed_configs_clone_key_unique').on(t.cloneId, t.key),
  ],
)

/**
 * A visitor who gave their contact to a clone (contact capture in an embed, or a text opt-in): one row
 * per user and clone. Name, e-mail, phone and opt-ins are read from the user and text_opt_ins; first and
 * last conversation from conversations.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    embedConfigId: uuid('embed_config_id').references(() => embedConfigs.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('leads_clone_user_unique').on(t.cloneId, t.userId), index('leads_clone_idx').on(t.cloneId)],
)

/** spec 1 §7 'Opt-in get / update': whether a user lets a clone text them, and on which medium. */
export const textOptIns = pgTable(
  'text_opt_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    medium: text('medium').$type<TextMedium>(),
    optIn: boolean('opt_in').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('text_opt_ins_user_clone_unique').on(t.userId, t.cloneId),
    index('text_opt_ins_clone_idx').on(t.cloneId),
  ],
)

/**
 * Telegram chats the bot knows: a bot may only write to someone who started it, so the chat id is learned
 * from the webhook (a /start with the greeting's token, or any message) and kept per username.
 */
export const telegramChats = pgTable('telegram_chats', {
  chatId: text('chat_id').primaryKey(),
  /** Lower-case, without '@'. */
  username: text('username').unique(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * A greeting waiting for its Telegram chat: the confirmation's link carries the token as `?start=`, and the
 * bot's webhook, seeing '/start {token}', binds the chat to the user and sends the greeting.
 */
export const telegramStarts = pgTable('telegram_starts', {
  token: text('token').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  cloneId: uuid('clone_id')
    .notNull()
    .references(() => clones.id, { onDelete: 'cascade' }),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
})
