import type { CitationType } from '../../contract'
import type { DocumentProduct } from '../db/schema'
import type { Concept } from './meaning'

/** Who is speaking: the clone's identity and the creator's notes on its voice (spec 1 §3 toneFeedback). */
export interface CloneVoice {
  name: string
  headline: string | null
  toneFeedback: string | null
}

/**
 * greeting: 'hi', 'thanks' and the like get a short friendly reply, no sources.
 * offTopic: no source passed the relevance threshold; the clone says so instead of guessing.
 * grounded: an answer built on the numbered sources, with [n] markers.
 */
export type AnswerIntent = 'greeting' | 'offTopic' | 'grounded'

/** A source as the answerer sees it; its marker is `[number]`. */
export interface AnswerSource {
  number: number
  /**
   * How much of the question it holds (0..1, retrieve.ts coverage), told to a language model so it can weigh
   * a loosely related candidate (issue #23). Absent for attached files.
   */
  relevance?: number
  documentId: string
  documentTitle: string
  type: CitationType
  url: string | null
  tweetId: string | null
  timestampMs: number | null
  text: string
  product: DocumentProduct | null
}

/**
 * A file attached to the visitor's message (spec 1 §5 'Attachments'), as the reader left it (issue #15):
 * its text, or null with the visitor-facing reason it could not be read.
 */
export interface Attachment {
  /** The upload's id: the documentId of the file's citation. */
  uploadId: string
  fileName: string
  /** The file's own address (root-relative), what its citation links to. */
  url: string
  text: string | null
  error: string | null
  /**
   * A png or jpeg, as a base64 data URL, for a vision-capable model (issue #15; server/uploads/image-parts.ts).
   * Set only when an OpenAI-compatible model is configured with LLM_VISION on; `text` keeps its OCR text.
   */
  image?: { contentType: string; dataUrl: string }
}

export interface ConversationTurn {
  sender: 'USER' | 'CLONE'
  text: string
}

export interface AnswerInput {
  clone: CloneVoice
  intent: AnswerIntent
  question: string
  /** Earlier turns of the conversation, oldest first. */
  history: readonly ConversationTurn[]
  /** Numbered 1..n, best first. Empty unless the intent is grounded. */
  sources: readonly AnswerSource[]
  /** How much each search term of the query matters (weight times rarity), for picking sentences. */
  termWeights: ReadonlyMap<string, number>
  /**
   * The question's concepts (issue #23), each with its share of the question and the terms that carry its
   * meaning: sentences are picked by how much of the question they hold. Without them, by termWeights.
   */
  concepts?: readonly Concept[]
  /** The clone's language (a name or code), how its material and the question are read; English when left out. */
  language?: string | null
  /**
   * The language the answer is written in (a contract/languages.ts code; issue #25): the visitor's, or the
   * clone's own when enableMultiLanguage is off (answer-language.ts). Left out when the clone follows a
   * visitor whose language is not known: a model then answers in the language the visitor writes in, the
   * local composer in English.
   */
  answerLanguage?: string
  /** enableMultiLanguage is off: the clone answers in answerLanguage even to a visitor writing in another. */
  ownLanguageOnly?: boolean
  /** A few subjects the clone's material covers (from document titles). */
  topics: readonly string[]
  /** Files attached to the question (none when left out). */
  attachments?: readonly Attachment[]
}

/**
 * Writes the clone's answer as a stream of text tokens. The answer cites sources with [n] markers
 * right after the sentences they support; the caller turns the markers into citations. Aborting
 * the signal (the visitor left) must stop the work at once, including any upstream request.
 */
export interface Answerer {
  answer(input: AnswerInput, signal: AbortSignal): AsyncIterable<string>
}
