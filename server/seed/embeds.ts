import { and, eq, isNotNull, notInArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { embedConfigs } from '../db/schema'
import { DEMO_ORIGINS } from '../embeds/origins'
import { upsertSeededEmbedConfig } from '../embeds/store'
import { seedId } from './ids'
import type { SeedClone } from './types'

/** The id of a seeded embed configuration: `embedConfigIdOf('lena-hart', 'text-limit')`. */
export const embedConfigIdOf = (cloneKey: string, embedKey: string) =>
  seedId('embed-config', `${cloneKey}:${embedKey}`)

/**
 * A clone's seeded embed configurations (issue #14), through the store's own upsert. They may be framed by
 * DEMO_ORIGINS, which the server resolves when it answers (the server's own origin and EMBED_DEMO_ORIGINS:
 * server/embeds/origins.ts), so the seed needs no configuration. Seeded configurations that left the data
 * are deleted (their leads keep their row); configurations a creator made have no key and are never touched.
 */
export async function upsertEmbeds(db: Db, cloneId: string, clone: SeedClone): Promise<void> {
  const embeds = clone.embeds ?? []
  for (const embed of embeds) {
    const { key, ...values } = embed
    await upsertSeededEmbedConfig(db, {
      id: embedConfigIdOf(clone.key, key),
      cloneId,
      key,
      ...values,
      allowedOrigins: [DEMO_ORIGINS],
    })
  }
  const keys = embeds.map((e) => e.key)
  await db
    .delete(embedConfigs)
    .where(
      and(
        eq(embedConfigs.cloneId, cloneId),
        isNotNull(embedConfigs.key),
        keys.length > 0 ? notInArray(embedConfigs.key, keys) : undefined,
      ),
    )
}
