import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BillingBasis } from '../../contract/billing'
import { createdAt, updatedAt } from './columns'
// A deliberate import cycle like chat-schema.ts: the references are lazy callbacks.
import { clones, instances, memberships, users } from './core-schema'

/**
 * spec 1 §3 'Usage': the monthly ledger. One row per clone, scope, subject (`user:<id>` or `visitor:<id>`)
 * and UTC month; a new month starts a new row, which is the monthly reset. The scope is the instance the
 * quota belongs to (null: the whole clone), see billing/usage.ts `allowanceOf`.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    /** The scope of the counted quota: an instance, or null for the whole clone. */
    instanceId: uuid('instance_id').references(() => instances.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    messages: integer('messages').notNull().default(0),
    voiceSeconds: integer('voice_seconds').notNull().default(0),
    videoSeconds: integer('video_seconds').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('usage_counters_scope_subject_period_unique')
      .on(t.cloneId, t.instanceId, t.subject, t.periodStart)
      .nullsNotDistinct(),
  ],
)

/** Per-user billing settings: overage (spec 1 §6 'billing.is_overage_enabled') and the payment customer. */
export const billingAccounts = pgTable('billing_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  overageEnabled: boolean('overage_enabled').notNull().default(false),
  stripeCustomerId: text('stripe_customer_id'),
  createdAt: createdAt(),
})

export type SubscriptionStatus = 'active' | 'canceled'
/** The billing period, as the contract names it. */
export type SubscriptionBasis = BillingBasis
export type PaymentProviderKind = 'local' | 'stripe'

/** spec 1 §3 'Active subscription': at most one active subscription per user and clone. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'restrict' }),
    basis: text('basis').$type<SubscriptionBasis>().notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelReason: text('cancel_reason'),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    /**
     * When the provider made the newest event applied to this row (Stripe's event.created): its events arrive
     * in any order, and an older one must not undo a newer (server/billing/stripe-webhook.ts).
     */
    providerEventAt: timestamp('provider_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_active_per_user_clone')
      .on(t.userId, t.cloneId)
      .where(sql`${t.status} = 'active'`),
    index('subscriptions_user_idx').on(t.userId),
  ],
)

/** 'expired': never finished within its time (ours) or expired at the provider. */
export type CheckoutStatus = 'open' | 'completed' | 'canceled' | 'expired'

/** A checkout started by POST /api/subscriptions; completing it activates (or switches) the subscription. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A random bearer secret: the local checkout page's address. */
    clientSecret: text('client_secret').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cloneId: uuid('clone_id')
      .notNull()
      .references(() => clones.id, { onDelete: 'cascade' }),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    basis: text('basis').$type<SubscriptionBasis>().notNull(),
    /** Price in USD cents at the time of checkout. */
    amountCents: integer('amount_cents').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    provider: text('provider').$type<PaymentProviderKind>().notNull(),
    providerSessionId: text('provider_session_id').unique(),
    status: text('status').$type<CheckoutStatus>().notNull().default('open'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // The studio's analytics sum a clone's completed checkouts by month.
  (t) => [index('checkout_sessions_clone_created_idx').on(t.cloneId, t.createdAt)],
)

/** Webhook events already handled (idempotency on the provider's event id). */
export const processedEvents = pgTable('processed_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})
