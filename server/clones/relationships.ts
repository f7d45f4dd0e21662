import { and, eq } from 'drizzle-orm'
import type { Relationship } from '../../contract'
import type { Db } from '../db/client'
import { clones, type RelationshipType, relationships } from '../db/schema'
import { requireClone } from './queries'

/** A user's relationship with one clone (spec 1 §3 'Relationship'), or undefined when they have none. */
export async function findRelationship(db: Db, userId: string, cloneId: string) {
  const [row] = await db
    .select({ id: relationships.id, type: relationships.type })
    .from(relationships)
    .where(and(eq(relationships.userId, userId), eq(relationships.cloneId, cloneId)))
    .limit(1)
  return row
}

export async function relationshipOf(
  db: Db,
  userId: string,
  cloneId: string,
): Promise<RelationshipType | null> {
  return (await findRelationship(db, userId, cloneId))?.type ?? null
}

/** Creators and contributors of a clone use it without limits and cannot subscribe to it (spec 1 §6). */
export async function isCloneTeam(db: Db, userId: string, cloneId: string): Promise<boolean> {
  const type = await relationshipOf(db, userId, cloneId)
  return type === 'CREATOR' || type === 'CONTRIBUTOR'
}

/** Every relationship of a user, by clone slug. */
export async function relationshipsOf(db: Db, userId: string): Promise<Relationship[]> {
  return db
    .select({ id: relationships.id, cloneSlug: clones.slug, type: relationships.type })
    .from(relationships)
    .innerJoin(clones, eq(clones.id, relationships.cloneId))
    .where(eq(relationships.userId, userId))
    .orderBy(clones.slug)
}

/** The user becomes a CONSUMER of the clone unless they already have a relationship with it. */
export async function ensureRelationship(db: Db, userId: string, slug: string): Promise<Relationship> {
  const clone = await requireClone(db, slug)
  await db.insert(relationships).values({ userId, cloneId: clone.id, type: 'CONSUMER' }).onConflictDoNothing()
  const row = await findRelationship(db, userId, clone.id)
  if (!row) throw new Error('The relationship could not be stored')
  return { id: row.id, cloneSlug: clone.slug, type: row.type }
}
