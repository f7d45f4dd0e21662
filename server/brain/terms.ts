/**
 * Search terms of a text for the knowledge index: lower-cased words and numbers, English stop words
 * removed, suffixes stripped so 'naps', 'napping' and 'nap' meet. A light stemmer on purpose: it only
 * has to make a question and a source agree, never to produce real words.
 */

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing don down during each even ever every few for
  from further get gets got had has have having he her here hers herself him himself his how i if in
  into is it its itself just let lets me more most much my myself no nor not now of off on once only
  or other our ours ourselves out over own really same she should so some still such than that the
  their theirs them themselves then there these they this those through to too under until up upon
  us very was we were what when where which while who whom why will with would you your yours
  yourself yourselves im ive id ill youre youve dont doesnt didnt cant wont isnt arent wasnt
  please tell know want like thing things anything something way lot lots ok okay hey hi hello
  thanks thank never always many`.split(/\s+/),
)

/** Words of a text: letters and digits, apostrophes folded so "don’t" reads as one word ('dont'). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’‘`]/g, '')
      .match(/[a-z0-9]+/g) ?? []
  )
}

/** The search terms of a text, in order, repeats kept (term frequency matters to BM25). */
export function searchTerms(text: string): string[] {
  const terms: string[] = []
  for (const word of words(text)) {
    if (STOP_WORDS.has(word)) continue
    // A lone letter carries no meaning; numbers ('20', '90') do ('20-minute nap').
    if (word.length < 2 && !/\d/.test(word)) continue
    terms.push(stem(word))
  }
  return terms
}

export const isStopWord = (word: string) => STOP_WORDS.has(word)

const VOWEL = /[aeiouy]/

/** Suffix stripping in the spirit of Porter's step 1 plus a final 'e': plural, -ing, -ed, -ly. */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word
  let w = word
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)

  for (const suffix of ['ing', 'edly', 'ed', 'ly']) {
    if (!w.endsWith(suffix)) continue
    const base = w.slice(0, -suffix.length)
    if (base.length < 3 || !VOWEL.test(base)) break
    w = base
    // 'napping' -> 'napp' -> 'nap'; but 'falling' keeps its 'll' ('fall').
    if (/([^aeiouylsz])\1$/.test(w)) w = w.slice(0, -1)
    break
  }
  // 'race' and 'racing' both end as 'rac'; 'caffeine' and 'caffeinated' nearly so.
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1)
  return w
}
