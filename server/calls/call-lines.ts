import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { conversations, messages } from '../db/schema'

/**
 * One line said in a call, into its conversation's transcript (spec 2 §7 'Transcript update'): the local
 * call's first message, a Tavus or local avatar utterance. The conversation moves to the line's time unless
 * it is later already.
 */
export async function storeCallLine(
  db: Db,
  line: { conversationId: string; sender: 'USER' | 'CLONE'; text: string; at: Date },
): Promise<{ id: string }> {
  const [stored] = await db
    .insert(messages)
    .values({ conversationId: line.conversationId, sender: line.sender, text: line.text, createdAt: line.at })
    .returning({ id: messages.id })
  await db
    .update(conversations)
    .set({ updatedAt: sql`greatest(${conversations.updatedAt}, ${line.at.toISOString()}::timestamptz)` })
    .where(eq(conversations.id, line.conversationId))
  return stored!
}
