import { LANGUAGES } from '../../contract'
import { languageCode } from './language'

/*
 * The eSpeak NG voices a creator can give a clone on the embedded default (issue #16 'Language and voice'):
 * the regional accents eSpeak has for each product language, each as a male and a female variant. A voice
 * id is `espeak:<voice>[+<variant>]`; only ids of this list reach the espeak-ng command line.
 */

export interface EspeakVoice {
  id: string
  label: string
  /** The product language code (contract LANGUAGES) it speaks. */
  language: string
}

/**
 * eSpeak accents by product language code; a language missing here uses its own code as eSpeak's voice.
 * British English and French of France are named by their voice files ('en', 'fr'): eSpeak NG 1.51 drops the
 * variant of '-v en-gb+f3' and '-v fr-fr+f3' (the language names), but not of 'en+f3' and 'fr+f3'.
 */
const ACCENTS: Record<string, [voice: string, label: string][]> = {
  en: [
    ['en-us', 'American English'],
    ['en', 'British English'],
    ['en-gb-scotland', 'Scottish English'],
    ['en-029', 'Caribbean English'],
  ],
  es: [
    ['es', 'Spanish (Spain)'],
    ['es-419', 'Spanish (Latin America)'],
  ],
  fr: [
    ['fr', 'French (France)'],
    ['fr-be', 'French (Belgium)'],
  ],
  pt: [
    ['pt-br', 'Portuguese (Brazil)'],
    ['pt', 'Portuguese (Portugal)'],
  ],
  zh: [['cmn', 'Mandarin Chinese']],
  no: [['nb', 'Norwegian']],
}

/** Product languages eSpeak NG cannot speak (no voice of that language ships with it). */
const UNSPOKEN = new Set(['fil'])

/** Whether eSpeak NG has a voice of this language code. */
export const espeakSpeaks = (code: string) => !UNSPOKEN.has(code)

const VARIANTS: [suffix: string, label: string][] = [
  ['', 'male'],
  ['+f3', 'female'],
]

/** The voices of one product language (its code or English name), male and female for each accent. */
export function espeakVoicesFor(languageName: string): EspeakVoice[] {
  const code = languageCode(languageName)
  if (UNSPOKEN.has(code)) return []
  const accents = ACCENTS[code] ?? [[code, LANGUAGES.find((l) => l.code === code)?.name ?? code]]
  return accents.flatMap(([voice, label]) =>
    VARIANTS.map(([suffix, variant]) => ({
      id: `espeak:${voice}${suffix}`,
      label: `${label}, ${variant}`,
      language: code,
    })),
  )
}

/** The espeak-ng `-v` value of a catalogue voice id of this language, or null (then the language decides). */
export function espeakVoiceArgument(voiceId: string | null | undefined, language: string): string | null {
  if (!voiceId?.startsWith('espeak:')) return null
  const known = espeakVoicesFor(language).some((v) => v.id === voiceId)
  return known ? voiceId.slice('espeak:'.length) : null
}
