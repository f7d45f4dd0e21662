import { CONVERSATION_TITLE_MAX } from '../../contract/chat'
import { sentenceCaseWords } from '../brain/topics'

/** A history entry has room for a few words (spec 1 §2 'History'): at most eight. */
export const TITLE_MAX_WORDS = 8
export const FALLBACK_TITLE = 'New conversation'

const GREETING = /^(hi|hello|hey|hiya|dear|good (morning|afternoon|evening))\b[^,.!?\n]*?[,.!?\n]+\s*/i
const FILLER =
  /^(so|ok|okay|well|please|quick question|question|i (was|am|’m|'m) wondering( if)?|i want(ed)? to know|can you (tell|explain to) me|could you (tell|explain to) me|tell me|do you know)\b[\s,:]*/i
/** Where a long question can be cut without losing its subject ('... my knife | and protect ...'). */
const CLAUSE =
  /,|;|\s(?=(without|because|since|while|when|so that|but|and|if|even though|instead|for|during|after|before)\s)/gi
const ARTICLE = /^(the|a|an)$/i
/** Words a title must not end on ('How late can I drink coffee during the'). */
const DANGLING = new Set(
  'a an the and or but of to in on at for with from by about as my your our their his her its than that this is are was be can i'.split(
    ' ',
  ),
)

/**
 * A short title from a conversation's first message, without a model: drop greetings and filler,
 * keep the first sentence, cut long questions at a clause boundary or after eight words, never end
 * on a dangling word, drop trailing punctuation, and use sentence case.
 */
export function titleFromMessage(message: string): string {
  let text = message.replace(/\s+/g, ' ').trim()
  for (let i = 0; i < 3; i++) {
    const next = text.replace(GREETING, '').replace(FILLER, '').trim()
    if (next === text) break
    text = next
  }
  // A bare greeting ('Hello!') is still the best title there is.
  if (!/\p{L}|\d/u.test(text)) text = message.replace(/\s+/g, ' ').trim()
  const firstSentence = text.split(/(?<=[.!?])\s+|\n/)[0] ?? ''
  let words = firstSentence.split(' ').filter(Boolean)
  if (words.length > TITLE_MAX_WORDS) words = shortened(firstSentence, words)
  return finishTitle(words.join(' '))
}

/** The longest opening clause of 3 to 8 words; else the sentence without articles, as headlines do. */
function shortened(sentence: string, words: string[]): string[] {
  let best: string[] | null = null
  for (const match of sentence.matchAll(CLAUSE)) {
    const clause = sentence.slice(0, match.index).trim().split(' ').filter(Boolean)
    if (clause.length >= 3 && clause.length <= TITLE_MAX_WORDS) best = clause
  }
  return best ?? words.filter((w) => !ARTICLE.test(w)).slice(0, TITLE_MAX_WORDS)
}

/** The same finish for a model's suggestion: quotes, 'Title:' and trailing punctuation removed. */
export function finishTitle(raw: string): string {
  let words = raw
    .replace(/["“”`*_#]+/g, '')
    .replace(/^\s*title\s*:\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, TITLE_MAX_WORDS)
  words = words.map((w) => w.replace(/[.,;:!?…]+$/u, ''))
  while (words.length > 1 && DANGLING.has(words.at(-1)!.toLowerCase())) words.pop()
  const title = words.join(' ').slice(0, CONVERSATION_TITLE_MAX).trim()
  if (!title) return FALLBACK_TITLE
  // Title Case In Every Word becomes sentence case; a visitor's own capitals ('Berlin') are kept.
  const rest = words.slice(1)
  const capitalised = rest.filter((w) => /^\p{Lu}\p{Ll}/u.test(w)).length
  const cased = rest.length > 0 && capitalised / rest.length >= 0.6 ? sentenceCaseWords(title) : title
  return cased.charAt(0).toUpperCase() + cased.slice(1)
}
