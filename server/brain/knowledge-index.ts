import { type AnyColumn, and, asc, Column, desc, eq, getTableName, is, type SQL, sql } from 'drizzle-orm'
import type { CitationType } from '../../contract'
import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import type { Db } from '../db/client'
import { clones, type DocumentProduct, documentChunks, documents } from '../db/schema'
import { type AnalyzedText, Bm25Index } from './bm25'
import { type Analyzer, analyzerFor } from './language/analyzer'
import { lexicon, loadLexicon } from './lexicon'
import { type Expansion, Semantics } from './meaning'
import { topicsOf } from './topics'

/** One retrievable chunk with what a citation needs of its document. */
export interface KnowledgeChunk {
  chunkId: string
  chunkIndex: number
  documentId: string
  documentTitle: string
  type: CitationType
  url: string | null
  tweetId: string | null
  /** Milliseconds into a video or episode; null for plain text. */
  timestampMs: number | null
  text: string
  product: DocumentProduct | null
}

export interface KnowledgeIndex {
  cloneId: string
  /** Documents version the index was built from (see documentsVersion). */
  version: string
  chunks: readonly KnowledgeChunk[]
  bm25: Bm25Index
  /** How the clone's language is read (its stems and stop words), and what its words mean (issue #23). */
  analyzer: Analyzer
  semantics: Semantics
  /** Per chunk, the word-vector rows of its content words (soft alignment, meaning.ts; empty outside English). */
  chunkRows: readonly Int32Array[]
  /** A few things the clone's material covers, for replies that point elsewhere. */
  topics: readonly string[]
}

/** The most surface words kept per index term (for its meaning: the most common one stands for it). */
const SURFACES_KEPT = 4

/**
 * The index of a clone's chunks (pure: the cache below reads them from the database; the benchmark and tests
 * give them directly), read in the clone's language. Each text is analysed once, for BM25 and the vocabulary.
 */
export function indexKnowledge({
  cloneId,
  version,
  chunks,
  language,
  expansion,
}: {
  cloneId: string
  version: string
  chunks: readonly KnowledgeChunk[]
  language?: string | null
  expansion?: Expansion
}): KnowledgeIndex {
  const analyzer = analyzerFor(language)
  const vocabulary = new Map<string, string[]>()
  const analyse = (text: string, seen?: Set<string>): string[] => {
    const terms: string[] = []
    for (const word of analyzer.words(text)) {
      seen?.add(word)
      if (!analyzer.isContentWord(word)) continue
      const term = analyzer.stem(word)
      terms.push(term)
      const surfaces = vocabulary.get(term)
      if (!surfaces) vocabulary.set(term, [word])
      else if (surfaces.length < SURFACES_KEPT && !surfaces.includes(word)) surfaces.push(word)
    }
    return terms
  }
  const titles = new Map<string, readonly string[]>()
  const chunkWords: Set<string>[] = []
  const analysed: AnalyzedText[] = chunks.map((chunk) => {
    // A creator's answer is titled 'Answer Provided by the Clone Creator' for the visitor: not its subject.
    const title = chunk.documentTitle === CREATOR_ANSWER_TITLE ? '' : chunk.documentTitle
    let titleTerms = titles.get(title)
    if (!titleTerms) {
      titleTerms = analyse(title)
      titles.set(title, titleTerms)
    }
    const seen = new Set<string>()
    chunkWords.push(seen)
    return { terms: analyse(chunk.text, seen), titleTerms }
  })
  const semantics = new Semantics(analyzer, lexicon(), vocabulary, expansion)
  return {
    cloneId,
    version,
    chunks,
    bm25: new Bm25Index(analysed),
    analyzer,
    semantics,
    chunkRows: chunkWords.map((words) => semantics.rowsOf(words)),
    topics: topicsOf(chunks),
  }
}

