import snowball from 'snowball-stemmers'
import stopwordsIso from 'stopwords-iso/stopwords-iso.json' with { type: 'json' }
import { LANGUAGES } from '../../../contract/languages'

/**
 * How the knowledge index reads text in the clone's language (issue #23): its words, its stop words and the
 * stem each word is indexed under, so 'closes' meets 'closed' and 'colmenas' meets 'colmena'. Snowball
 * stemmers (Porter2 for English) for the languages Snowball covers; the words as they are for the others.
 */
export interface Analyzer {
  /** The language's code (contract LANGUAGES), 'en' for English. */
  readonly code: string
  /** Lower-cased words and numbers of a text, stop words included, in order. */
  words(text: string): string[]
  isStopWord(word: string): boolean
  /** A word that is searched for: no stop word, no lone letter (numbers and CJK characters count). */
  isContentWord(word: string): boolean
  /** The index term of one word from `words`. */
  stem(word: string): string
  /** The search terms of a text: stems of its content words, in order, repeats kept (BM25 counts them). */
  terms(text: string): string[]
}

/** The Snowball algorithm of each language code that has one. */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: 'arabic',
  da: 'danish',
  nl: 'dutch',
  en: 'english',
  fi: 'finnish',
  fr: 'french',
  de: 'german',
  hu: 'hungarian',
  it: 'italian',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  es: 'spanish',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  cs: 'czech',
}

/**
 * English stop words: function words plus the words a visitor wraps a question in ('please tell me', 'I want
 * to know'). Kept short on purpose: 'open', 'price' or 'home' are what a question is about.
 */
const ENGLISH_STOP_WORDS = `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing don down during each even ever every few for
  from further get gets got had has have having he her here hers herself him himself his how i if in
  into is it its itself just let lets me more most much my myself no nor not now of off on once only
  or other our ours ourselves out over own really same she should so some still such than that the
  their theirs them themselves then there these they this those through to too under until up upon
  us very was we were what when where which while who whom whose why will with would you your yours
  yourself yourselves im ive id ill youre youve dont doesnt didnt cant wont isnt arent wasnt
  please tell know want like thing things anything something way lot lots ok okay hey hi hello
  thanks thank never always many may might must shall yes yeah whats wheres whos hows shouldnt wouldnt
  couldnt mustnt havent hasnt hadnt werent aint theyre theres heres thats`

/** Languages written without spaces between words: split with the platform's word segmenter. */
const UNSPACED = new Set(['zh', 'ja'])

const stopWordsOf = (code: string): Set<string> => {
  if (code === 'en') return new Set(ENGLISH_STOP_WORDS.split(/\s+/).filter(Boolean))
  const list = (stopwordsIso as Record<string, string[] | undefined>)[code] ?? []
  return new Set(list.map((w) => fold(w.toLowerCase())))
}

/** Accents and apostrophes folded: 'Tomás' and 'tomas', 'don’t' and 'dont' are one word. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’‘`]/g, '')

const cache = new Map<string, Analyzer>()

/** The analyzer of a language given by name ('Spanish') or code ('es', 'es-MX'); English when unknown. */
export function analyzerFor(language: string | null | undefined): Analyzer {
  const code = languageCode(language)
  let analyzer = cache.get(code)
  if (!analyzer) {
    analyzer = createAnalyzer(code)
    cache.set(code, analyzer)
  }
  return analyzer
}

export const englishAnalyzer = (): Analyzer => analyzerFor('en')

/** The contract code of a language name or code; 'en' when it names none. */
export function languageCode(language: string | null | undefined): string {
  const wanted = (language ?? '').trim().toLowerCase()
  if (!wanted) return 'en'
  const found =
    LANGUAGES.find((l) => l.name.toLowerCase() === wanted || l.code === wanted) ??
    LANGUAGES.find((l) => l.code === wanted.split(/[-_]/)[0])
  return found?.code ?? 'en'
}

function createAnalyzer(code: string): Analyzer {
  const stopWords = stopWordsOf(code)
  const algorithm = SNOWBALL[code]
  const stemmer = algorithm ? snowball.newStemmer(algorithm) : null
  const segmenter = UNSPACED.has(code) ? new Intl.Segmenter(code, { granularity: 'word' }) : null
  const stems = new Map<string, string>()

  const words = (text: string): string[] => {
    const lower = text.toLowerCase()
    if (segmenter) {
      return [...segmenter.segment(lower)].filter((s) => s.isWordLike).map((s) => fold(s.segment))
    }
    // English folds apostrophes inside words ('don’t'); elsewhere they separate ('l’heure', 'dell’arte').
    const prepared = code === 'en' ? lower.replace(/(\p{L})['’‘`](\p{L})/gu, '$1$2') : lower
    return (prepared.match(/[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu) ?? []).map(fold)
  }

  const stem = (word: string): string => {
    if (!stemmer || /\d/.test(word) || word.length <= 2) return word
    let result = stems.get(word)
    if (result === undefined) {
      result = fold(stemmer.stem(word))
      // The cache only ever holds the vocabulary of the material and its questions; bounded all the same.
      if (stems.size > 200_000) stems.clear()
      stems.set(word, result)
    }
    return result
  }

  const isStopWord = (word: string) => stopWords.has(word)
  // A lone letter carries no meaning; numbers ('20', '90') and CJK characters do.
  const isContentWord = (word: string) =>
    !stopWords.has(word) &&
    (word.length >= 2 || /[\d\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word))

  return {
    code,
    words,
    isStopWord,
    isContentWord,
    stem,
    terms: (text) => words(text).filter(isContentWord).map(stem),
  }
}
