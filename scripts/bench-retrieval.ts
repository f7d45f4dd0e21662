/**
 * `npm run bench:retrieval`: retrieval quality and speed on the seed clones, for the clone brain's BM25
 * index (server/brain: built in memory per process, the default) and for PostgreSQL full-text search
 * (a tsvector per chunk, its document title weighted A and its text D, with a GIN index; queried with the
 * question's lexemes OR-ed, ranked by ts_rank or ts_rank_cd), on the same in-memory PGlite, migrated and
 * seeded.
 *
 * Quality, on the labelled questions of scripts/retrieval-questions.ts (question → the seed documents
 * that answer it, or none): hit@1 (the first source is one that answers), hit@3, mean reciprocal rank,
 * and, for questions the material does not answer, how often nothing is retrieved (so the clone says so
 * instead of answering from an unrelated source). Both sides keep the best chunk per document, up to 6
 * sources, and apply the same shape of relevance threshold (retrieve.ts): the best chunk must hold at
 * least MIN_COVERAGE of the question (BM25: of its idf weight; tsvector: of its lexemes, PostgreSQL
 * having no idf), the others MIN_SOURCE_COVERAGE and RELATIVE_SCORE_FLOOR of the best score.
 *
 * Speed: milliseconds per query over RUNS passes (default 5) after one warm-up pass, p50 and p95; BM25
 * timed around retrieve() on the built index, tsvector around its SQL query. Plus the one-off cost of
 * building each index. VERBOSE=1 lists every miss.
 */
import { performance } from 'node:perf_hooks'
import type { PGlite } from '@electric-sql/pglite'
import { KnowledgeIndexCache } from '../server/brain/knowledge-index'
import {
  MAX_SOURCES,
  MIN_COVERAGE,
  MIN_SOURCE_COVERAGE,
  RELATIVE_SCORE_FLOOR,
  retrieve,
} from '../server/brain/retrieve'
import { loadConfig } from '../server/config'
import { openDatabase } from '../server/db/client'
import { migrateDatabase } from '../server/db/migrate'
import { clones, documents } from '../server/db/schema'
import { seed } from '../server/seed'
import { LABELLED_QUESTIONS, type LabelledQuestion } from './retrieval-questions'

const RUNS = Number(process.env.RUNS ?? 5)

/** Document ids, best first: what one implementation retrieved for one question. */
type Retriever = (cloneId: string, question: string) => Promise<string[]>

interface Implementation {
  name: string
  buildMs: number
  retrieve: Retriever
}

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' })
const database = await openDatabase(config, { inMemory: true })
if (database.kind !== 'pglite') throw new Error('The benchmark runs on an in-memory PGlite')
const client: PGlite = database.client
await migrateDatabase(database)
await seed(database.db)
const db = database.db

const cloneIds = new Map(
  (await db.select({ id: clones.id, slug: clones.slug }).from(clones)).map((c) => [c.slug, c.id]),
)
const keyOf = new Map(
  (await db.select({ id: documents.id, key: documents.key }).from(documents)).map((d) => [
    d.id,
    d.key ?? d.id,
  ]),
)

async function bm25(): Promise<Implementation> {
  const cache = new KnowledgeIndexCache(db)
  const started = performance.now()
  const indexes = new Map<string, Awaited<ReturnType<KnowledgeIndexCache['get']>>>()
  for (const id of cloneIds.values()) indexes.set(id, await cache.get(id))
  const buildMs = performance.now() - started
  return {
    name: 'BM25 (in memory, default)',
    buildMs,
    retrieve: async (cloneId, question) =>
      retrieve(indexes.get(cloneId)!, question, []).sources.map((s) => s.chunk.documentId),
  }
}

async function buildTsvectorIndex(): Promise<number> {
  const started = performance.now()
  await client.exec(`
    alter table document_chunks add column if not exists search tsvector;
    update document_chunks c
      set search = setweight(to_tsvector('english', d.title), 'A') || setweight(to_tsvector('english', c.text), 'D')
      from documents d where d.id = c.document_id;
    create index if not exists document_chunks_search_idx on document_chunks using gin (search);
    analyze document_chunks;
  `)
  return performance.now() - started
}

