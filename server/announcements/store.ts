import { and, count, desc, eq, gt, gte, sql } from 'drizzle-orm'
import type { Announcement } from '../../contract/announcements'
import type { ChatMessage, ConversationMedium } from '../../contract/chat'
import { toChatMessage } from '../chat/message-view'
import type { Db } from '../db/client'
import { announcements, messages } from '../db/schema'

/*
 * Creator announcements (spec 1 §2; issue #15). A post is copied, as an OWNER message (fromStudio, complete),
 * into each visitor's most recent text chat with the clone: one per signed-in user and one per anonymous
 * visitor cookie, web or embed only (a text message, WhatsApp or a call is not a chat the visitor reads here),
 * touched in the last DELIVERY_WINDOW_DAYS and not archived. The copies are never counted against a quota:
 * usage counts answers (server/billing/usage.ts), and the model's history takes USER and CLONE turns only
 * (recentTurns in server/chat/conversation-store.ts), so an announcement is neither billed nor fed to the model.
 */

/** A chat older than this is left alone: its visitor has moved on. */
export const DELIVERY_WINDOW_DAYS = 90
/** Posts per clone per hour: visitors' chats are not a mailing list. */
export const ANNOUNCEMENTS_PER_HOUR = 10

const DAY_MS = 86_400_000
/** The chats a visitor reads here: not a text message, WhatsApp or a call. */
const CHAT_MEDIA: readonly ConversationMedium[] = ['WEB', 'EMBED']

const toAnnouncement = (row: typeof announcements.$inferSelect): Announcement => ({
  id: row.id,
  text: row.text,
  deliveredCount: row.deliveredCount,
  createdAt: row.createdAt.toISOString(),
})

export async function listAnnouncements(db: Db, cloneId: string): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.cloneId, cloneId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
  return rows.map(toAnnouncement)
}

/** How many announcements the clone posted in the hour before `now` (the per-clone limit). */
export async function postedInLastHour(db: Db, cloneId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(announcements)
    .where(
      and(
        eq(announcements.cloneId, cloneId),
        gte(announcements.createdAt, new Date(now.getTime() - 3_600_000)),
      ),
    )
  return row?.n ?? 0
}

/**
 * Stores the announcement and delivers it in one transaction, with one set-based statement: the visitors'
 * latest chats (DISTINCT ON the owner), a copy in each, their updatedAt bumped so history puts them first,
 * and the count of copies on the announcement.
 */
export function postAnnouncement(
  db: Db,
  post: { cloneId: string; authorId: string; text: string; now?: Date },
): Promise<Announcement> {
  const now = post.now ?? new Date()
  const since = new Date(now.getTime() - DELIVERY_WINDOW_DAYS * DAY_MS)
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({ cloneId: post.cloneId, authorId: post.authorId, text: post.text, createdAt: now })
      .returning()
    const id = created!.id
    await tx.execute(sql`
      WITH targets AS (
        SELECT DISTINCT ON (owner_key) id FROM (
          SELECT id, updated_at,
            CASE WHEN user_id IS NOT NULL THEN 'u:' || user_id::text ELSE 'v:' || visitor_id END AS owner_key
          FROM conversations
          WHERE clone_id = ${post.cloneId}::uuid
            AND medium IN ('WEB', 'EMBED')
            AND hidden = false
            AND updated_at >= ${since.toISOString()}::timestamptz
            AND (user_id IS NOT NULL OR visitor_id IS NOT NULL)
        ) owned
        ORDER BY owner_key, updated_at DESC, id
      ),
      copies AS (
        INSERT INTO messages (conversation_id, sender, text, from_studio, status, announcement_id, created_at)
        SELECT id, 'OWNER', ${post.text}::text, true, 'complete', ${id}::uuid, ${now.toISOString()}::timestamptz
        FROM targets
        RETURNING conversation_id
      ),
      bumped AS (
        UPDATE conversations SET updated_at = ${now.toISOString()}::timestamptz
        WHERE id IN (SELECT conversation_id FROM copies)
        RETURNING id
      )
      UPDATE announcements SET delivered_count = (SELECT count(*) FROM copies)::int
      WHERE id = ${id}::uuid
    `)
    // Read back through the query builder: a raw statement's result differs between database drivers.
    const [delivered] = await tx.select().from(announcements).where(eq(announcements.id, id))
    return toAnnouncement(delivered!)
  })
}

/** A new chat opens with the latest announcement of this long ago at most. */
export const NEW_CHAT_WINDOW_DAYS = 30

/**
 * A visitor who starts a chat after a post sees it too: the clone's latest announcement of the last
 * NEW_CHAT_WINDOW_DAYS, copied into the new web or embed conversation just before its first question (one
 * indexed INSERT ... SELECT; nothing when there is none).
 */
export async function openWithLatestAnnouncement(
  db: Db,
  cloneId: string,
  begun: { conversationId: string; questionAt: Date },
  medium: ConversationMedium = 'WEB',
): Promise<void> {
  if (!CHAT_MEDIA.includes(medium)) return
  const at = new Date(begun.questionAt.getTime() - 1)
  const since = new Date(at.getTime() - NEW_CHAT_WINDOW_DAYS * DAY_MS)
  await db.execute(sql`
    INSERT INTO messages (conversation_id, sender, text, from_studio, status, announcement_id, created_at)
    SELECT ${begun.conversationId}::uuid, 'OWNER', text, true, 'complete', id, ${at.toISOString()}::timestamptz
    FROM announcements
    WHERE clone_id = ${cloneId}::uuid AND created_at >= ${since.toISOString()}::timestamptz
    ORDER BY created_at DESC
    LIMIT 1
  `)
}

/** Removes the clone's announcement and, through the foreign key's cascade, every copy of it. */
export async function deleteAnnouncement(db: Db, cloneId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.cloneId, cloneId)))
    .returning({ id: announcements.id })
  return removed.length > 0
}

/** A conversation's latest announcement copies (at most 50), oldest first, optionally only those after `after`. */
export async function conversationAnnouncements(
  db: Db,
  conversationId: string,
  after: Date | null,
): Promise<ChatMessage[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.sender, 'OWNER'),
        after ? gt(messages.createdAt, after) : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(50)
  return rows.reverse().map((row) => toChatMessage(row))
}
