import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { ConversationListItem } from '../../contract'
import type { Owner } from '../auth/visitor'
import type { Db } from '../db/client'
import { conversations, messages } from '../db/schema'
import { decodeConversationCursor, keysetPage, olderThan } from './conversation-cursor'
import { isOwner } from './conversation-store'
import { type ConversationRow, toConversation } from './message-view'
import { sharedConversationUrl } from './sharing'

/*
 * History (spec 1 §2 'History', §4 'Conversations'): the caller's conversations with one clone, newest
 * activity first, archived ones left out; renaming, archiving and saving messages, each for the owner only.
 */

/** Where a conversation lives, for its share link: the clone's slug and, when it has one, the instance's. */
export interface ConversationPlace {
  publicUrl: string
  slug: string
  instanceSlug: string | null
}

export function toListItem(row: ConversationRow, place: ConversationPlace): ConversationListItem {
  return {
    ...toConversation(row),
    // Only owners ever see their list, so whoever sees a shared entry here shared it (spec 1 §6).
    isSharer: row.shareId !== null,
    shareUrl: row.shareId
      ? sharedConversationUrl(place.publicUrl, place.slug, place.instanceSlug, row.shareId, row.medium)
      : null,
  }
}

/** Timestamps compared at the millisecond, as they travel in the cursor (Postgres keeps microseconds). */
const updatedAtMs = sql`date_trunc('milliseconds', ${conversations.updatedAt})`

/** The conversations a caller owns: their user's, and their visitor cookie's that no user has claimed. */
function ownedBy(owner: Owner): SQL | undefined {
  const byUser = owner.userId ? eq(conversations.userId, owner.userId) : undefined
  const byVisitor = owner.visitorId
    ? and(isNull(conversations.userId), eq(conversations.visitorId, owner.visitorId))
    : undefined
  return or(byUser, byVisitor)
}

export interface HistoryPageRequest {
  cloneId: string
  /** null lists the clone's own conversations, an id those of that instance. */
  instanceId: string | null
  owner: Owner
  cursor?: string
  limit: number
}

/** One page of history, newest-updated first (ties broken by id), keyset-paginated. */
export async function listConversationHistory(
  db: Db,
  { cloneId, instanceId, owner, cursor, limit }: HistoryPageRequest,
): Promise<{ rows: ConversationRow[]; nextCursor: string | null }> {
  const owned = ownedBy(owner)
  if (!owned) return { rows: [], nextCursor: null }
  const after = cursor ? decodeConversationCursor(cursor) : null
  const rows = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.cloneId, cloneId),
        instanceId ? eq(conversations.instanceId, instanceId) : isNull(conversations.instanceId),
        eq(conversations.hidden, false),
        owned,
        olderThan(after, updatedAtMs),
      ),
    )
    .orderBy(desc(updatedAtMs), desc(conversations.id))
    .limit(limit + 1)
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({
    updatedAt: row.updatedAt.toISOString(),
    id: row.id,
  }))
  return { rows: page, nextCursor }
}

export interface ConversationChange {
  title?: string
  hidden?: boolean
  updatedAt?: string
}

/** Rename and/or archive (spec 1 §7 updateConversationTitle). A given updatedAt never lies in the future. */
export async function updateConversation(
  db: Db,
  id: string,
  change: ConversationChange,
  now = new Date(),
): Promise<ConversationRow> {
  const updatedAt = change.updatedAt
    ? new Date(Math.min(Date.parse(change.updatedAt), now.getTime()))
    : undefined
  const [row] = await db
    .update(conversations)
    .set({
      ...(change.title !== undefined ? { title: change.title } : {}),
      ...(change.hidden !== undefined ? { hidden: change.hidden } : {}),
      ...(updatedAt ? { updatedAt } : {}),
    })
    .where(eq(conversations.id, id))
    .returning()
  return row!
}

/** spec 1 §4 'Message save toggles saved/unsaved': only in a conversation the caller owns, else undefined. */
export async function setMessageSaved(
  db: Db,
  messageId: string,
  owner: Owner,
  saved: boolean,
): Promise<{ id: string; saved: boolean } | undefined> {
  const [found] = await db
    .select({ id: messages.id, userId: conversations.userId, visitorId: conversations.visitorId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId))
    .limit(1)
  if (!found || !isOwner(found, owner)) return undefined
  const [row] = await db
    .update(messages)
    .set({ saved })
    .where(eq(messages.id, messageId))
    .returning({ id: messages.id, saved: messages.saved })
  return row
}