function tsvector(rank: 'ts_rank' | 'ts_rank_cd', buildMs: number): Implementation {
  return {
    name: `tsvector, ${rank}`,
    buildMs,
    retrieve: async (cloneId, question) => {
      // The question's lexemes (English stemming and stop words), OR-ed: any may match, more rank higher.
      const { rows } = await client.query<{ document_id: string; score: number; coverage: number }>(
        `with lexemes as (select tsvector_to_array(to_tsvector('english', $1)) as list),
              q as (select (select string_agg(quote_literal(l), ' | ') from unnest(list) l)::tsquery as query, list
                    from lexemes where cardinality(list) > 0)
         select c.document_id, ${rank}(c.search, q.query) as score,
                (select count(*) from unnest(tsvector_to_array(c.search)) l where l = any(q.list))::float
                  / cardinality(q.list) as coverage
         from document_chunks c, q
         where c.clone_id = $2 and c.search @@ q.query
         order by score desc, c.id
         limit 100`,
        [question, cloneId],
      )
      return pickSources(
        rows.map((r) => ({ documentId: r.document_id, score: r.score, coverage: r.coverage })),
      )
    },
  }
}

/** retrieve.ts's selection over scored chunks: the best chunk per document, above the same thresholds. */
function pickSources(scored: { documentId: string; score: number; coverage: number }[]): string[] {
  const best = scored[0]
  if (!best) return []
  const picked: string[] = []
  for (const chunk of scored) {
    if (picked.length >= MAX_SOURCES || chunk.score < best.score * RELATIVE_SCORE_FLOOR) break
    if (picked.includes(chunk.documentId)) continue
    if (chunk.coverage < (picked.length === 0 ? MIN_COVERAGE : MIN_SOURCE_COVERAGE)) continue
    picked.push(chunk.documentId)
  }
  return picked
}

interface Outcome {
  item: LabelledQuestion
  found: string[]
}

function quality(outcomes: Outcome[]) {
  const answerable = outcomes.filter((o) => o.item.expected.length > 0)
  const unanswerable = outcomes.filter((o) => o.item.expected.length === 0)
  const rankOf = (o: Outcome) => o.found.findIndex((key) => o.item.expected.includes(key))
  const share = (list: Outcome[], test: (o: Outcome) => boolean) => list.filter(test).length / list.length
  return {
    hit1: share(answerable, (o) => rankOf(o) === 0),
    hit3: share(answerable, (o) => rankOf(o) >= 0 && rankOf(o) < 3),
    mrr:
      answerable.reduce((sum, o) => sum + (rankOf(o) >= 0 ? 1 / (rankOf(o) + 1) : 0), 0) / answerable.length,
    refused: share(unanswerable, (o) => o.found.length === 0),
    answerable: answerable.length,
    unanswerable: unanswerable.length,
    misses: outcomes.filter((o) => (o.item.expected.length === 0 ? o.found.length > 0 : rankOf(o) !== 0)),
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

async function measure(impl: Implementation) {
  const run = async () => {
    const outcomes: Outcome[] = []
    const times: number[] = []
    for (const item of LABELLED_QUESTIONS) {
      const started = performance.now()
      const ids = await impl.retrieve(cloneIds.get(item.clone)!, item.question)
      times.push(performance.now() - started)
      outcomes.push({ item, found: ids.map((id) => keyOf.get(id) ?? id) })
    }
    return { outcomes, times }
  }
  const { outcomes } = await run()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) times.push(...(await run()).times)
  times.sort((a, b) => a - b)
  return { impl, q: quality(outcomes), p50: percentile(times, 50), p95: percentile(times, 95) }
}

try {
  const tsvectorBuildMs = await buildTsvectorIndex()
  const results = []
  for (const impl of [
    await bm25(),
    tsvector('ts_rank', tsvectorBuildMs),
    tsvector('ts_rank_cd', tsvectorBuildMs),
  ]) {
    results.push(await measure(impl))
  }
  const pct = (n: number) => `${(n * 100).toFixed(0)}%`.padStart(6)
  const ms = (n: number) => `${n < 1 ? n.toFixed(3) : n.toFixed(1)} ms`.padStart(10)
  const first = results[0]!.q
  console.log(
    `Retrieval on the seed clones: ${first.answerable} answerable questions, ${first.unanswerable} the material does not answer; ${RUNS} timed passes`,
  )
  console.log(`${'implementation'.padEnd(28)} hit@1  hit@3    MRR  refused   p50/query  p95/query      build`)
  for (const { impl, q, p50, p95 } of results) {
    console.log(
      `${impl.name.padEnd(28)}${pct(q.hit1)} ${pct(q.hit3)} ${q.mrr.toFixed(3).padStart(6)}   ${pct(q.refused)} ${ms(p50)} ${ms(p95)} ${ms(impl.buildMs)}`,
    )
  }
  if (process.env.VERBOSE) {
    for (const { impl, q } of results) {
      console.log(`\n${impl.name}: misses`)
      for (const o of q.misses) {
        console.log(
          `  [${o.item.clone}] ${o.item.question}\n     expected ${o.item.expected.join(', ') || '(nothing)'}; got ${o.found.join(', ') || '(nothing)'}`,
        )
      }
    }
  }
} finally {
  await database.close()
}
