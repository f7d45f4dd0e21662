import { and, eq } from 'drizzle-orm'
import type { UserRow } from '../auth/sessions'
import { hasActiveSubscription } from '../billing/subscription-store'
import type { Db } from '../db/client'
import {
  clones,
  conversations,
  leads,
  relationships,
  sessions,
  textOptIns,
  uploads,
  users,
} from '../db/schema'
import { conflict } from '../errors'
import type { UploadStore } from '../uploads/store'

/*
 * Deleting an account (issue #15 '/profile': 'conversations and uploads removed, shared links stop working,
 * a creator's clone is not deleted silently: refused with a clear message').
 */

// Issue #16: the clone's studio settings have its 'Delete clone' (there is no hand-over yet).
export const creatorRefusal = (cloneName: string) =>
  `You created ${cloneName}. Delete it in its studio settings (Studio › Settings › Delete clone) before deleting your account.`

export const ACTIVE_MEMBERSHIP_REFUSAL =
  'You have an active paid membership. Cancel it on the billing page and wait until it ends before deleting your account.'

/** Refuses (409) a creator of any clone, naming the clone, and a user with an active paid membership. */
export async function assertMayDeleteAccount(db: Db, userId: string): Promise<void> {
  const [created] = await db
    .select({ name: clones.name })
    .from(relationships)
    .innerJoin(clones, eq(clones.id, relationships.cloneId))
    .where(and(eq(relationships.userId, userId), eq(relationships.type, 'CREATOR')))
    .orderBy(clones.name)
    .limit(1)
  if (created) throw conflict(creatorRefusal(created.name))
  if (await hasActiveSubscription(db, userId)) throw conflict(ACTIVE_MEMBERSHIP_REFUSAL)
}

/**
 * Removes the user's conversations (their messages cascade, so share links answer 404), uploads, text
 * opt-ins, leads, sessions, relationships and the user row, in one transaction; then the stored files.
 * Files go only after the commit: a failed deletion never loses a file its rows still point to.
 */
export async function deleteAccount(db: Db, store: UploadStore, user: UserRow): Promise<void> {
  const owner = `user:${user.id}`
  await assertMayDeleteAccount(db, user.id)
  const files = await db.transaction(async (tx) => {
    // conversations.user_id is ON DELETE SET NULL: without this they would outlive the account.
    await tx.delete(conversations).where(eq(conversations.userId, user.id))
    const removed = await tx.delete(uploads).where(eq(uploads.owner, owner)).returning({
      id: uploads.id,
      fileKey: uploads.fileKey,
      storeUploadId: uploads.storeUploadId,
      status: uploads.status,
    })
    await tx.delete(textOptIns).where(eq(textOptIns.userId, user.id))
    await tx.delete(leads).where(eq(leads.userId, user.id))
    await tx.delete(sessions).where(eq(sessions.userId, user.id))
    await tx.delete(relationships).where(eq(relationships.userId, user.id))
    await tx.delete(users).where(eq(users.id, user.id))
    return removed
  })
  for (const file of files) {
    if (file.status === 'complete') await store.deleteFile(file.fileKey)
    else await store.deleteParts(file)
  }
}

/** Ends every session of the user, the caller's own included (issue #15 'sign-out everywhere'). */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
  return ended.length
}
