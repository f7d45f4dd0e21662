import { stringsIn } from '../../contract/i18n'
import { DEFAULT_LANGUAGE_CODE, findLanguage, LANGUAGES } from '../../contract/languages'
import { readyLanguage } from '../i18n'
import type { brainStrings } from './brain.strings'
// The table registers itself when imported; the local composer reads it in the answer's language.
import './brain.strings'

/**
 * Which language the clone answers in (issue #25 item 6). The clone option enableMultiLanguage (spec 1 §3)
 * decides: on, the clone follows the visitor's language (the chat's interface language, a call's language);
 * off, it keeps its own (clones.language). The material is read in the clone's language either way.
 */

/** What the rule reads of a clone: its own language (a code or a name) and its options. */
export interface CloneLanguageSettings {
  /** clones.language: 'en', 'es-MX' or 'English'; English when missing or unknown. */
  language?: string | null
  /** spec 1 §3 'Clone options'; a clone given without them follows the visitor (a new clone's default). */
  options?: { enableMultiLanguage?: boolean } | null
}

/** The contract code of a clone's language, given as a code or a name ('Spanish', 'es', 'es-MX'); 'en' else. */
export function cloneLanguageCode(language: string | null | undefined): string {
  const byCode = findLanguage(language)?.code
  if (byCode) return byCode
  const wanted = (language ?? '').trim().toLowerCase()
  return LANGUAGES.find((l) => l.name.toLowerCase() === wanted)?.code ?? DEFAULT_LANGUAGE_CODE
}

export interface AnswerLanguage {
  /** The code the clone answers in; undefined when it follows a visitor whose language is not known. */
  code: string | undefined
  /** enableMultiLanguage is off: the clone answers in its own language whatever the visitor writes in. */
  ownLanguageOnly: boolean
}

/**
 * enableMultiLanguage on: the visitor's language (undefined when the channel does not know it, e.g. a text
 * message: a language model then answers in the language the visitor writes in). Off: the clone's own.
 */
export function answerLanguageOf(
  clone: CloneLanguageSettings,
  visitorLanguage: string | null | undefined,
): AnswerLanguage {
  // Settings not given (a clone row always has them) follow the visitor, as a new clone does.
  if (clone.options?.enableMultiLanguage ?? true) {
    return { code: findLanguage(visitorLanguage)?.code, ownLanguageOnly: false }
  }
  return { code: cloneLanguageCode(clone.language), ownLanguageOnly: true }
}

/** A language's name in another language: languageName('en', 'es') is 'inglés'; English names by default. */
export function languageName(code: string, inLanguage = DEFAULT_LANGUAGE_CODE): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code
  } catch {
    return LANGUAGES.find((l) => l.code === code)?.name ?? code
  }
}

/** The local composer's fixed lines in `language` (English where its catalog lacks them). */
export const brainTexts = (language: string = DEFAULT_LANGUAGE_CODE) =>
  stringsIn<typeof brainStrings>('server.brain', readyLanguage(language))
