import type { Pronunciation } from '../../contract/voice-settings'

/*
 * The creator's pronunciations (issue #26 part 2, spec 2 §3 'wordPhonemeMapping') applied to what a speaker
 * is given, one way per engine:
 * - eSpeak NG: phonemes as its own phoneme input `[[...]]` (IPA translated to eSpeak's ASCII mnemonics),
 *   respellings as plain text;
 * - ElevenLabs and Vapi's 11labs voice (SSML parsing on): phonemes as `<phoneme alphabet="ipa" ph="…">word
 *   </phoneme>`, respellings as plain text;
 * - any other speaker (Vapi's Cartesia and OpenAI voices): respellings only, phonemes left as the word.
 * Whole words only, case-insensitive, longest first so "New York" wins over "York".
 */

export type PronunciationTarget = 'espeak' | 'ssml' | 'text'

/** IPA → eSpeak NG's mnemonics (phsource/ph_english names); unknown symbols pass through unchanged. */
const IPA_TO_ESPEAK: [string, string][] = [
  ['tʃ', 'tS'],
  ['dʒ', 'dZ'],
  ['eɪ', 'eI'],
  ['aɪ', 'aI'],
  ['ɔɪ', 'OI'],
  ['aʊ', 'aU'],
  ['oʊ', 'oU'],
  ['əʊ', 'oU'],
  ['ˈ', "'"],
  ['ˌ', ','],
  ['ː', ':'],
  ['ə', '@'],
  ['ɚ', '3'],
  ['ɜ', '3'],
  ['æ', 'a'],
  ['ɑ', 'A'],
  ['ɒ', '0'],
  ['ɔ', 'O'],
  ['ɛ', 'E'],
  ['ɪ', 'I'],
  ['ʊ', 'U'],
  ['ʌ', 'V'],
  ['ŋ', 'N'],
  ['ʃ', 'S'],
  ['ʒ', 'Z'],
  ['θ', 'T'],
  ['ð', 'D'],
  ['ɹ', 'r'],
  ['ɾ', 't'],
  ['ɡ', 'g'],
  ['j', 'j'],
]

export function ipaToEspeak(ipa: string): string {
  let out = ipa.replace(/^[/[]+|[/\]]+$/g, '').trim()
  for (const [from, to] of IPA_TO_ESPEAK) out = out.split(from).join(to)
  // Nothing may close the phoneme block early or open markup.
  return out.replace(/[[\]<>]/g, '')
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** The text with each listed word said the creator's way, for this engine. */
export function applyPronunciations(
  text: string,
  pronunciations: readonly Pronunciation[] | null | undefined,
  target: PronunciationTarget,
): string {
  if (!pronunciations?.length || !text) return text
  const byWord = new Map(pronunciations.map((p) => [p.word.toLowerCase(), p]))
  const words = [...byWord.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp)
  // Letters and digits around a match mean it is part of a longer word.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${words.join('|')})(?![\\p{L}\\p{N}])`, 'giu')
  return text.replace(pattern, (match) => {
    const p = byWord.get(match.toLowerCase())
    if (!p) return match
    if (p.kind === 'respelling') return target === 'ssml' ? escapeXml(p.say) : p.say
    if (target === 'espeak') return `[[${ipaToEspeak(p.say)}]]`
    if (target === 'ssml')
      return `<phoneme alphabet="ipa" ph="${escapeXml(p.say)}">${escapeXml(match)}</phoneme>`
    return match
  })
}

/** spec 2 §3 'wordPhonemeMapping' (word → phonemes or respelling), as the call settings carry it. */
export function wordPhonemeMappingOf(pronunciations: readonly Pronunciation[] | null | undefined) {
  return Object.fromEntries((pronunciations ?? []).map((p) => [p.word, p.say]))
}
