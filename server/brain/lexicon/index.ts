import { loadWordVectors, loadWordVectorsAsync, type WordVectors } from './word-vectors'
import { loadWordNet, loadWordNetAsync, type WordNet } from './wordnet'

/**
 * The English lexicon the knowledge index leans on for meaning (issue #23): GloVe word vectors (similar words,
 * and how common a word is in general English) and WordNet synonyms. Loaded once per process, the first time a
 * clone's index is built; a missing package leaves the brain matching by stems alone, never failing.
 */
export interface Lexicon {
  vectors: WordVectors | null
  wordnet: WordNet | null
}

let loaded: Lexicon | null = null
let loading: Promise<Lexicon> | null = null

export function lexicon(): Lexicon {
  if (!loaded) loaded = { vectors: attempt(loadWordVectors), wordnet: attempt(loadWordNet) }
  return loaded
}

/**
 * The lexicon, loaded without holding the event loop for the whole load (issue #27: the server builds its
 * knowledge indexes after it listens, and answers meanwhile). Every caller shares one load; lexicon() is
 * instant once it has resolved.
 */
export function loadLexicon(): Promise<Lexicon> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= (async () => {
    const vectors = await attemptAsync(loadWordVectorsAsync)
    const wordnet = await attemptAsync(loadWordNetAsync)
    // A synchronous lexicon() call may have loaded it meanwhile: keep the one already handed out.
    loaded ??= { vectors, wordnet }
    return loaded
  })()
  return loading
}

/** Whether the lexicon is in memory (tests: the server's start does not load it before it listens). */
export const lexiconLoaded = (): boolean => loaded !== null

function attempt<T>(load: () => T): T | null {
  try {
    return load()
  } catch (error) {
    warn(error)
    return null
  }
}

async function attemptAsync<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    warn(error)
    return null
  }
}

function warn(error: unknown) {
  console.warn(
    `The clone brain's lexicon could not be loaded; answering by word stems only: ${String(error)}`,
  )
}

export type { WordNet, WordVectors }
