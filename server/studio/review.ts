import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { ConversationMedium } from '../../contract'
import type {
  ReviewConversation,
  ReviewConversationDetail,
  ReviewMessage,
} from '../../contract/studio-review'
import { decodeConversationCursor, keysetPage, olderThan } from '../chat/conversation-cursor'
import { citationSummariesOf } from '../chat/message-view'
import type { Db } from '../db/client'
import { cloneTraining, conversations, messages, users } from '../db/schema'
import { notFound } from '../errors'

/*
 * Conversation review (issue #16 'Run it'): every visitor's conversation with one clone, on every medium,
 * for its CREATOR and CONTRIBUTORs, read-only. Conversations a visitor archived are included and marked:
 * archiving only tidies the visitor's own history (spec 1 §4), nothing is deleted, and the answers in them
 * are the clone's answers the creator may want to revise. What the team sees is what the visitor told the
 * clone: the title, the messages, the visitor's name and e-mail when signed in, never their visitor cookie,
 * session, address or share link.
 */

/** Announcement copies (sender OWNER) are the team's own posts, not part of the conversation's count. */
const countedMessages = sql<number>`(select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id} and ${messages.sender} <> 'OWNER')`

/**
 * The cursor carries updated_at to the microsecond as Postgres keeps it (a JS Date would cut it to the
 * millisecond), so the page's order and its keyset compare the bare column, which an index on
 * (clone_id, updated_at, id) can serve.
 */
const updatedAtExact = sql<string>`to_char(${conversations.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

const reviewColumns = {
  id: conversations.id,
  title: conversations.title,
  medium: conversations.medium,
  hidden: conversations.hidden,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  userName: users.name,
  userEmail: users.email,
  messageCount: countedMessages,
  cursorAt: updatedAtExact,
}

type ReviewRow = {
  id: string
  title: string
  medium: ConversationMedium
  hidden: boolean
  createdAt: Date
  updatedAt: Date
  userName: string | null
  userEmail: string | null
  messageCount: number
  cursorAt: string
}

const toReviewConversation = (row: ReviewRow): ReviewConversation => ({
  id: row.id,
  title: row.title,
  medium: row.medium,
  visitor: row.userEmail === null ? null : { name: row.userName, email: row.userEmail },
  messageCount: Number(row.messageCount),
  archived: row.hidden,
  createdAt: row.createdAt.toISOString(),
  lastActivityAt: row.updatedAt.toISOString(),
})

/**
 * One page of the clone's conversations, the most recent activity first (a conversation's updated_at
 * moves with each message), keyset-paginated on (updated_at, id) so a page never repeats or skips one
 * while visitors keep talking.
 */
export async function listReviewConversations(
  db: Db,
  cloneId: string,
  { cursor, medium, limit }: { cursor?: string; medium?: ConversationMedium; limit: number },
): Promise<{ conversations: ReviewConversation[]; nextCursor: string | null }> {
  const after = cursor ? decodeConversationCursor(cursor) : null
  const rows = await db
    .select(reviewColumns)
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId))
    .where(
      and(
        eq(conversations.cloneId, cloneId),
        medium ? eq(conversations.medium, medium) : undefined,
        olderThan(after, conversations.updatedAt),
      ),
    )
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit + 1)
  const { page, nextCursor } = keysetPage(rows, limit, (row) => ({ updatedAt: row.cursorAt, id: row.id }))
  return { conversations: page.map(toReviewConversation), nextCursor }
}

/** One conversation of the clone with its messages, oldest first; another clone's (or none) is a 404. */
export async function reviewConversation(
  db: Db,
  cloneId: string,
  conversationId: string,
): Promise<ReviewConversationDetail> {
  const [row] = await db
    .select(reviewColumns)
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId))
    .where(and(eq(conversations.id, conversationId), eq(conversations.cloneId, cloneId)))
    .limit(1)
  if (!row) throw notFound('Conversation not found')

  const rows = await db
    .select({
      id: messages.id,
      sender: messages.sender,
      text: messages.text,
      createdAt: messages.createdAt,
      status: messages.status,
      fromStudio: messages.fromStudio,
      files: messages.files,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id))
  const answerIds = rows.filter((m) => m.sender === 'CLONE').map((m) => m.id)
  const citations = await citationSummariesOf(db, conversationId)
  const revisions =
    answerIds.length === 0
      ? []
      : await db
          .select({
            messageId: cloneTraining.messageId,
            text: cloneTraining.instruction,
            createdAt: cloneTraining.createdAt,
          })
          .from(cloneTraining)
          .where(
            and(
              eq(cloneTraining.cloneId, cloneId),
              eq(cloneTraining.kind, 'revision'),
              eq(cloneTraining.applied, true),
              inArray(cloneTraining.messageId, answerIds),
            ),
          )
          // Oldest first, so the map below keeps the latest revision of each answer.
          .orderBy(asc(cloneTraining.createdAt), asc(cloneTraining.id))
  const latestRevision = new Map(revisions.map((r) => [r.messageId, r]))
  // spec 1 §4: a citation with an empty title is hidden.
  const citationsOf = (messageId: string): ReviewMessage['citations'] =>
    (citations.get(messageId) ?? [])
      .filter((c) => c.title.trim() !== '')
      .map(({ index, type, title, url, visible }) => ({ index, type, title, url, visible }))

  const toMessage = (m: (typeof rows)[number]): ReviewMessage => {
    const revision = latestRevision.get(m.id)
    return {
      id: m.id,
      sender: m.sender,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
      status: m.status,
      fromStudio: m.fromStudio,
      attachments: m.files.length,
      citations: citationsOf(m.id),
      revision: revision ? { text: revision.text, createdAt: revision.createdAt.toISOString() } : null,
    }
  }
  return { ...toReviewConversation(row), messages: rows.map(toMessage) }
}
