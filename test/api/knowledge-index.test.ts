import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chunkDocument } from '../../server/brain/chunk'
import { documentsVersion, KnowledgeIndexCache } from '../../server/brain/knowledge-index'
import { retrieve } from '../../server/brain/retrieve'
import { findCloneForChat } from '../../server/clones/queries'
import { documents } from '../../server/db/schema'
import { cloneIdOf, seed } from '../../server/seed'
import { seedClones, seedUsers } from '../../server/seed/data'
import { seedId } from '../../server/seed/ids'
import { createTestApp, type TestApp } from './helpers'

describe('knowledge index cache', () => {
  let t: TestApp
  const lena = cloneIdOf('lena-hart')
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('reads the same documents version with the clone as on its own', async () => {
    const found = await findCloneForChat(t.db, 'lena-hart')
    expect(found?.documentsVersion).toBe(await documentsVersion(t.db, lena))
    // count:latest update:the clone's language (how its material is read, issue #23).
    expect(found?.documentsVersion).toMatch(/^\d+:\d+:\w+$/)
  })

  it('declines what the material only touches by loose meaning (issue #23): a cooking clone and learning to program', async () => {
    // The cooking material holds 'best'; 'learn' and 'program' only align softly with its words.
    const index = await new KnowledgeIndexCache(t.db).get(cloneIdOf('tomas-rivera'))
    expect(retrieve(index, 'What is the best way to learn to program?', []).sources).toEqual([])
    const [lead] = retrieve(index, 'What hydration is best for a first loaf?', []).sources
    expect(lead?.chunk.documentTitle).toMatch(/Hydration/)
  })

  it('builds an index once and keeps it while the documents are unchanged', async () => {
    const cache = new KnowledgeIndexCache(t.db)
    expect(await cache.warm()).toBe(seedClones.length)
    const first = await cache.get(lena)
    const lenaSeed = seedClones.find((c) => c.slug === 'lena-hart')!
    expect(first.chunks).toHaveLength(lenaSeed.documents.reduce((n, d) => n + chunkDocument(d).length, 0))
    expect(await cache.get(lena)).toBe(first)
    // Seeding again with the same data changes nothing, so the index stays.
    await seed(t.db)
    expect(await cache.get(lena)).toBe(first)
  })

  it('rebuilds when a document changes, even only its title', async () => {
    const cache = new KnowledgeIndexCache(t.db)
    const before = await cache.get(lena)
    const versionBefore = (await findCloneForChat(t.db, 'lena-hart'))!.documentsVersion
    const clones = structuredClone(seedClones)
    const doc = clones
      .find((c) => c.key === 'lena-hart')!
      .documents.find((d) => d.key === 'lena-web-caffeine')!
    doc.title = 'Caffeine Cutoff: A Renamed Article'
    await seed(t.db, { clones, users: seedUsers })
    const versionAfter = (await findCloneForChat(t.db, 'lena-hart'))!.documentsVersion
    expect(versionAfter).not.toBe(versionBefore)
    const after = await cache.get(lena, versionAfter)
    expect(after).not.toBe(before)
    expect(
      after.chunks.find((c) => c.documentId === seedId('document', 'lena-hart:lena-web-caffeine'))
        ?.documentTitle,
    ).toBe('Caffeine Cutoff: A Renamed Article')
    await seed(t.db)
    const [row] = await t.db.select().from(documents).where(eq(documents.key, 'lena-web-caffeine'))
    expect(row!.title).toBe('Caffeine Cutoff: When to Drink Your Last Coffee')
  })
})
