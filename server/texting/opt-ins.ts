import { and, desc, eq, sql } from 'drizzle-orm'
import type { OptIn, TextMedium } from '../../contract/embed'
import type { Db } from '../db/client'
import { clones, leads, textOptIns } from '../db/schema'

/** spec 1 §7 'Opt-in get / update': a user's consent for one clone to text them, and on which medium. */

export const NO_OPT_IN: OptIn = { optIn: false, medium: null, updatedAt: null }

type OptInRow = typeof textOptIns.$inferSelect
const toOptIn = (row: OptInRow): OptIn => ({
  optIn: row.optIn,
  medium: row.medium,
  updatedAt: row.updatedAt.toISOString(),
})

export async function optInOf(db: Db, userId: string, cloneId: string): Promise<OptIn> {
  const [row] = await db
    .select()
    .from(textOptIns)
    .where(and(eq(textOptIns.userId, userId), eq(textOptIns.cloneId, cloneId)))
    .limit(1)
  return row ? toOptIn(row) : NO_OPT_IN
}

/** Records the choice; a choice without a medium keeps the medium chosen before. */
export async function setOptIn(
  db: Db,
  userId: string,
  cloneId: string,
  optIn: boolean,
  medium: TextMedium | undefined,
): Promise<OptIn> {
  const now = new Date()
  const [row] = await db
    .insert(textOptIns)
    .values({ userId, cloneId, optIn, medium: medium ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [textOptIns.userId, textOptIns.cloneId],
      set: { optIn, updatedAt: now, ...(medium ? { medium } : {}) },
    })
    .returning()
  return toOptIn(row!)
}

/** The clone a user opted in to on this medium most recently: where their incoming texts go. */
export async function latestOptedInClone(db: Db, userId: string, medium: TextMedium) {
  const [row] = await db
    .select({ clone: clones })
    .from(textOptIns)
    .innerJoin(clones, eq(clones.id, textOptIns.cloneId))
    .where(and(eq(textOptIns.userId, userId), eq(textOptIns.medium, medium), eq(textOptIns.optIn, true)))
    .orderBy(desc(textOptIns.updatedAt))
    .limit(1)
  return row?.clone
}

/** A text opt-in makes the user a lead of the clone (the creator's leads page), once. */
export async function ensureLead(db: Db, cloneId: string, userId: string): Promise<void> {
  await db
    .insert(leads)
    .values({ cloneId, userId })
    .onConflictDoUpdate({ target: [leads.cloneId, leads.userId], set: { updatedAt: sql`now()` } })
}
