import { type CitationType, CREATOR_ANSWER_TITLE } from '../../contract'

/** How many topics a clone keeps for replies that point to what it can talk about. */
export const TOPICS_KEPT = 8

/** Series names and numbering ('The Rested Athlete, Ep. 42', 'Rested and Ready, Chapter 7') name no topic. */
const SERIES_PART = /\b(ep|episode|chapter|part|vol|volume)\b\.?\s*\d+/i
/** A part opening with a question word or 'I' is a hook ('How Accurate Are Wearables'), not a topic. */
const HOOK_PART = /^(how|what|why|when|who|which|can|should|do|does|is|are|i|my)\b/i

/**
 * Short topic names from document titles, in the order given (most recent first), one per document
 * and without repeats: 'Caffeine Cutoff: When to Drink Your Last Coffee' gives 'caffeine cutoff'.
 * Tweets and the creator's own answers are left out: their titles describe a post, not a subject.
 */
export function topicsOf(
  docs: readonly { documentId: string; documentTitle: string; type: CitationType }[],
): string[] {
  const topics: string[] = []
  const seen = new Set<string>()
  for (const doc of docs) {
    if (seen.has(doc.documentId)) continue
    seen.add(doc.documentId)
    if (doc.type === 'Twitter' || doc.documentTitle === CREATOR_ANSWER_TITLE) continue
    const topic = topicOfTitle(doc.documentTitle)
    if (topic && !topics.includes(topic)) topics.push(topic)
    if (topics.length >= TOPICS_KEPT) break
  }
  return topics
}

/** Titles put their subject first ('Naps for Athletes: 20 Minutes, 90 Minutes, or None?'). */
export function topicOfTitle(title: string): string | null {
  const part = title
    .split(/[:?!]|\s[-–—]\s/)
    .map((p) => p.trim())
    .find((p) => p && !SERIES_PART.test(p) && !HOOK_PART.test(p))
  if (!part) return null
  const words = part
    .split(',')[0]!
    .replace(/^(the|a|an|my|your)\s+/i, '')
    .trim()
    .split(/\s+/)
  if (words.length > 6) return null
  return sentenceCaseWords(words.join(' '))
}

/** Lower-cases Capitalised words for use mid-sentence; acronyms ('HRV', 'CBT-I') stay as they are. */
export function sentenceCaseWords(text: string): string {
  return text.replace(/(?<!\p{L})\p{Lu}[\p{Ll}’']+(?!\p{L})/gu, (word) => word.toLowerCase())
}

/**
 * 'a, b and c', joined in `language` (Intl.ListFormat: 'a, b y c', 'a、b、c'). English takes no comma before
 * 'and', as the composer always wrote it.
 */
export function listInWords(items: readonly string[], language = 'en'): string {
  if (items.length <= 1) return items[0] ?? ''
  const locale = language === 'en' ? 'en-GB' : language
  try {
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(items)
  } catch {
    return new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(items)
  }
}
