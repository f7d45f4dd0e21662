import { and, asc, eq } from 'drizzle-orm'
import type { EmbedConfig, EmbedConfigInput, EmbedConfigPatch, PublicEmbedConfig } from '../../contract/embed'
import type { Db } from '../db/client'
import { clones, embedConfigs } from '../db/schema'
import { allowedOriginsOf, type OriginContext } from './origins'

/*
 * Embed configurations of a clone (spec 1 §1, §9; issue #14): the creator's CRUD (server/routes/embeds.ts),
 * the public read of the product inside the iframe, the /embed/** page (server/web/embed-page.ts) and the
 * seed all go through these functions.
 */

export type EmbedConfigRow = typeof embedConfigs.$inferSelect

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Ids come from addresses and headers: anything that is not a UUID names no configuration (never a 500). */
export const isUuid = (value: string) => UUID.test(value)

const unique = (values: readonly string[]) => [...new Set(values)]

/** A configuration with its clone's slug, or undefined for an unknown or malformed id. */
export async function findEmbedConfig(
  db: Db,
  id: string,
): Promise<{ config: EmbedConfigRow; cloneSlug: string } | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select({ config: embedConfigs, cloneSlug: clones.slug })
    .from(embedConfigs)
    .innerJoin(clones, eq(clones.id, embedConfigs.cloneId))
    .where(eq(embedConfigs.id, id))
    .limit(1)
  return row
}

/** A configuration of this clone, or undefined (another clone's counts as unknown). */
export async function findCloneEmbedConfig(
  db: Db,
  cloneId: string,
  id: string,
): Promise<EmbedConfigRow | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select()
    .from(embedConfigs)
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.cloneId, cloneId)))
    .limit(1)
  return row
}

/** Oldest first: seeded configurations, then the creator's in the order they were made. */
export function listEmbedConfigs(db: Db, cloneId: string): Promise<EmbedConfigRow[]> {
  return db
    .select()
    .from(embedConfigs)
    .where(eq(embedConfigs.cloneId, cloneId))
    .orderBy(asc(embedConfigs.createdAt), asc(embedConfigs.id))
}

export async function createEmbedConfig(
  db: Db,
  cloneId: string,
  input: EmbedConfigInput,
): Promise<EmbedConfigRow> {
  const [row] = await db
    .insert(embedConfigs)
    .values({ cloneId, ...input, allowedOrigins: unique(input.allowedOrigins) })
    .returning()
  return row!
}

/** Changes the fields the patch names; undefined when the configuration is not this clone's. */
export async function updateEmbedConfig(
  db: Db,
  cloneId: string,
  id: string,
  patch: EmbedConfigPatch,
): Promise<EmbedConfigRow | undefined> {
  if (!isUuid(id)) return undefined
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as EmbedConfigPatch
  if (set.allowedOrigins) set.allowedOrigins = unique(set.allowedOrigins)
  const [row] = await db
    .update(embedConfigs)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.cloneId, cloneId)))
    .returning()
  return row
}

/** True when it existed (and was this clone's). Leads keep their row; their configuration becomes null. */
export async function deleteEmbedConfig(db: Db, cloneId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false
  const rows = await db
    .delete(embedConfigs)
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.cloneId, cloneId)))
    .returning({ id: embedConfigs.id })
  return rows.length > 0
}

/** A seeded configuration: fixed id and key, written again by every seed (server/seed/embeds.ts). */
export async function upsertSeededEmbedConfig(
  db: Db,
  values: { id: string; cloneId: string; key: string } & Omit<EmbedConfigInput, 'allowedOrigins'> & {
      allowedOrigins: string[]
    },
): Promise<void> {
  const { id, cloneId, ...rest } = values
  await db
    .insert(embedConfigs)
    .values({ id, cloneId, ...rest })
    .onConflictDoUpdate({ target: embedConfigs.id, set: rest })
}

export interface ViewContext extends OriginContext {
  /** The origin the request reached (the seeded demo configurations list it). */
  requestOrigin: string | null
}

export const toEmbedConfig = (row: EmbedConfigRow, cloneSlug: string, context: ViewContext): EmbedConfig => ({
  id: row.id,
  cloneSlug,
  name: row.name,
  allowedOrigins: allowedOriginsOf(row.allowedOrigins, context, context.requestOrigin),
  layout: row.layout,
  whitelabel: row.whitelabel,
  textLimit: row.textLimit,
  voiceLimitSeconds: row.voiceLimitSeconds,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export const toPublicEmbedConfig = (
  row: EmbedConfigRow,
  cloneSlug: string,
  context: ViewContext,
): PublicEmbedConfig => ({
  id: row.id,
  cloneSlug,
  allowedOrigins: allowedOriginsOf(row.allowedOrigins, context, context.requestOrigin),
  layout: row.layout,
  whitelabel: row.whitelabel,
  textLimit: row.textLimit,
  voiceLimitSeconds: row.voiceLimitSeconds,
})
