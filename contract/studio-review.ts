import { z } from 'zod/mini'
import { ConversationMedium, MessageSender, MessageStatus } from './chat'
import { CitationType } from './knowledge'

/*
 * The creator studio's conversation review and analytics (issue #16 'Run it'), for the clone's CREATOR and
 * CONTRIBUTORs. Not exported from contract/index.ts: only the studio chunks and the server need it.
 *
 * Routes (CREATOR or CONTRIBUTOR, 404 for anyone else, 401 signed out):
 *   GET /api/studio/{slug}/conversations?cursor&medium   ReviewConversationPage, newest activity first
 *   GET /api/studio/{slug}/conversations/{id}            ReviewConversationDetail (read-only)
 *   GET /api/studio/{slug}/analytics                     CloneAnalytics, the last 12 UTC months
 * Revising an answer from the review is the chat's own POST /api/clone/training/revise (CREATOR only).
 */

export const REVIEW_PAGE_SIZE = 20

export const ReviewConversationsQuery = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  medium: z.optional(ConversationMedium),
})
export type ReviewConversationsQuery = z.infer<typeof ReviewConversationsQuery>

/** Who the clone talked with: a signed-in user's name and e-mail, or nothing for an anonymous visitor. */
export const ReviewVisitor = z.object({
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
})
export type ReviewVisitor = z.infer<typeof ReviewVisitor>

export const ReviewConversation = z.object({
  id: z.uuid(),
  title: z.string(),
  medium: ConversationMedium,
  /** null: an anonymous visitor. */
  visitor: z.nullable(ReviewVisitor),
  /** The visitor's messages and the clone's answers (announcement copies are not counted). */
  messageCount: z.int(),
  /** Archived by the visitor from their own history; still part of the clone's conversations. */
  archived: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
})
export type ReviewConversation = z.infer<typeof ReviewConversation>

export const ReviewConversationPage = z.object({
  conversations: z.array(ReviewConversation),
  nextCursor: z.nullable(z.string()),
})
export type ReviewConversationPage = z.infer<typeof ReviewConversationPage>

/**
 * A source of an answer as the review names it. As in the chat (spec 1 §5), a source is 'used' when the
 * answer's text carries its [n] marker; the others are 'relevant' and shown only when visible.
 */
export const ReviewCitation = z.object({
  index: z.int(),
  type: CitationType,
  title: z.string(),
  url: z.nullable(z.string()),
  visible: z.boolean(),
})
export type ReviewCitation = z.infer<typeof ReviewCitation>

export const ReviewMessage = z.object({
  id: z.uuid(),
  sender: MessageSender,
  text: z.string(),
  createdAt: z.string(),
  status: MessageStatus,
  /** Written from the studio (never revised). */
  fromStudio: z.boolean(),
  /** How many files the visitor attached. */
  attachments: z.int(),
  citations: z.array(ReviewCitation),
  /** A clone answer the creator revised: the improved answer in effect (the latest revision). */
  revision: z.nullable(z.object({ text: z.string(), createdAt: z.string() })),
})
export type ReviewMessage = z.infer<typeof ReviewMessage>

export const ReviewConversationDetail = z.extend(ReviewConversation, {
  messages: z.array(ReviewMessage),
})
export type ReviewConversationDetail = z.infer<typeof ReviewConversationDetail>

/** One UTC calendar month of a clone's activity. Money in USD cents, call time in seconds. */
export const AnalyticsMonth = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  conversations: z.int(),
  userMessages: z.int(),
  voiceCalls: z.int(),
  videoCalls: z.int(),
  voiceSeconds: z.int(),
  videoSeconds: z.int(),
  leads: z.int(),
  revenueCents: z.int(),
})
export type AnalyticsMonth = z.infer<typeof AnalyticsMonth>

export const AnalyticsTotals = z.omit(AnalyticsMonth, { month: true })
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>

export const CloneAnalytics = z.object({
  /** Oldest first, the current month last; months with nothing are present with zeros. */
  months: z.array(AnalyticsMonth),
  totals: AnalyticsTotals,
})
export type CloneAnalytics = z.infer<typeof CloneAnalytics>
