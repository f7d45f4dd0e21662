import { and, asc, desc, eq, isNull, or, type SQL } from 'drizzle-orm'
import type { CloneCard, CloneProfile, Instance, Membership } from '../../contract'
import { documentsVersionOf } from '../brain/knowledge-index'
import type { Db } from '../db/client'
import { cloneOrgs, clones, instances, memberships, orgs, suggestedQuestions } from '../db/schema'
import { notFound } from '../errors'

export type CloneRow = typeof clones.$inferSelect
export type InstanceRow = typeof instances.$inferSelect

const toCard = (c: CloneRow): CloneCard => ({
  id: c.id,
  slug: c.slug,
  name: c.name,
  headline: c.headline,
  imageUrl: c.imageUrl,
  verified: c.verified,
  allowVoice: c.allowVoice,
  allowVideo: c.allowVideo,
})

const toInstance = (i: InstanceRow): Instance => ({
  id: i.id,
  slug: i.slug,
  name: i.name,
  imageUrl: i.imageUrl,
})

/** The directory: public clones, verified first, then by name. */
export async function listPublicClones(db: Db): Promise<CloneCard[]> {
  const rows = await db
    .select()
    .from(clones)
    .where(eq(clones.public, true))
    .orderBy(desc(clones.verified), asc(clones.name))
  return rows.map(toCard)
}

export async function findCloneBySlug(db: Db, slug: string): Promise<CloneRow | undefined> {
  const [row] = await db.select().from(clones).where(eq(clones.slug, slug)).limit(1)
  return row
}

/** The clone named by slug, or 404. */
export async function requireClone(db: Db, slug: string): Promise<CloneRow> {
  const clone = await findCloneBySlug(db, slug)
  if (!clone) throw notFound('Clone not found')
  return clone
}

/**
 * The clone named by slug with its documents version, in one round trip (a stream's time to first
 * token), or 404.
 */
export async function requireCloneForChat(
  db: Db,
  slug: string,
): Promise<{ clone: CloneRow; documentsVersion: string }> {
  const row = await findCloneForChat(db, slug)
  if (!row) throw notFound('Clone not found')
  return row
}

export const findCloneForChat = (db: Db, slug: string) => cloneForChatWhere(db, eq(clones.slug, slug))

async function cloneForChatWhere(db: Db, where: SQL) {
  const [row] = await db
    .select({ clone: clones, documentsVersion: documentsVersionOf(clones.id) })
    .from(clones)
    .where(where)
    .limit(1)
  return row
}

/** The clone a record names by id (a call), or 404: it was deleted since. */
export async function requireCloneById(db: Db, id: string): Promise<CloneRow> {
  const [row] = await db.select().from(clones).where(eq(clones.id, id)).limit(1)
  if (!row) throw notFound('Clone not found')
  return row
}

/** The same, with its documents version (a call's turn asks the brain). */
export async function requireCloneForChatById(
  db: Db,
  id: string,
): Promise<{ clone: CloneRow; documentsVersion: string }> {
  const row = await cloneForChatWhere(db, eq(clones.id, id))
  if (!row) throw notFound('Clone not found')
  return row
}

export async function findInstance(db: Db, cloneId: string, slug: string): Promise<InstanceRow | undefined> {
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.cloneId, cloneId), eq(instances.slug, slug)))
    .limit(1)
  return row
}

/** The instance of a clone named by slug, or 404. */
export async function requireInstance(db: Db, cloneId: string, slug: string): Promise<InstanceRow> {
  const instance = await findInstance(db, cloneId, slug)
  if (!instance) throw notFound('Instance not found')
  return instance
}

/** The instance of a clone named by id, or 404 (an instance of another clone counts as missing). */
export async function requireInstanceById(db: Db, cloneId: string, instanceId: string): Promise<InstanceRow> {
  const [row] = await db
    .select()
    .from(instances)
    .where(and(eq(instances.id, instanceId), eq(instances.cloneId, cloneId)))
    .limit(1)
  if (!row) throw notFound('Instance not found')
  return row
}

/**
 * The profile of a clone, optionally as seen through one of its instances. Memberships are the
 * active ones of the whole clone, plus those of the instance when one is given.
 */
export async function loadCloneProfile(
  db: Db,
  clone: CloneRow,
  instance: InstanceRow | null,
): Promise<CloneProfile> {
  const [orgRows, questionRows, membershipRows] = await Promise.all([
    db
      .select({ id: orgs.id, name: orgs.name, iconUrl: orgs.iconUrl })
      .from(cloneOrgs)
      .innerJoin(orgs, eq(orgs.id, cloneOrgs.orgId))
      .where(eq(cloneOrgs.cloneId, clone.id))
      .orderBy(asc(cloneOrgs.position), asc(orgs.name)),
    db
      .select({ id: suggestedQuestions.id, question: suggestedQuestions.question })
      .from(suggestedQuestions)
      .where(eq(suggestedQuestions.cloneId, clone.id))
      .orderBy(asc(suggestedQuestions.position), asc(suggestedQuestions.id)),
    db
      .select()
      .from(memberships)
      .where(
        and(
          eq(memberships.cloneId, clone.id),
          eq(memberships.active, true),
          instance
            ? or(isNull(memberships.instanceId), eq(memberships.instanceId, instance.id))
            : isNull(memberships.instanceId),
        ),
      )
      .orderBy(asc(memberships.position), asc(memberships.id)),
  ])

  return {
    ...toCard(clone),
    description: clone.description,
    language: clone.language,
    languages: clone.languages,
    voiceId: clone.voiceId,
    orgs: orgRows,
    public: clone.public,
    socials: clone.socials,
    phoneNumber: clone.phoneNumber,
    telegramUsername: clone.telegramUsername,
    phoneSmsEnabled: clone.phoneSmsEnabled,
    phoneWhatsAppEnabled: clone.phoneWhatsAppEnabled,
    telegramEnabled: clone.telegramEnabled,
    viewSources: clone.viewSources,
    toneFeedback: clone.toneFeedback,
    tier: clone.tier,
    status: clone.status,
    createdAt: clone.createdAt.toISOString(),
    options: clone.options,
    suggestedQuestions: questionRows,
    memberships: membershipRows.map(toMembership),
    instance: instance ? toInstance(instance) : null,
    upsellTitle: clone.upsellTitle,
    faceMarks: clone.faceMarks ?? null,
  }
}

export const toMembership = (m: typeof memberships.$inferSelect): Membership => ({
  id: m.id,
  name: m.name,
  active: m.active,
  basePrice: m.basePrice,
  annualPrice: m.annualPrice,
  smsEnabled: m.smsEnabled,
  voiceEnabled: m.voiceEnabled,
  videoEnabled: m.videoEnabled,
  telegramEnabled: m.telegramEnabled,
  customDescription: m.customDescription,
  includedMinutesPerMonth: m.includedMinutesPerMonth,
  includedMessagesPerMonth: m.includedMessagesPerMonth,
  includedVideoMinutesPerMonth: m.includedVideoMinutesPerMonth,
  instanceId: m.instanceId,
})
