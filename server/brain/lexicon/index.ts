import { loadWordVectors, type WordVectors } from './word-vectors'
import { loadWordNet, type WordNet } from './wordnet'

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

export function lexicon(): Lexicon {
  if (!loaded) loaded = { vectors: attempt(loadWordVectors), wordnet: attempt(loadWordNet) }
  return loaded
}

function attempt<T>(load: () => T): T | null {
  try {
    return load()
  } catch (error) {
    console.warn(
      `The clone brain's lexicon could not be loaded; answering by word stems only: ${String(error)}`,
    )
    return null
  }
}

export type { WordNet, WordVectors }
