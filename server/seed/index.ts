import { createHash } from 'node:crypto'
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm'
import { CHUNKER_VERSION, documentContentHash, documentText } from '../brain/chunk'
import { writeDocumentChunks } from '../brain/document-chunks'
import type { Db } from '../db/client'
import {
  blockedEmailDomains,
  cloneOrgs,
  documents,
  instances,
  memberships,
  orgs,
  serverSettings,
  suggestedQuestions,
  users,
} from '../db/schema'
import { DEFAULT_CLONE_OPTIONS, setCloneRole, writeClone } from '../studio/clones'
import { seedBlockedEmailDomains, seedClones, seedUsers } from './data'
import { upsertEmbeds } from './embeds'
import { seedId } from './ids'
import type { SeedClone, SeedUser } from './types'

export interface SeedData {
  clones: readonly SeedClone[]
  users: readonly SeedUser[]
  /** Mail domains refused at sign-in; none when left out. */
  blockedEmailDomains?: readonly string[]
}

/**
 * What a server seeds: the demo clones, their embeds and the blocked mail domains everywhere; the demo
 * accounts (staff included) only outside production, where nobody could sign in to them anyway but a
 * known address would be a staff account waiting for its first code (issue #27).
 */
export function seedDataFor(nodeEnv: 'development' | 'production' | 'test'): SeedData {
  return {
    clones: seedClones,
    users: nodeEnv === 'production' ? [] : seedUsers,
    blockedEmailDomains: seedBlockedEmailDomains,
  }
}

export interface SeedResult {
  clones: number
  users: number
  documents: number
  /** Documents whose content hash changed (or that are new) and were chunked again. */
  rechunkedDocuments: number
  /** Nothing was written: this data was seeded last, into this schema, by this version of the seed. */
  unchanged: boolean
}

export interface SeedOptions {
  /**
   * Skip every write when the database's seed fingerprint (server_settings) says this very data was seeded
   * last, into the same schema, by the same SEED_VERSION: the server starts this way, so an unchanged seed
   * costs one read instead of a hundred upserts.
   */
  onlyWhenChanged?: boolean
}

/**
 * Bump when the seed writes different rows from the same data (a new column it fills, a changed rule), so
 * databases seeded by the earlier code are seeded again on their next start. Changes to the data, the
 * clone option defaults, the chunker (CHUNKER_VERSION) and the schema (a new migration) count by themselves.
 */
export const SEED_VERSION = 1
const SEED_FINGERPRINT_KEY = 'seed_fingerprint'

// The clone option defaults live with the code that writes clone rows (studio/clones.ts); the fingerprint reads them.
export { DEFAULT_CLONE_OPTIONS }

/**
 * Writes the demo clones and users. Idempotent: ids derive from stable keys and every write is an
 * upsert, so running it on every start changes nothing unless the seed data changed. Seeded rows
 * that left the data are removed (questions, documents) or deactivated (memberships); rows made in
 * the product have no key and are never touched.
 */
