import { asc, count, eq, getTableName, inArray, is, ne } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPECIAL_TEXT_LIMIT, SPECIAL_VOICE_LIMIT_SECONDS } from '../../contract/embed'
import { chunkDocument } from '../../server/brain/chunk'
import * as schema from '../../server/db/schema'
import { documentChunks, documents, embedConfigs } from '../../server/db/schema'
import { DEMO_ORIGINS } from '../../server/embeds/origins'
import { embedConfigIdOf, seed, seedDataFor } from '../../server/seed'
import { seedClones, seedUsers } from '../../server/seed/data'
import { seedId } from '../../server/seed/ids'
import { createTestApp, type TestApp } from './helpers'

const tables: PgTable[] = Object.values(schema).filter((v) => is(v, PgTable))

describe('seed', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  async function snapshot() {
    const result: Record<string, unknown[]> = {}
    for (const table of tables) {
      result[getTableName(table)] = await t.db.select().from(table)
    }
    return result
  }

  it('covers every table of the schema', () => {
    expect(tables.map(getTableName).sort()).toEqual([
      'affiliate_clicks',
      'announcements',
      'billing_accounts',
      'blocked_email_domains',
      'checkout_sessions',
      'clone_invites',
      'clone_orgs',
      'clone_training',
      'clones',
      'conversations',
      'document_chunks',
      'documents',
      'embed_configs',
      'feedback',
      'instances',
      'leads',
      'login_codes',
      'memberships',
      'message_affiliates',
      'message_citations',
      'messages',
      'orgs',
      'outbox_messages',
      'periodic_runs',
      'processed_events',
      'rate_limit_counters',
      'relationships',
      'server_settings',
      'sessions',
      'subscriptions',
      'suggested_questions',
      'telegram_chats',
      'telegram_starts',
      'text_opt_ins',
      'tracked_events',
      'upload_texts',
      'uploads',
      'usage_counters',
      'users',
      'video_call_failures',
      'video_calls',
      'voice_call_failures',
      'voice_calls',
    ])
  })

  it('is idempotent: seeding again leaves the same rows in every table', async () => {
    const before = await snapshot()
    const result = await seed(t.db)
    expect(result.rechunkedDocuments).toBe(0)
    const after = await snapshot()
    for (const table of tables) {
      const name = getTableName(table)
      // The app's own periodic tasks (server/periodic.ts) note their runs there whenever they run.
      if (name === 'periodic_runs') continue
      expect(after[name]!.length, name).toBe(before[name]!.length)
      expect(sortRows(after[name]!), name).toEqual(sortRows(before[name]!))
    }
    expect(before.clones!.length).toBe(seedClones.length)
    expect(before.users!.length).toBe(seedUsers.length)
  })

  it('on start (onlyWhenChanged) writes nothing when the same data was seeded last, and seeds changed data', async () => {
    const lena = seedId('suggested-question', 'lena-hart:q0')
    const questionText = async () =>
      (await t.db.select().from(schema.suggestedQuestions).where(eq(schema.suggestedQuestions.id, lena)))[0]!
        .question
    const seeded = await questionText()
    // A change made outside the seed shows whether a seed wrote anything.
    await t.db
      .update(schema.suggestedQuestions)
      .set({ question: 'Edited in the studio?' })
      .where(eq(schema.suggestedQuestions.id, lena))

    const unchanged = await seed(t.db, undefined, { onlyWhenChanged: true })
    expect(unchanged).toMatchObject({ unchanged: true, clones: seedClones.length, rechunkedDocuments: 0 })
    expect(await questionText()).toBe('Edited in the studio?')

    const clones = structuredClone(seedClones)
    clones[0]!.suggestedQuestions[0] = 'A new first question?'
    const changed = await seed(t.db, { clones, users: seedUsers }, { onlyWhenChanged: true })
    expect(changed.unchanged).toBe(false)
    expect(await questionText()).toBe('A new first question?')

    // Back to the real data: it differs from what was seeded last, so it is written again.
    expect((await seed(t.db, undefined, { onlyWhenChanged: true })).unchanged).toBe(false)
    expect(await questionText()).toBe(seeded)
    expect((await seed(t.db, undefined, { onlyWhenChanged: true })).unchanged).toBe(true)
  })

  it('gives every document its chunks, at least one', async () => {
    const rows = await t.db
      .select({ id: documents.id, title: documents.title, chunks: count(documentChunks.id) })
      .from(documents)
      .leftJoin(documentChunks, eq(documentChunks.documentId, documents.id))
      .groupBy(documents.id, documents.title)
    const expected = new Map(
      seedClones.flatMap((c) =>
        c.documents.map((d) => [seedId('document', `${c.key}:${d.key}`), chunkDocument(d).length] as const),
      ),
    )
    expect(rows.length).toBe(expected.size)
    for (const row of rows) {
      expect(row.chunks, row.title).toBe(expected.get(row.id))
      expect(row.chunks, row.title).toBeGreaterThanOrEqual(1)
    }
  })

  it('keeps timestamps on the chunks of videos and podcasts only', async () => {
    const timed = await t.db
      .select({ timestampMs: documentChunks.timestampMs })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(inArray(documents.type, ['Youtube', 'Podcast']))
    const timedInSeed = seedClones
      .flatMap((c) => c.documents)
      .filter((d) => d.type === 'Youtube' || d.type === 'Podcast')
      .reduce((n, d) => n + chunkDocument(d).length, 0)
    expect(timedInSeed).toBeGreaterThan(0)
    expect(timed).toHaveLength(timedInSeed)
    for (const c of timed) expect(c.timestampMs).toEqual(expect.any(Number))

    const plain = await t.db
      .select({ timestampMs: documentChunks.timestampMs })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(inArray(documents.type, ['Website', 'File', 'Twitter']))
    for (const c of plain) expect(c.timestampMs).toBeNull()
  })

  it('re-chunks only the document whose text changed', async () => {
    const clones = structuredClone(seedClones)
    const target = clones.flatMap((c) => c.documents).find((d) => d.text && !d.segments?.length)!
    target.text = `${target.text}\n\nA brand new closing paragraph about marmalade, added to test re-chunking.`

    const chunkIds = async (where = ne(documents.key, target.key)) =>
      t.db
        .select({ id: documentChunks.id })
        .from(documentChunks)
        .innerJoin(documents, eq(documents.id, documentChunks.documentId))
        .where(where)
        .orderBy(asc(documentChunks.id))
    const othersBefore = await chunkIds()
    const targetBefore = await chunkIds(eq(documents.key, target.key))

    const result = await seed(t.db, { clones, users: seedUsers })
    expect(result.rechunkedDocuments).toBe(1)
    expect(await chunkIds()).toEqual(othersBefore)
    const targetAfter = await chunkIds(eq(documents.key, target.key))
    expect(targetAfter).not.toEqual(targetBefore)
    const texts = await t.db
      .select({ text: documentChunks.text })
      .from(documentChunks)
      .innerJoin(documents, eq(documents.id, documentChunks.documentId))
      .where(eq(documents.key, target.key))
    expect(texts.map((r) => r.text).join(' ')).toContain('marmalade')

    // Back to the real data: the original chunks come back.
    expect((await seed(t.db)).rechunkedDocuments).toBe(1)
    expect(await chunkIds(eq(documents.key, target.key))).toEqual(targetBefore)
  })
})

