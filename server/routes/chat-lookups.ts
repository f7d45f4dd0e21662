import { and, eq } from 'drizzle-orm'
import { documentsVersionOf } from '../brain/knowledge-index'
import type { Db } from '../db/client'
import { clones, conversations, instances, messages } from '../db/schema'
import { notFound } from '../errors'

/** A clone by slug with its documents version, in one round trip (a stream's time to first token). */
export async function findCloneForChat(db: Db, slug: string) {
  const [row] = await db
    .select({ clone: clones, documentsVersion: documentsVersionOf(clones.id) })
    .from(clones)
    .where(eq(clones.slug, slug))
    .limit(1)
  return row
}

/** The instance of a clone named by id, or 404 (an instance of another clone counts as missing). */
export async function findCloneInstance(db: Db, cloneId: string, instanceId: string) {
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.cloneId, cloneId)))
    .limit(1)
  if (!row) throw notFound('Instance not found')
  return row
}

/** A message with the clone it belongs to (through its conversation). */
export async function findMessageWithClone(db: Db, messageId: string) {
  const [row] = await db
    .select({ message: messages, cloneId: clones.id, cloneSlug: clones.slug })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(clones, eq(clones.id, conversations.cloneId))
    .where(eq(messages.id, messageId))
    .limit(1)
  return row
}
