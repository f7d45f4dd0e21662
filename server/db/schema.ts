/**
 * The whole database schema, as drizzle-kit (drizzle.config.ts) and the server read it: the core tables
 * (clones, instances, knowledge, users, relationships, memberships) and each area's own file.
 */

// Accounts tables (sessions, sign-in codes, outbox, feedback, creator training) live in their own file.
export * from './accounts-schema'
// Billing tables (usage ledger, subscriptions, checkouts, webhook events) live in their own file.
export * from './billing-schema'
// Voice calls and their failure reports live in their own file.
export * from './calls-schema'
// Chat tables (conversations, messages, citations, affiliates) live in their own file.
export * from './chat-schema'
export * from './core-schema'
// Embed configurations, leads, text opt-ins and Telegram chats live in their own file.
export * from './embed-schema'
// Tracked events (spec 1 §7) live in their own file.
export * from './events-schema'
// What several servers share to work as one: periodic task leases, request-rate counters.
export * from './jobs-schema'
// The creator studio's contributor invitations (issue #16) live in their own file.
export * from './studio-schema'
// Chat attachments (uploads) live in their own file.
export * from './uploads-schema'
// Video calls and their failure reports live in their own file.
export * from './video-calls-schema'
