import { type SQLWrapper, sql } from 'drizzle-orm'
import { conversations } from '../db/schema'
import { badRequest } from '../errors'

/*
 * The keyset cursor of a conversation list, newest activity first: the caller's history (spec 1 §4,
 * chat/history.ts) and the studio's conversation review (issue #16, studio/review.ts). It carries the last
 * row's updated_at as an ISO string and its id, as base64url JSON; each list says how precise updated_at is.
 */

export interface ConversationCursor {
  updatedAt: string
  id: string
}

export const encodeConversationCursor = ({ updatedAt, id }: ConversationCursor) =>
  Buffer.from(JSON.stringify([updatedAt, id])).toString('base64url')

/** The cursor a client sent back; anything else is a 400. */
export function decodeConversationCursor(cursor: string): ConversationCursor {
  try {
    const [updatedAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[]
    if (
      typeof updatedAt === 'string' &&
      !Number.isNaN(Date.parse(updatedAt)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { updatedAt, id }
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw badRequest('Invalid cursor')
}

/** The conversations after `cursor` in the order (updatedAt desc, id desc); none without a cursor. */
export function olderThan(cursor: ConversationCursor | null, updatedAt: SQLWrapper) {
  return cursor
    ? sql`(${updatedAt}, ${conversations.id}) < (${cursor.updatedAt}::timestamptz, ${cursor.id}::uuid)`
    : undefined
}

/** A page read with limit + 1 rows: the first `limit`, and the cursor after the last when there are more. */
export function keysetPage<Row>(
  rows: Row[],
  limit: number,
  cursorOf: (row: Row) => ConversationCursor,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return { page, nextCursor: rows.length > limit && last ? encodeConversationCursor(cursorOf(last)) : null }
}
