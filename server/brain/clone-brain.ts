import { answerLanguageOf, type CloneLanguageSettings } from './answer-language'
import type {
  Answerer,
  AnswerInput,
  AnswerSource,
  Attachment,
  CloneVoice,
  ConversationTurn,
} from './answerer'
import { fileSources } from './file-sources'
import type { KnowledgeIndex } from './knowledge-index'
import { retrieve, textWithFollowing } from './retrieve'
import { smallTalkOf } from './small-talk'

/** With a model configured, the loosely related candidates it is shown when none passes the local threshold. */
export const MODEL_CANDIDATES = 3

export interface PreparedAnswer {
  input: AnswerInput
  /** Who writes it: the configured answerer for grounded answers, the local one otherwise. */
  answerer: Answerer
}

/** Where the brain gets a clone's index: the database-backed cache (knowledge-index.ts), or given (bench:brain). */
export interface KnowledgeIndexSource {
  get(cloneId: string, knownVersion?: string): Promise<KnowledgeIndex>
}

export interface PrepareOptions {
  /** When known, spares the index cache its own version query. */
  documentsVersion?: string
  /** Files attached to the question (spec 1 §5 'Attachments'). */
  attachments?: readonly Attachment[]
  /**
   * The visitor's language (a contract/languages.ts code): the chat's interface language, a call's language
   * (issue #25). The clone answers in it when its enableMultiLanguage option is on (answer-language.ts).
   */
  visitorLanguage?: string | null
}

/** The clone as the brain reads it: who speaks, and its language settings (clones.language, options). */
export type BrainClone = CloneVoice & { id: string } & CloneLanguageSettings

/**
 * The clone brain: decides what kind of answer a message needs, retrieves the sources, and hands
 * both to an answerer. Small talk and questions that nothing in the material relates to always get the
 * local, deterministic reply: there is nothing for a model to ground, and an honest 'not in my material'
 * should never depend on a provider. With a language model configured, a question that the material only
 * loosely relates to goes to the model with its best candidates and their relevance, and the model decides
 * (issue #23): the local threshold is for the local composer, which cannot read.
 */
export class CloneBrain {
  constructor(
    private readonly indexes: KnowledgeIndexSource,
    private readonly grounded: Answerer,
    private readonly local: Answerer,
  ) {}

  /** Whether grounded answers are written by another answerer than the local composer (a language model). */
  private get modelDecides(): boolean {
    return this.grounded !== this.local
  }

  /**
   * Attached files reach the answerer as they are, and their text steers retrieval like an earlier turn
   * (retrieve.ts); a message with a readable file is never mere small talk. The answer's language follows
   * the visitor's or stays the clone's own, as its enableMultiLanguage option says (answer-language.ts).
   */
  async prepare(
    clone: BrainClone,
    question: string,
    history: readonly ConversationTurn[],
    { documentsVersion, attachments = [], visitorLanguage }: PrepareOptions = {},
  ): Promise<PreparedAnswer> {
    const index = await this.indexes.get(clone.id, documentsVersion)
    const answerLanguage = answerLanguageOf(clone, visitorLanguage)
    const base = {
      clone: { name: clone.name, headline: clone.headline, toneFeedback: clone.toneFeedback },
      language: index.analyzer.code,
      ...(answerLanguage.code ? { answerLanguage: answerLanguage.code } : {}),
      ownLanguageOnly: answerLanguage.ownLanguageOnly,
      question,
      history,
      topics: index.topics,
      attachments,
    }
    const attachedTexts = attachments.flatMap((a) => (a.text ? [a.text] : []))
    if (attachedTexts.length === 0 && smallTalkOf(question, clone.name)) {
      return {
        input: { ...base, intent: 'greeting', sources: [], termWeights: new Map() },
        answerer: this.local,
      }
    }
    // Retrieval reads the question plus the visitor's last two turns, most recent first.
    const earlierTurns = history
      .filter((t) => t.sender === 'USER')
      .map((t) => t.text)
      .reverse()
    const { sources, candidates, query, concepts } = retrieve(index, question, earlierTurns, attachedTexts)
    const termWeights = new Map(query.map((t) => [t.term, t.weight * index.bm25.idf(t.term)]))
    const chosen = sources.length > 0 || !this.modelDecides ? sources : candidates.slice(0, MODEL_CANDIDATES)
    const material = chosen.map(({ chunk, entry, coverage }) => ({
      relevance: coverage,
      documentId: chunk.documentId,
      documentTitle: chunk.documentTitle,
      type: chunk.type,
      url: chunk.url,
      tweetId: chunk.tweetId,
      timestampMs: chunk.timestampMs,
      text: textWithFollowing(index, entry),
      product: chunk.product,
    }))
    // Issue #15: each readable file is a source too; it leads when asked about or holding the answer,
    // otherwise it follows the material. With no material on the question, only a leading file answers.
    const files = fileSources(attachments, question, termWeights, index.bm25)
    const leading = files.filter((f) => f.leads).map((f) => f.source)
    const following = files.filter((f) => !f.leads).map((f) => f.source)
    const ordered = [...leading, ...material, ...(material.length > 0 || leading.length > 0 ? following : [])]
    const numbered: AnswerSource[] = ordered.map((source, i) => ({ ...source, number: i + 1 }))
    if (numbered.length === 0) {
      return { input: { ...base, intent: 'offTopic', sources: [], termWeights }, answerer: this.local }
    }
    return {
      input: { ...base, intent: 'grounded', sources: numbered, termWeights, concepts },
      answerer: this.grounded,
    }
  }
}
