import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'
import { clones, users } from './core-schema'

/**
 * A contributor invitation (issue #16 'Run it'): the creator names an e-mail; the invitee follows the mailed
 * link, signs in with that address and becomes a CONTRIBUTOR. The token is stored only as a hash, like
 * sign-in codes; one open invitation per clone and address (inviting again renews it).
 */
export const cloneInvites = pgTable(
  'clone_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    /** Lower-case. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('clone_invites_clone_email_unique').on(t.cloneId, t.email),
    index('clone_invites_clone_idx').on(t.cloneId),
  ],
)
