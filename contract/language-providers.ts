/**
 * Issue #25 item 7: the code each speech provider takes for each of the 32 languages of
 * contract/languages.ts (LANGUAGES), or null where the provider does not take that language at all.
 *
 * - `whisper`: the `language` field of the OpenAI-compatible `POST /audio/transcriptions` (OpenAI whisper-1,
 *   Groq whisper-large-v3(-turbo), whisper.cpp; Vapi's Talkscriber and Cartesia ink-whisper transcribers take
 *   the same codes). ISO 639-1 as listed in Whisper's tokenizer, `LANGUAGES` in
 *   https://github.com/openai/whisper/blob/main/whisper/tokenizer.py — Filipino is not there, Tagalog `tl` is;
 *   Norwegian is `no`, Chinese `zh`. The API field: https://platform.openai.com/docs/api-reference/audio/createTranscription
 *   ("ISO-639-1 (e.g. en) format"); Groq: https://console.groq.com/docs/speech-text.
 * - `elevenLabs`: `language_code` of the text-to-speech request for eleven_turbo_v2_5 / eleven_flash_v2_5,
 *   https://elevenlabs.io/docs/overview/models ("eleven_multilingual_v2: en, ja, zh, de, hi, fr, ko, pt, it,
 *   es, id, nl, tr, fil, pl, sv, bg, ro, ar, cs, el, fi, hr, ms, sk, da, ta, uk, ru"; flash/turbo v2.5:
 *   "all eleven_multilingual_v2 languages plus: hu, no, vi"). Our 32 are exactly that list, Filipino as
 *   `fil`. eleven_multilingual_v2 itself lacks hu, no and vi.
 * - `deepgram`: the `language` of Vapi's Deepgram transcriber (`DeepgramTranscriber.language` in
 *   @vapi-ai/web dist/api.d.ts, which lists `tl` but not `fil`), for model nova-3:
 *   https://developers.deepgram.com/docs/models-languages-overview and its changelog — nova-3 took
 *   de/nl/sv/da (2025-08-15), es/fr/pt (2025-09-02), it/tr/no/id (2025-09-16), bg/cs/fi/hi/hu/ja/ko/pl/ru/uk/vi
 *   (2025-11-04), el/ms/ro/sk (2025-11-24), hr/ta/tl (2026-01-21,
 *   https://developers.deepgram.com/changelog/2026/1/21), zh (2026-03-31,
 *   https://developers.deepgram.com/changelog/2026/3/31) and Arabic `ar` (with 16 regional `ar-XX` codes; as
 *   quoted from that page in https://github.com/BasedHardware/omi/issues/6382). nova-2 takes fewer of ours:
 *   see DEEPGRAM_NOVA_2_CODES.
 * - `espeak`: the `espeak-ng -v` voice (eSpeak NG 1.51, `espeak-ng --voices`,
 *   https://github.com/espeak-ng/espeak-ng/blob/master/docs/languages.md): Mandarin is `cmn`, Norwegian
 *   Bokmål `nb`; eSpeak NG ships no Filipino or Tagalog voice (`-v fil` and `-v tl` fail).
 */
export interface LanguageProviderCodes {
  readonly whisper: string | null
  readonly elevenLabs: string | null
  readonly deepgram: string | null
  readonly espeak: string | null
}

const same = (code: string, espeak: string | null = code): LanguageProviderCodes => ({
  whisper: code,
  elevenLabs: code,
  deepgram: code,
  espeak,
})

/** Keyed by the contract/languages.ts code; a unit test holds it to LANGUAGES, row for row. */
export const LANGUAGE_PROVIDERS: Readonly<Record<string, LanguageProviderCodes>> = Object.freeze({
  ar: same('ar'),
  bg: same('bg'),
  zh: same('zh', 'cmn'),
  hr: same('hr'),
  cs: same('cs'),
  da: same('da'),
  nl: same('nl'),
  en: same('en'),
  fil: { whisper: 'tl', elevenLabs: 'fil', deepgram: 'tl', espeak: null },
  fi: same('fi'),
  fr: same('fr'),
  de: same('de'),
  el: same('el'),
  hi: same('hi'),
  hu: same('hu'),
  id: same('id'),
  it: same('it'),
  ja: same('ja'),
  ko: same('ko'),
  ms: same('ms'),
  no: same('no', 'nb'),
  pl: same('pl'),
  pt: same('pt'),
  ro: same('ro'),
  ru: same('ru'),
  sk: same('sk'),
  es: same('es'),
  sv: same('sv'),
  ta: same('ta'),
  tr: same('tr'),
  uk: same('uk'),
  vi: same('vi'),
})

/**
 * Our codes Deepgram's nova-2 (nova-2-general) takes, each as itself
 * (https://developers.deepgram.com/docs/models-languages-overview#nova-2): not ar, hr, fil (tl) or ta. Of
 * those, Tamil has the legacy `enhanced` model (`ta`); all four have nova-3.
 */
export const DEEPGRAM_NOVA_2_CODES: ReadonlySet<string> = new Set([
  'bg',
  'zh',
  'cs',
  'da',
  'nl',
  'en',
  'fi',
  'fr',
  'de',
  'el',
  'hi',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'ms',
  'no',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'es',
  'sv',
  'tr',
  'uk',
  'vi',
])

/** The row of a code ('fil', 'FIL', 'fil-PH' all give Filipino's), or undefined. */
function rowOf(code: string | null | undefined): LanguageProviderCodes | undefined {
  const wanted = code?.trim().toLowerCase()
  if (!wanted) return undefined
  if (Object.hasOwn(LANGUAGE_PROVIDERS, wanted)) return LANGUAGE_PROVIDERS[wanted]
  const primary = wanted.split(/[-_]/)[0] ?? ''
  return Object.hasOwn(LANGUAGE_PROVIDERS, primary) ? LANGUAGE_PROVIDERS[primary] : undefined
}

/** The Whisper / OpenAI-compatible transcription `language` of a code, or null. */
export const whisperLanguage = (code: string | null | undefined): string | null =>
  rowOf(code)?.whisper ?? null

/** The ElevenLabs `language_code` (turbo / flash v2.5) of a code, or null. */
export const elevenLabsLanguage = (code: string | null | undefined): string | null =>
  rowOf(code)?.elevenLabs ?? null

/** The Deepgram (nova-3) `language` of a code, or null. */
export const deepgramLanguage = (code: string | null | undefined): string | null =>
  rowOf(code)?.deepgram ?? null

/** The `espeak-ng -v` voice of a code, or null when eSpeak NG has none. */
export const espeakVoice = (code: string | null | undefined): string | null => rowOf(code)?.espeak ?? null
