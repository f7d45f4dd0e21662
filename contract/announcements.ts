import { z } from 'zod/mini'
import { ChatMessage } from './chat'

/*
 * Creator announcements (spec 1 §2 'a creator announcement separator reading Sent by {clone name}'; issue #15):
 * the clone's CREATOR or a CONTRIBUTOR posts a message that is copied into its visitors' chats as an OWNER
 * message. Not exported from contract/index.ts: only the studio chunk, the chat's poll and the server need it.
 */

export const MAX_ANNOUNCEMENT_LENGTH = 2000

/** One announcement as the studio lists it: `deliveredCount` is how many chats got a copy when it was posted. */
export const Announcement = z.object({
  id: z.uuid(),
  text: z.string(),
  deliveredCount: z.int(),
  createdAt: z.string(),
})
export type Announcement = z.infer<typeof Announcement>

/** GET /api/studio/{slug}/announcements, newest first. */
export const AnnouncementList = z.object({ announcements: z.array(Announcement) })
export type AnnouncementList = z.infer<typeof AnnouncementList>

/** POST /api/studio/{slug}/announcements: the text, trimmed, 1 to 2000 characters. */
export const PostAnnouncement = z.object({
  text: z.string().check(z.trim(), z.minLength(1, 'write a message'), z.maxLength(MAX_ANNOUNCEMENT_LENGTH)),
})
export type PostAnnouncement = z.infer<typeof PostAnnouncement>

/**
 * GET /api/clone/talk/conversations/{id}/announcements[?after=iso]: the conversation's announcement copies
 * (sender OWNER), oldest first, so an open chat shows a new one without a reload.
 */
export const ConversationAnnouncements = z.object({ messages: z.array(ChatMessage) })
export type ConversationAnnouncements = z.infer<typeof ConversationAnnouncements>
