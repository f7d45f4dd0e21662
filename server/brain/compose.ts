import { CREATOR_ANSWER_TITLE } from '../../contract/knowledge'
import { brainTexts, languageName } from './answer-language'
import { answerTypeOf, holdsAnswerType } from './answer-type'
import type { AnswerInput, AnswerSource } from './answerer'
import { isPair, withPairs } from './bm25'
import { splitSentences } from './chunk'
import { analyzerFor, languageCode } from './language/analyzer'
import { lexicon } from './lexicon'
import { type Concept, rowsOfWords, strengthOf } from './meaning'
import { firstName, offTopicReply, smallTalkOf, smallTalkReply } from './small-talk'
import { voiceOf } from './voice'

/** At most this many sources are quoted; the others are shown as 'relevant' (spec 1 §2 'Sources'). */
export const MAX_QUOTED_SOURCES = 3
/** Keeps answers chat-sized, whatever the sources hold. */
export const ANSWER_WORD_BUDGET = 120
/** The lead source's second-best sentence is quoted too when it scores at least this share of the best. */
const SECOND_SENTENCE_RATIO = 0.35
/** A later source is quoted only when its best sentence is nearly as much on point as the first one's. */
const SUPPORTING_SENTENCE_RATIO = 0.6
/** ...and carries most of what the question asks about (share of the query's term weight). */
const SUPPORTING_SENTENCE_COVERAGE = 0.45
const SUPPORTING_SENTENCE_WORDS = 40
/** Sentences about the source rather than the subject ('Today I’m sharing...', 'this video is for you'). */
const META =
  /\b(this (video|episode|article|chapter|workbook|guide|post|lesson)|today (i|we|is)\b|let[’']?s (cover|talk|look)|welcome to|ask me about|people ask|many people say|in this (video|episode))/i
/** The least a sentence of a creator's own answer to the question scores (see sentenceCandidates). */
const CREATOR_ANSWER_FLOOR = 1
/** A sentence with the kind of fact asked for ('How many...?': a number) is preferred by this much (answer-type.ts). */
const ANSWER_TYPE_BOOST = 2
/** ...and scores at least this before the boost, though it shares no word with the question ('Allow six hours.'). */
const ANSWER_TYPE_BASE = 0.1
/** A concept the source's title names is its subject: it tells the source's sentences apart this much less. */
const SUBJECT_WEIGHT = 0.2
/** A sentence that asks ('Jamie asks whether...', 'do I restore radios for other people?'). */
const ASKS =
  /\b(asks?|asked|asking|wonders?|wondering|wants to know)\b,?\s+(me\s+)?(whether|if|about|what|how|why|when|where|who|which|do|does|can|is|are)\b/i
/** The sentence after it takes this share of its score: it is most likely the answer. */
const ANSWER_AFTER_QUESTION = 0.8
/** A sentence holds a concept (for its rarity among the source's sentences) from this strength up. */
const HOLDS = 0.5
/** A phrase of the question found whole in a sentence ('opening hours'). */
const PAIR_BONUS = 0.1
/** Sentences shorter than this are fragments ('Thanks!', 'Exactly.'), not answers. */
const MIN_SENTENCE_WORDS = 3

interface Candidate {
  text: string
  score: number
  /** Share of the query's single-term weight found in the sentence. */
  coverage: number
  words: number
  position: number
  terms: Set<string>
}

/**
 * The local clone brain's answer, in the clone's voice. Grounded answers are built from the best
 * sentences of the top sources, each followed by its [n] marker; sources are quoted in rank order
 * and a source is only quoted when the ones before it are, so markers run 1..n in order of first use.
 * Its own lines are written in the answer's language (input.answerLanguage, issue #25); the material is
 * quoted as written, and a conversation's first answer quoting material in another language says so once.
 */
export function composeAnswer(input: AnswerInput): string {
  const language = input.answerLanguage ?? 'en'
  const texts = brainTexts(language)
  const unread = (input.attachments ?? []).filter((file) => file.text === null)
  const { text: answer, quotesMaterial } = composeFromSources(input)
  const note = quotesMaterial ? materialLanguageNote(input) : null
  // Issue #15: a file that could not be read is said so, with its reason, before the answer.
  const notes = unread.map((file) => texts.fileNotRead(file.fileName, unreadReason(file.error, language)))
  return [note, notes.join(' '), answer].filter(Boolean).join('\n\n')
}

const unreadReason = (error: string | null, language: string) => {
  const reason = (error ?? brainTexts(language).fileNotReadReason).replace(/[.!]+$/, '')
  return `${reason.charAt(0).toLocaleLowerCase(language)}${reason.slice(1)}.`
}

/**
 * 'My material is in English, so I answer from it as written.', in the answer's language, when the material
 * (the clone's language) is written in another; only once: not when an earlier answer of the conversation
 * said it already.
 */
export function materialLanguageNote(input: AnswerInput): string | null {
  const answerLanguage = input.answerLanguage
  if (!answerLanguage) return null
  const material = languageCode(input.language)
  if (material === answerLanguage) return null
  const note = brainTexts(answerLanguage).materialLanguage(languageName(material, answerLanguage))
  const saidAlready = input.history.some((turn) => turn.sender === 'CLONE' && turn.text.includes(note))
  return saidAlready ? null : note
}

/**
 * The answer, and whether it quotes the clone's material (not small talk, the honest 'not in my material',
 * nor only the visitor's attached files).
 */
function composeFromSources(input: AnswerInput): { text: string; quotesMaterial: boolean } {
  const language = input.answerLanguage ?? 'en'
  const texts = brainTexts(language)
  if (input.intent === 'greeting') {
    const kind = smallTalkOf(input.question, input.clone.name) ?? 'hello'
    return { text: smallTalkReply(kind, input.clone.name, input.topics, language), quotesMaterial: false }
  }
  if (input.intent === 'offTopic' || input.sources.length === 0)
    return { text: offTopicReply(input.topics, language), quotesMaterial: false }

  const voice = voiceOf(input.clone.toneFeedback)
  const attached = new Set((input.attachments ?? []).map((file) => file.uploadId))
  let quotesMaterial = false
  const quoted: string[][] = []
  const chosenTerms: Set<string>[] = []
  let budget = ANSWER_WORD_BUDGET
  let leadScore = 0
  for (const source of input.sources.slice(0, MAX_QUOTED_SOURCES)) {
    const first = quoted.length === 0
    const all = sentenceCandidates(source, input)
    const candidates = all
      .filter((c) => !chosenTerms.some((terms) => overlap(terms, c.terms) > 0.6))
      // A supporting source adds one sentence, and only one that is clearly on the question.
      .filter(
        (c) => first || (c.coverage >= SUPPORTING_SENTENCE_COVERAGE && c.words <= SUPPORTING_SENTENCE_WORDS),
      )
      .sort((a, b) => b.score - a.score)
    const best = candidates[0]
    // A lead source with nothing quotable (only its question matched) gives way to the next one.
    if (!best || best.score <= 0) {
      if (first) continue
      break
    }
    if (!first && (best.score < leadScore * SUPPORTING_SENTENCE_RATIO || best.words > budget)) break
    if (first) leadScore = best.score
    // The lead source gives its two best sentences (and any they lean on), a supporting source one.
    const chosen = first
      ? candidates.slice(0, 2).filter((c, i) => i === 0 || c.score >= best.score * SECOND_SENTENCE_RATIO)
      : [best]
    // The sentence that holds the answer leads; a sentence it leans on ('That means...') comes before it.
    const picked = first ? withAntecedents(chosen, all) : chosen
    const leading = withAntecedents([best], all).sort((a, b) => a.position - b.position)
    const rest = picked
      .filter((c) => !leading.some((l) => l.position === c.position))
      .sort((a, b) => a.position - b.position)
    const fitting = [...leading, ...rest].filter((c) => {
      if (c !== best && c.words > budget) return false
      budget -= c.words
      return true
    })
    quoted.push(fitting.map((c) => withMarker(c.text, source.number)))
    if (!attached.has(source.documentId)) quotesMaterial = true
    for (const c of fitting) chosenTerms.push(c.terms)
    if (budget <= 0) break
  }
  if (quoted.length === 0) return { text: offTopicReply(input.topics, language), quotesMaterial: false }

  const opening = voice.warm ? texts.openings[pickBySeed(OPENINGS, input.question)] : null
  const body = quoted.map((sentences) => sentences.join(' ')).join(' ')
  const closing = closingLine(voice, `${input.question} ${body}`, chosenTerms.length, texts)
  return {
    text: [opening ? `${opening} ${body}` : body, closing].filter(Boolean).join('\n\n'),
    quotesMaterial,
  }
}

/** The openings of brain.strings.ts, in this order (the same question always gets the same one). */
const OPENINGS = ['goodQuestion', 'howILookAtIt', 'happyToHelp', 'whatIdTellYou'] as const

const HEALTH =
  /\b(insomnia|apnea|snor\w*|disorder|medic\w*|pill|symptom\w*|pain|dose|dosing|melatonin|supplement\w*)\b/i

/** One closing line at most: a clinician note when the answer touches health, else a next step. */
function closingLine(
  voice: ReturnType<typeof voiceOf>,
  answered: string,
  points: number,
  texts: ReturnType<typeof brainTexts>,
): string | null {
  if (voice.clinicianNote && HEALTH.test(answered)) return texts.clinicianNote
  if (!voice.nextStep) return null
  return points > 1 ? texts.suggestionForSeveral : texts.suggestionForOne
}

/** Sentences of a source worth quoting, scored by how much of the question they hold. */
function sentenceCandidates(source: AnswerSource, input: AnswerInput): Candidate[] {
  const analyzer = analyzerFor(input.language)
  const vectors = analyzer.code === 'en' ? lexicon().vectors : null
  const introduction = introductionOf(firstName(input.clone.name))
  const asked = answerTypeOf(input.question)
  let totalWeight = 0
  for (const [term, weight] of input.termWeights) if (!isPair(term)) totalWeight += weight
  const answersAQuestion = source.documentTitle === CREATOR_ANSWER_TITLE && /^question:/im.test(source.text)
  const sentences = splitSentences(source.text).flatMap((raw, position) => {
    if (/^question:/i.test(raw)) return []
    const text = raw.replace(/^(answer from [^:]{1,40}|summary|to sum up[^:]{0,30}|tip|note):\s*/i, '').trim()
    const n = wordCount(text)
    // Questions, intros ('Hi, I’m Lena. Today I’m sharing...') and fragments make poor answers; a question
    // is kept to be scored, since the sentence after it answers it (a Q&A, a listener's question in an episode).
    const asks = /\?["”’)]*$/.test(text) || ASKS.test(text)
    if (n < MIN_SENTENCE_WORDS || /:$/.test(text) || /^(hi|hello|welcome)\b/i.test(text)) return []
    if (introduction?.test(text)) return []
    const words = analyzer.words(text).filter(analyzer.isContentWord)
    return [
      {
        text,
        n,
        position,
        asks,
        // A short reported question ('Next, Jamie asks whether the workshop's open.') is no answer either.
        quotable: !/\?["”’)]*$/.test(text) && !(ASKS.test(text) && n <= 12),
        terms: new Set(withPairs(analyzer.terms(text))),
        rows: rowsOfWords(words, vectors),
      },
    ]
  })
  const exactIn = (terms: Set<string>, matches: ReadonlyMap<string, number>) => {
    let strength = 0
    for (const [term, s] of matches) if (s > strength && terms.has(term)) strength = s
    return strength
  }
  const strengthIn = (sentence: { terms: Set<string>; rows: Int32Array }, concept: Concept) =>
    strengthOf(concept, exactIn(sentence.terms, concept.matches), sentence.rows, vectors)
  // Within a source, a concept that many of its sentences hold, or its title names (the subject it was
  // retrieved for: 'the Tarn Hut'), tells its sentences apart less than one only a few hold ('shut' / 'closes').
  const titleTerms = new Set(analyzer.terms(source.documentTitle))
  const spread = 1 + Math.log(Math.max(1, sentences.length))
  const concepts = (input.concepts ?? []).map((concept) => {
    const strengths = sentences.map((s) => strengthIn(s, concept))
    const holding = strengths.filter((s) => s >= HOLDS).length
    const rarity = (1 + Math.log(Math.max(1, sentences.length) / Math.max(1, holding))) / spread
    const subject = exactIn(titleTerms, concept.matches) > 0 ? SUBJECT_WEIGHT : 1
    return { ...concept, strengths, weight: concept.mass * rarity * subject }
  })
  const scored = sentences.map(({ text, n, position, terms }, i) => {
    let score = 0
    let covered = 0
    if (concepts.length > 0) {
      // The share of the question the sentence holds, each concept as itself or a word of the same meaning.
      for (const concept of concepts) {
        const strength = concept.strengths[i]!
        // Coverage (what a supporting source must show) counts only what the sentence surely holds.
        if (strength >= HOLDS) covered += concept.mass * strength
        score += concept.weight * strength
      }
      for (const term of terms)
        if (isPair(term) && (input.termWeights.get(term) ?? 0) > 0) score += PAIR_BONUS
      totalWeight = 1
    } else {
      for (const term of terms) {
        const weight = input.termWeights.get(term) ?? 0
        score += weight
        if (!isPair(term)) covered += weight
      }
    }
    // The kind of fact asked for ('how many': a number) marks the sentence that answers, even in other words.
    if (asked && holdsAnswerType(text, asked)) score = (score + ANSWER_TYPE_BASE) * ANSWER_TYPE_BOOST
    if (META.test(text)) score *= 0.3
    // Reported speech ('Many people say, “...”') is not the clone's own answer.
    if (/[“”"]/.test(text)) score *= 0.5
    if (n > 40) score *= 0.6
    // A creator's answer was retrieved by its 'Question:' line: its answer is on the question even when it
    // shares no word with it ('Stop caffeine by early afternoon' for 'how late can I drink coffee?').
    if (answersAQuestion && score < CREATOR_ANSWER_FLOOR) score = CREATOR_ANSWER_FLOOR
    const coverage = totalWeight > 0 ? covered / totalWeight : 0
    return { text: capitalise(text), score, coverage, words: n, position, terms }
  })
  // The sentence right after a question on the visitor's question answers it: it shares in that question's score.
  return scored.flatMap((candidate, i) => {
    const before = sentences[i - 1]
    const asked = before?.asks && before.position >= candidate.position - 2 ? scored[i - 1]!.score : 0
    if (!sentences[i]!.quotable) return []
    return [{ ...candidate, score: candidate.score + asked * ANSWER_AFTER_QUESTION }]
  })
}

/** 'I’m Lena', 'my name is Lena': the clone introducing itself, no answer to quote. */
function introductionOf(name: string): RegExp | null {
  const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return escaped
    ? new RegExp(`\\b(i[’']?m|i am|my name is|this is|it[’']?s)\\s+(dr\\.?\\s+)?${escaped}\\b`, 'i')
    : null
}

/** Opens by pointing back ('That means...', 'So...'): it needs the sentence before it to make sense. */
const POINTS_BACK = /^(that|this|these|those|so|it|then|which|with that|that means)\b|\bthat means\b/i

/** Adds the sentences a picked one leans on (at most two back: 'If ..., make it 10 hours.' leans too). */
function withAntecedents(picked: Candidate[], all: Candidate[]): Candidate[] {
  const result = [...picked]
  for (const c of picked) {
    let current = c
    for (
      let steps = 0;
      steps < 2 && (POINTS_BACK.test(current.text) || /^if\b/i.test(current.text));
      steps++
    ) {
      const before = all.find((o) => o.position === current.position - 1)
      if (!before) break
      if (!result.some((r) => r.position === before.position)) result.push(before)
      current = before
    }
  }
  return result
}

/** 'Have your last coffee 8 hours before bed.' -> 'Have your last coffee 8 hours before bed [1].' */
export function withMarker(sentence: string, number: number): string {
  const match = /([.!?…]+["”’)]*)$/.exec(sentence)
  if (!match) return `${sentence} [${number}].`
  return `${sentence.slice(0, match.index)} [${number}]${match[1]}`
}

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const term of a) if (b.has(term)) shared++
  return shared / Math.min(a.size, b.size)
}

/** The same question always gets the same opening (answers stay reproducible in tests). */
function pickBySeed<T>(items: readonly T[], seed: string): T {
  let hash = 0
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return items[hash % items.length]!
}