/**
 * A process-level cache of one BM25 index per clone. Building reads every chunk, so it happens when
 * the server starts (warm, just after it listens) and again only when the clone's documents change, never per request:
 * each lookup costs one cheap query (count and latest update of the clone's documents). Several
 * servers each keep their own copy, rebuilt from the database, so the API stays stateless.
 */
export class KnowledgeIndexCache {
  private readonly entries = new Map<string, { version: string; index: Promise<KnowledgeIndex> }>()

  constructor(private readonly db: Db) {}

  /** The clone's index; `version` saves the lookup when the caller already read it (findCloneForChat). */
  async get(cloneId: string, knownVersion?: string): Promise<KnowledgeIndex> {
    const version = knownVersion ?? (await documentsVersion(this.db, cloneId))
    const cached = this.entries.get(cloneId)
    if (cached?.version === version) return cached.index
    // Concurrent requests share one build; a failed build is forgotten so the next one retries.
    const index = buildKnowledgeIndex(this.db, cloneId, version)
    this.entries.set(cloneId, { version, index })
    index.catch(() => {
      if (this.entries.get(cloneId)?.index === index) this.entries.delete(cloneId)
    })
    return index
  }

  /** Builds the index of every clone (when the server has started listening). */
  async warm(): Promise<number> {
    const rows = await this.db.select({ id: clones.id }).from(clones)
    await Promise.all(rows.map((r) => this.get(r.id)))
    return rows.length
  }
}

/**
 * 'count:latest update in ms:language' of a clone's documents: it changes whenever a document is added,
 * removed or edited (the seed bumps updated_at), or the clone's language (how its material is read) changes. An SQL expression, so a query that reads the clone
 * can read its version in the same round trip.
 */
export function documentsVersionOf(cloneId: AnyColumn | SQL): SQL<string> {
  // Drizzle leaves column names unqualified inside raw SQL, where 'id' would mean the subquery's own
  // column: the outer reference is spelled out in full and the documents get their own alias.
  const outer = is(cloneId, Column)
    ? sql`${sql.identifier(getTableName(cloneId.table))}.${sql.identifier(cloneId.name)}`
    : cloneId
  return sql<string>`(select count(*)::text || ':' || coalesce(floor(extract(epoch from max(version_docs.${sql.identifier(documents.updatedAt.name)})) * 1000)::bigint, 0)::text || ':' || coalesce((select version_clone.${sql.identifier(clones.language.name)} from ${clones} as version_clone where version_clone.${sql.identifier(clones.id.name)} = ${outer}), '') from ${documents} as version_docs where version_docs.${sql.identifier(documents.cloneId.name)} = ${outer})`
}

export async function documentsVersion(db: Db, cloneId: string): Promise<string> {
  const [row] = await db
    .select({ version: documentsVersionOf(sql`${cloneId}::uuid`) })
    .from(sql`(select 1) as one`)
  return row?.version ?? '0:0'
}

async function buildKnowledgeIndex(db: Db, cloneId: string, version: string): Promise<KnowledgeIndex> {
  const rows = await db
    .select({
      chunkId: documentChunks.id,
      chunkIndex: documentChunks.index,
      documentId: documents.id,
      documentTitle: documents.title,
      type: documents.type,
      url: documents.url,
      tweetId: documents.tweetId,
      timestampMs: documentChunks.timestampMs,
      text: documentChunks.text,
      product: documents.product,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    // Only a 'ready' source answers (issue #16); its chunks are written with that state, in one transaction.
    .where(and(eq(documents.cloneId, cloneId), eq(documents.state, 'ready')))
    .orderBy(desc(documents.publishedAt), asc(documents.id), asc(documentChunks.index))
  const [clone] = await db.select({ language: clones.language }).from(clones).where(eq(clones.id, cloneId))
  // Loaded without holding up requests the server answers meanwhile; indexKnowledge then finds it in memory.
  await loadLexicon()
  return indexKnowledge({ cloneId, version, chunks: rows, language: clone?.language })
}
