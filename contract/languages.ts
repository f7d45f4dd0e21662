import { z } from 'zod/mini'

/**
 * spec 2 §3 'Language entry': the 32 languages a call can be held in, Arabic through Vietnamese. `code` is
 * what the server, the TTS voice and the transcriber receive; `voice_model_support` says the clone's voice
 * model (ElevenLabs multilingual turbo) speaks it; the transcription flags say which speech-to-text family
 * hears it (Deepgram for Vapi calls, Whisper for the OpenAI-compatible transcription endpoint).
 */
export interface Language {
  readonly name: string
  readonly code: string
  readonly voice_model_support: boolean
  readonly transcription: { readonly deepgramSupported: boolean; readonly whisperSupported: boolean }
}

const lang = (name: string, code: string, deepgram: boolean, whisper = true, voice = true): Language => ({
  name,
  code,
  voice_model_support: voice,
  transcription: { deepgramSupported: deepgram, whisperSupported: whisper },
})

export const LANGUAGES: readonly Language[] = [
  lang('Arabic', 'ar', false),
  lang('Bulgarian', 'bg', true),
  lang('Chinese', 'zh', true),
  lang('Croatian', 'hr', false),
  lang('Czech', 'cs', true),
  lang('Danish', 'da', true),
  lang('Dutch', 'nl', true),
  lang('English', 'en', true),
  lang('Filipino', 'fil', false),
  lang('Finnish', 'fi', true),
  lang('French', 'fr', true),
  lang('German', 'de', true),
  lang('Greek', 'el', true),
  lang('Hindi', 'hi', true),
  lang('Hungarian', 'hu', true),
  lang('Indonesian', 'id', true),
  lang('Italian', 'it', true),
  lang('Japanese', 'ja', true),
  lang('Korean', 'ko', true),
  lang('Malay', 'ms', true),
  lang('Norwegian', 'no', true),
  lang('Polish', 'pl', true),
  lang('Portuguese', 'pt', true),
  lang('Romanian', 'ro', true),
  lang('Russian', 'ru', true),
  lang('Slovak', 'sk', true),
  lang('Spanish', 'es', true),
  lang('Swedish', 'sv', true),
  lang('Tamil', 'ta', true),
  lang('Turkish', 'tr', true),
  lang('Ukrainian', 'uk', true),
  lang('Vietnamese', 'vi', true),
]

/** spec 2 §3: English is the default language. */
export const DEFAULT_LANGUAGE_CODE = 'en'

/** The table's languages written right to left (issue #25): the layout mirrors for them. */
const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur'])

export const isRightToLeft = (code: string): boolean =>
  RIGHT_TO_LEFT.has((code.split(/[-_]/)[0] ?? '').toLowerCase())

/** spec 2 §5 'Language choices': voice model support and a Deepgram or Whisper transcription flag. */
export const isSelectableLanguage = (l: Language) =>
  l.voice_model_support && (l.transcription.deepgramSupported || l.transcription.whisperSupported)

export const SELECTABLE_LANGUAGES: readonly Language[] = LANGUAGES.filter(isSelectableLanguage)

/** The selectable language of a code ('pt', 'pt-BR', 'PT' all give Portuguese), or undefined. */
export function findLanguage(code: string | null | undefined): Language | undefined {
  if (!code) return undefined
  const wanted = code.trim().toLowerCase()
  if (!wanted) return undefined
  const exact = SELECTABLE_LANGUAGES.find((l) => l.code === wanted)
  if (exact) return exact
  // Browser tags such as 'en-US', 'zh-Hant-TW', 'fil-PH': the primary subtag decides.
  const primary = wanted.split(/[-_]/)[0]
  return SELECTABLE_LANGUAGES.find((l) => l.code === primary)
}

/** spec 2 §5: 'Language {x} is not supported ...'. */
export const languageNotSupported = (language: string) =>
  `Language ${language} is not supported. Choose one of: ${SELECTABLE_LANGUAGES.map((l) => l.name).join(', ')}.`

/**
 * spec 2 §5: a language must be a non-empty string and supported. Returns the language's code, or the
 * error text to show (the server answers it as a 400).
 */
export function checkLanguage(
  language: unknown,
): { ok: true; code: string } | { ok: false; message: string } {
  if (typeof language !== 'string' || !language.trim())
    return { ok: false, message: 'Language must be a non-empty string.' }
  const found = findLanguage(language)
  return found ? { ok: true, code: found.code } : { ok: false, message: languageNotSupported(language) }
}

/**
 * spec 2 §5: with no preferred language stored, the browser's language when supported, else English.
 * `browserLanguages` is navigator.languages (first match wins).
 */
export function initialLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): string {
  const kept = findLanguage(stored)
  if (kept) return kept.code
  for (const tag of browserLanguages) {
    const found = findLanguage(tag)
    if (found) return found.code
  }
  return DEFAULT_LANGUAGE_CODE
}

export const LanguageCode = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(35),
  z.refine((v) => findLanguage(v) !== undefined, {
    error: (issue) => languageNotSupported(String(issue.input)),
  }),
)

/**
 * The languages whose interface catalog (contract/locales/<code>.json) is not complete yet (issue #25). The
 * interface is not offered in them: a visitor who prefers one gets their next browser language, else
 * English. Calls are held in all 32. `npm run i18n:check` holds this list to the catalogs: a language
 * listed here whose catalog is complete, or one missing here whose catalog is not, fails it.
 */
export const UNTRANSLATED_LANGUAGES: ReadonlySet<string> = new Set<string>([])

/** The languages the interface can be shown in. */
export const INTERFACE_LANGUAGES: readonly Language[] = LANGUAGES.filter(
  (l) => !UNTRANSLATED_LANGUAGES.has(l.code),
)

/**
 * The interface language (issue #25): the stored preference when the interface speaks it, else the first of
 * the browser's languages it speaks, else English.
 */
export function interfaceLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): string {
  for (const tag of [stored, ...browserLanguages]) {
    const code = findLanguage(tag)?.code
    if (code && !UNTRANSLATED_LANGUAGES.has(code)) return code
  }
  return DEFAULT_LANGUAGE_CODE
}