export async function seed(
  db: Db,
  data: SeedData = { clones: seedClones, users: seedUsers, blockedEmailDomains: seedBlockedEmailDomains },
  options: SeedOptions = {},
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Several servers may start at once on one PostgreSQL: let one seed at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('likeness:seed'))`)
    const fingerprint = await seedFingerprint(tx, data)
    const counts = {
      clones: data.clones.length,
      users: data.users.length,
      documents: data.clones.reduce((n, c) => n + c.documents.length, 0),
    }
    if (options.onlyWhenChanged) {
      const [stored] = await tx
        .select({ value: serverSettings.value })
        .from(serverSettings)
        .where(eq(serverSettings.key, SEED_FINGERPRINT_KEY))
      if (stored?.value === fingerprint) return { ...counts, rechunkedDocuments: 0, unchanged: true }
    }
    let documentCount = 0
    let rechunked = 0
    for (const clone of data.clones) {
      const cloneId = await upsertClone(tx, clone)
      const result = await upsertDocuments(tx, cloneId, clone)
      await upsertEmbeds(tx, cloneId, clone)
      documentCount += clone.documents.length
      rechunked += result.rechunked
    }
    for (const user of data.users) await upsertUser(tx, user)
    if (data.blockedEmailDomains?.length) {
      await tx
        .insert(blockedEmailDomains)
        .values(data.blockedEmailDomains.map((domain) => ({ domain })))
        .onConflictDoNothing()
    }
    await tx
      .insert(serverSettings)
      .values({ key: SEED_FINGERPRINT_KEY, value: fingerprint })
      .onConflictDoUpdate({ target: serverSettings.key, set: { value: fingerprint } })
    return { ...counts, documents: documentCount, rechunkedDocuments: rechunked, unchanged: false }
  })
}

/** A hash of everything that decides what the seed writes: its data, its version and the schema it writes to. */
async function seedFingerprint(db: Db, data: SeedData): Promise<string> {
  // The newest migration applied (drizzle's own table; migrateDatabase runs before any seed).
  const [latest] = await db
    .select({ hash: sql<string>`hash` })
    .from(sql`drizzle.__drizzle_migrations`)
    .orderBy(sql`created_at desc, id desc`)
    .limit(1)
  const schema = latest?.hash ?? null
  return createHash('sha256')
    .update(
      JSON.stringify({
        v: SEED_VERSION,
        chunker: CHUNKER_VERSION,
        defaults: DEFAULT_CLONE_OPTIONS,
        schema,
        data,
      }),
    )
    .digest('hex')
}

export const cloneIdOf = (cloneKey: string) => seedId('clone', cloneKey)
export { embedConfigIdOf } from './embeds'

/** The seed clone's row, through the studio's own clone writer (one code path for demo and real clones). */
async function upsertClone(db: Db, clone: SeedClone): Promise<string> {
  const id = cloneIdOf(clone.key)
  await writeClone(db, {
    id,
    optionsId: seedId('clone-options', clone.key),
    upsert: true,
    values: {
      key: clone.key,
      slug: clone.slug,
      name: clone.name,
      headline: clone.headline,
      description: clone.description,
      imageUrl: clone.imageUrl,
      verified: clone.verified,
      public: clone.public,
      language: clone.language,
      languages: clone.languages,
      voiceId: clone.voiceId,
      allowVoice: clone.allowVoice,
      allowVideo: clone.allowVideo,
      phoneNumber: clone.phoneNumber,
      telegramUsername: clone.telegramUsername,
      phoneSmsEnabled: clone.phoneSmsEnabled,
      phoneWhatsAppEnabled: clone.phoneWhatsAppEnabled,
      telegramEnabled: clone.telegramEnabled,
      viewSources: clone.viewSources,
      toneFeedback: clone.toneFeedback,
      tier: clone.tier,
      options: clone.options,
      socials: clone.socials,
      anonymousQuota: clone.anonymousQuota,
      upsellTitle: clone.upsellTitle,
    },
  })

  for (const [position, org] of clone.orgs.entries()) {
    const orgId = seedId('org', org.key)
    const orgValues = { key: org.key, name: org.name, iconUrl: org.iconUrl }
    await db
      .insert(orgs)
      .values({ id: orgId, ...orgValues })
      .onConflictDoUpdate({ target: orgs.id, set: orgValues })
    await db
      .insert(cloneOrgs)
      .values({ cloneId: id, orgId, position })
      .onConflictDoUpdate({ target: [cloneOrgs.cloneId, cloneOrgs.orgId], set: { position } })
  }

  const questionKeys: string[] = []
  for (const [position, question] of clone.suggestedQuestions.entries()) {
    const key = `q${position}`
    questionKeys.push(key)
    await db
      .insert(suggestedQuestions)
      .values({
        id: seedId('suggested-question', `${clone.key}:${key}`),
        cloneId: id,
        key,
        question,
        position,
      })
      .onConflictDoUpdate({ target: suggestedQuestions.id, set: { question, position } })
  }
  await db
    .delete(suggestedQuestions)
    .where(and(eq(suggestedQuestions.cloneId, id), staleKeys(suggestedQuestions.key, questionKeys)))

  for (const instance of clone.instances) {
    const values = {
      key: instance.key,
      slug: instance.slug,
      name: instance.name,
      imageUrl: instance.imageUrl,
    }
    await db
      .insert(instances)
      .values({ id: seedId('instance', `${clone.key}:${instance.key}`), cloneId: id, ...values })
      .onConflictDoUpdate({ target: instances.id, set: values })
  }

  for (const [position, m] of clone.memberships.entries()) {
    const values = {
      key: m.key,
      name: m.name,
      active: true,
      basePrice: m.basePrice,
      annualPrice: m.annualPrice,
      smsEnabled: m.smsEnabled,
      voiceEnabled: m.voiceEnabled,
      videoEnabled: m.videoEnabled,
      telegramEnabled: m.telegramEnabled,
      customDescription: m.customDescription,
      includedMessagesPerMonth: m.includedMessagesPerMonth,
      includedMinutesPerMonth: m.includedMinutesPerMonth,
      includedVideoMinutesPerMonth: m.includedVideoMinutesPerMonth,
      position,
    }
    await db
      .insert(memberships)
      .values({ id: seedId('membership', `${clone.key}:${m.key}`), cloneId: id, ...values })
      .onConflictDoUpdate({ target: memberships.id, set: values })
  }
  // Subscriptions may point at a membership that left the seed data: deactivate, never delete.
  await db
    .update(memberships)
    .set({ active: false })
    .where(
      and(
        eq(memberships.cloneId, id),
        staleKeys(
          memberships.key,
          clone.memberships.map((m) => m.key),
        ),
      ),
    )
  return id
}

/** Keyed (seeded) rows whose key is not in `keys`. */
function staleKeys(column: typeof suggestedQuestions.key | typeof memberships.key, keys: string[]) {
  return keys.length > 0 ? and(isNotNull(column), notInArray(column, keys)) : isNotNull(column)
}

async function upsertDocuments(db: Db, cloneId: string, clone: SeedClone): Promise<{ rechunked: number }> {
  const existing = await db.select().from(documents).where(eq(documents.cloneId, cloneId))
  const stored = new Map(existing.map((d) => [d.id, d]))

  let rechunked = 0
  for (const doc of clone.documents) {
    const id = seedId('document', `${clone.key}:${doc.key}`)
    const contentHash = documentContentHash(doc)
    const before = stored.get(id)
    const changed = before?.contentHash !== contentHash
    const values = {
      key: doc.key,
      type: doc.type,
      title: doc.title,
      url: doc.url,
      tweetId: doc.tweetId ?? null,
      publishedAt: new Date(doc.publishedAt),
      text: documentText(doc),
      segments: doc.segments?.length ? doc.segments : null,
      product: doc.product ?? null,
      contentHash,
      // Seeded sources are read already: written 'ready' with their chunks, in the seed's transaction.
      state: 'ready' as const,
      error: null,
    }
    // updated_at is the clone brain's signal to rebuild its index (brain/knowledge-index.ts): bump it
    // for any change the index or a citation shows (title, type, links, product), never otherwise.
    const edited = changed || !before || !sameDocumentFields(before, values)
    await db
      .insert(documents)
      .values({ id, cloneId, ...values })
      .onConflictDoUpdate({
        target: documents.id,
        set: edited ? { ...values, updatedAt: new Date() } : values,
      })
    if (!changed) continue

    rechunked++
    // The studio's sources are chunked by the same function (issue #16: one indexing path).
    await writeDocumentChunks(db, {
      documentId: id,
      cloneId,
      doc,
      chunkIdOf: (index) => seedId('chunk', `${id}:${contentHash}:${index}`),
    })
  }

  // A source removed from the seed data must stop being retrieved; product-made documents have no key.
  const keys = clone.documents.map((d) => d.key)
  const stale = and(
    eq(documents.cloneId, cloneId),
    isNotNull(documents.key),
    keys.length > 0 ? notInArray(documents.key, keys) : undefined,
  )
  await db.delete(documents).where(stale)
  return { rechunked }
}

type DocumentRow = typeof documents.$inferSelect

function sameDocumentFields(
  row: DocumentRow,
  values: Pick<DocumentRow, 'key' | 'type' | 'title' | 'url' | 'tweetId' | 'publishedAt' | 'product'>,
): boolean {
  return (
    row.key === values.key &&
    row.type === values.type &&
    row.title === values.title &&
    row.url === values.url &&
    row.tweetId === values.tweetId &&
    row.publishedAt?.getTime() === values.publishedAt?.getTime() &&
    canonicalJson(row.product) === canonicalJson(values.product)
  )
}

/** JSON with sorted keys: jsonb does not keep key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  )
}

async function upsertUser(db: Db, user: SeedUser): Promise<void> {
  const email = user.email.trim().toLowerCase()
  const values = { key: user.key, name: user.name, staff: user.staff, banned: user.banned ?? false }
  // The email is the identity: a person who signed up before being seeded keeps their row.
  const [row] = await db
    .insert(users)
    .values({ id: seedId('user', user.key), email, ...values })
    .onConflictDoUpdate({ target: users.email, set: values })
    .returning({ id: users.id })
  const userId = row!.id
  for (const r of user.relationships) {
    await setCloneRole(db, {
      id: seedId('relationship', `${user.key}:${r.cloneKey}`),
      userId,
      cloneId: cloneIdOf(r.cloneKey),
      type: r.type,
    })
  }
}
