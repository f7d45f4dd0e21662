import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema'
import { hashSessionToken, newSessionToken } from './tokens'

/** Sessions last 30 days; the last-seen time is refreshed at most hourly to keep reads cheap. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
const LAST_SEEN_RESOLUTION_MS = 60 * 60 * 1000

export type UserRow = typeof users.$inferSelect
export type SessionTransport = 'cookie' | 'bearer'

export async function createSession(db: Db, userId: string, transport: SessionTransport, now = new Date()) {
  const token = newSessionToken()
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
  await db.insert(sessions).values({ userId, tokenHash: hashSessionToken(token), transport, expiresAt })
  return { token, expiresAt }
}

/** The signed-in user behind a token, or null when it is unknown, expired, or its user is banned. */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ sessionId: string; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), gt(sessions.expiresAt, now)))
    .limit(1)
  if (!row || row.user.banned) return null
  if (now.getTime() - row.session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id))
  }
  return { sessionId: row.session.id, user: row.user }
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

export async function deleteExpiredSessions(db: Db, now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now))
}