describe('what a server seeds (issue #27)', () => {
  it('seeds the demo accounts, staff included, only outside production; the demo clones everywhere', () => {
    expect(seedUsers.some((user) => user.staff)).toBe(true)
    expect(seedDataFor('development').users).toEqual(seedUsers)
    expect(seedDataFor('production').users).toEqual([])
    expect(seedDataFor('production').clones).toEqual(seedClones)
  })
})

describe('seeded embed configurations', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  it('writes the demo configurations under stable ids, and removes only seeded ones that left the data', async () => {
    const lena = seedId('clone', 'lena-hart')
    const rows = await t.db.select().from(embedConfigs).where(eq(embedConfigs.cloneId, lena))
    const byKey = new Map(rows.map((r) => [r.key, r]))
    expect([...byKey.keys()].sort()).toEqual(['bubble', 'text-limit', 'voice-limit'])
    expect(byKey.get('bubble')).toMatchObject({
      id: embedConfigIdOf('lena-hart', 'bubble'),
      layout: 'bubble',
      allowedOrigins: [DEMO_ORIGINS],
      textLimit: null,
      voiceLimitSeconds: null,
    })
    expect(byKey.get('text-limit')).toMatchObject({ textLimit: SPECIAL_TEXT_LIMIT, voiceLimitSeconds: null })
    expect(byKey.get('voice-limit')).toMatchObject({
      textLimit: null,
      voiceLimitSeconds: SPECIAL_VOICE_LIMIT_SECONDS,
    })

    const [mine] = await t.db
      .insert(embedConfigs)
      .values({ cloneId: lena, name: 'Mine', allowedOrigins: ['https://creator.example'] })
      .returning()
    const clones = structuredClone(seedClones)
    clones.find((c) => c.key === 'lena-hart')!.embeds = clones
      .find((c) => c.key === 'lena-hart')!
      .embeds!.filter((e) => e.key !== 'voice-limit')
    await seed(t.db, { clones, users: seedUsers })
    const after = await t.db.select().from(embedConfigs).where(eq(embedConfigs.cloneId, lena))
    expect(after.map((r) => r.key ?? r.id).sort()).toEqual(['bubble', 'text-limit', mine!.id].sort())
  })
})

function sortRows(rows: unknown[]) {
  return rows
    .map((r) => JSON.stringify(r))
    .sort()
    .map((r) => JSON.parse(r) as unknown)
}
