import { z } from 'zod/mini'

/*
 * Tracked events (spec 1 §7 'Tracked events: CLICK_SOURCE, CLICK_AFFILIATE_PRODUCT, VIDEO_CALL_VIEW_TRANSCRIPT,
 * VIDEO_CALL_SHARE'; issue #15): stored per clone, counted for its creator. Not exported from
 * contract/index.ts: only the chunks that send or show them need it.
 */

export const TRACKED_EVENT_TYPES = [
  'CLICK_SOURCE',
  'CLICK_AFFILIATE_PRODUCT',
  'VIDEO_CALL_VIEW_TRANSCRIPT',
  'VIDEO_CALL_SHARE',
] as const
export const TrackedEventType = z.enum(TRACKED_EVENT_TYPES)
export type TrackedEventType = z.infer<typeof TrackedEventType>

/** POST /api/events: anyone may send one; the message or conversation, when given, must be the clone's. */
export const TrackedEventRequest = z.object({
  type: TrackedEventType,
  slug: z.string().check(z.minLength(1), z.maxLength(100)),
  messageId: z.optional(z.uuid()),
  conversationId: z.optional(z.uuid()),
})
export type TrackedEventRequest = z.input<typeof TrackedEventRequest>

export const TrackedEventCount = z.object({
  type: TrackedEventType,
  /** Since the start of this calendar month (UTC). */
  thisMonth: z.int(),
  allTime: z.int(),
})
export type TrackedEventCount = z.infer<typeof TrackedEventCount>

/** GET /api/studio/{slug}/events: one count per type, in TRACKED_EVENT_TYPES order. */
export const TrackedEventCounts = z.object({ counts: z.array(TrackedEventCount) })
export type TrackedEventCounts = z.infer<typeof TrackedEventCounts>
