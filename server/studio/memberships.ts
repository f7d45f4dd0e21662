import { and, asc, count, eq, max, notExists, sql } from 'drizzle-orm'
import {
  MAX_MEMBERSHIPS,
  type MembershipInput,
  type MembershipPatch,
  NO_PRICE_MESSAGE,
  type StudioMembership,
  type StudioMonetization,
  type StudioMonetizationPatch,
} from '../../contract/studio-run'
import { type CloneRow, toMembership } from '../clones/queries'
import type { Db } from '../db/client'
import { clones, memberships, subscriptions } from '../db/schema'
import { badRequest, conflict, notFound } from '../errors'

/*
 * The clone's memberships and monetization as its creator runs them (issue #16 'Run it'). The paywall and
 * the profile read the same rows on every request (GET /api/clones/:slug, /monetization), so a change shows
 * at once; checkout (server/billing/subscriptions.ts) takes any active membership of the clone, seeded or not.
 */

export const IN_USE_MESSAGE =
  'People subscribe (or subscribed) to this membership, so it cannot be deleted. Deactivate it instead: current subscribers keep theirs.'

/** Every membership of the clone, in the paywall's order, with its subscribers. */
export async function listStudioMemberships(db: Db, cloneId: string): Promise<StudioMembership[]> {
  const rows = await db
    .select({
      membership: memberships,
      subscribers: sql<number>`count(*) filter (where ${subscriptions.status} = 'active')`.mapWith(Number),
      ever: count(subscriptions.id),
    })
    .from(memberships)
    .leftJoin(subscriptions, eq(subscriptions.membershipId, memberships.id))
    .where(eq(memberships.cloneId, cloneId))
    .groupBy(memberships.id)
    .orderBy(asc(memberships.position), asc(memberships.id))
  return rows.map((r) => ({
    ...toMembership(r.membership),
    subscribers: r.subscribers,
    deletable: r.ever === 0,
  }))
}

async function requireStudioMembership(db: Db, cloneId: string, id: string): Promise<StudioMembership> {
  const found = (await listStudioMemberships(db, cloneId)).find((m) => m.id === id)
  if (!found) throw notFound('Membership not found')
  return found
}

const emptyToNull = (text: string | null | undefined) => (text ? text : null)

export async function createMembership(
  db: Db,
  cloneId: string,
  input: MembershipInput,
): Promise<StudioMembership> {
  const id = await db.transaction(async (tx) => {
    const [stats] = await tx
      .select({ n: count(), last: max(memberships.position) })
      .from(memberships)
      .where(eq(memberships.cloneId, cloneId))
    if ((stats?.n ?? 0) >= MAX_MEMBERSHIPS)
      throw badRequest(`A clone can have up to ${MAX_MEMBERSHIPS} memberships.`)
    const [row] = await tx
      .insert(memberships)
      .values({
        ...input,
        customDescription: emptyToNull(input.customDescription),
        cloneId,
        position: (stats?.last ?? -1) + 1,
      })
      .returning({ id: memberships.id })
    return row!.id
  })
  return requireStudioMembership(db, cloneId, id)
}

/** Changes what the patch names; the result must still offer a price (spec 1 §5 'Plan'). */
export async function updateMembership(
  db: Db,
  cloneId: string,
  id: string,
  patch: MembershipPatch,
): Promise<StudioMembership> {
  const current = await requireStudioMembership(db, cloneId, id)
  const basePrice = patch.basePrice === undefined ? current.basePrice : patch.basePrice
  const annualPrice = patch.annualPrice === undefined ? current.annualPrice : patch.annualPrice
  if (basePrice === null && annualPrice === null) throw badRequest(NO_PRICE_MESSAGE)
  const values = {
    ...patch,
    ...(patch.customDescription === undefined
      ? {}
      : { customDescription: emptyToNull(patch.customDescription) }),
  }
  if (Object.keys(values).length > 0) {
    await db
      .update(memberships)
      .set(values)
      .where(and(eq(memberships.id, id), eq(memberships.cloneId, cloneId)))
  }
  return requireStudioMembership(db, cloneId, id)
}

/**
 * Deletes a membership nobody ever subscribed to. One with subscriptions (active or past: they keep their
 * history) is refused with 409; the creator deactivates it instead. The check and the delete are one
 * statement, so a subscription started meanwhile is never orphaned.
 */
export async function deleteMembership(db: Db, cloneId: string, id: string): Promise<void> {
  await requireStudioMembership(db, cloneId, id)
  const deleted = await db
    .delete(memberships)
    .where(
      and(
        eq(memberships.id, id),
        eq(memberships.cloneId, cloneId),
        notExists(db.select({ one: sql`1` }).from(subscriptions).where(eq(subscriptions.membershipId, id))),
      ),
    )
    .returning({ id: memberships.id })
  if (deleted.length === 0) throw conflict(IN_USE_MESSAGE)
}

/** Puts the clone's memberships in the given order; the list must name each of them exactly once. */
export async function reorderMemberships(
  db: Db,
  cloneId: string,
  ids: readonly string[],
): Promise<StudioMembership[]> {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.cloneId, cloneId))
    const known = new Set(existing.map((m) => m.id))
    if (new Set(ids).size !== ids.length || ids.length !== known.size || !ids.every((id) => known.has(id)))
      throw badRequest('The order must list each of the clone’s memberships once.')
    for (const [position, id] of ids.entries()) {
      await tx
        .update(memberships)
        .set({ position })
        .where(and(eq(memberships.id, id), eq(memberships.cloneId, cloneId)))
    }
  })
  return listStudioMemberships(db, cloneId)
}

export const monetizationOf = (clone: CloneRow): StudioMonetization => ({
  anonymousQuota: clone.anonymousQuota,
  upsellTitle: clone.upsellTitle,
})

/** spec 1 §3 'Monetization' anonymous_quota and §9 the upsell title; a blank title means the generic one. */
export async function updateMonetization(
  db: Db,
  cloneId: string,
  patch: StudioMonetizationPatch,
): Promise<StudioMonetization> {
  const values = {
    ...(patch.anonymousQuota ? { anonymousQuota: patch.anonymousQuota } : {}),
    ...(patch.upsellTitle === undefined ? {} : { upsellTitle: emptyToNull(patch.upsellTitle) }),
  }
  const [row] =
    Object.keys(values).length > 0
      ? await db
          .update(clones)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(clones.id, cloneId))
          .returning()
      : await db.select().from(clones).where(eq(clones.id, cloneId))
  return monetizationOf(row!)
}
