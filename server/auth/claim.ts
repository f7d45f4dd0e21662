import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { conversations } from '../db/schema'
import { notFound } from '../errors'

/**
 * spec 1 §4 'Sign-in dialog': after verification the visitor's current conversation becomes the user's,
 * with the visitor's other unowned conversations with that clone. Only conversations made under this
 * visitor's cookie and owned by nobody can be claimed; anything else is 'not found'.
 */
export async function claimConversations(
  db: Db,
  {
    userId,
    visitorId,
    conversationId,
    cloneId,
  }: {
    userId: string
    visitorId: string | null
    conversationId?: string
    cloneId?: string
  },
): Promise<number> {
  let targetClone = cloneId
  let claimed = 0
  if (conversationId) {
    const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId)).limit(1)
    const alreadyMine = row?.userId === userId
    const claimable = !!row && visitorId !== null && row.visitorId === visitorId && row.userId === null
    if (!row || (!alreadyMine && !claimable)) throw notFound('Conversation not found')
    targetClone ??= row.cloneId
  }
  if (!visitorId || !targetClone) return claimed
  const rows = await db
    .update(conversations)
    .set({ userId })
    .where(
      and(
        eq(conversations.visitorId, visitorId),
        eq(conversations.cloneId, targetClone),
        isNull(conversations.userId),
      ),
    )
    .returning({ id: conversations.id })
  claimed += rows.length
  return claimed
}
