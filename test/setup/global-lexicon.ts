import { loadWordVectors } from '../../server/brain/lexicon/word-vectors'
import { loadWordNet } from '../../server/brain/lexicon/wordnet'

/**
 * The clone brain's lexicon (issue #23) is prepared from its npm packages once per machine, in seconds; done
 * here, before the workers start, so they only ever read the prepared files and never prepare them in parallel.
 */
export default function setup() {
  loadWordVectors()
  loadWordNet()
}
