import { proxy } from 'valtio'
import {
  activeLanguage,
  addCatalog,
  type Catalog,
  hasCatalog,
  setActiveLanguage,
} from '../../../contract/i18n'
import { DEFAULT_LANGUAGE_CODE, interfaceLanguage, isRightToLeft } from '../../../contract/languages'

/**
 * The interface language (issue #25): the visitor's userPreferredLanguage if set, else the first of the
 * browser's languages the product speaks, else English. The same preference starts calls and dictation
 * (spec 2 §3). English is the tables' own text and in the first load; each other language's catalog is
 * its own chunk (assets/locale-<code>-<hash>.js), fetched when that language is chosen.
 */

/** The catalogs besides English, compiled at build time (pwa/i18n-plugin.ts). */
const CATALOGS = import.meta.glob<Catalog>(
  ['../../../contract/locales/*.json', '!../../../contract/locales/en.json'],
  {
    import: 'default',
  },
)
const loaderOf = (code: string) => CATALOGS[`../../../contract/locales/${code}.json`]

export interface LanguageState {
  /** The language texts are read in. */
  code: string
  dir: 'ltr' | 'rtl'
  /** Bumped on every switch, so the app renders again in the new language. */
  version: number
}

export const languageState = proxy<LanguageState>({ code: DEFAULT_LANGUAGE_CODE, dir: 'ltr', version: 0 })

/** The language the product would pick for this visitor, from a stored preference and the browser's list. */
export const preferredLanguage = (
  stored: string | null | undefined,
  browser: readonly string[] = navigatorLanguages(),
) => interfaceLanguage(stored, browser)

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : []
}

/**
 * Fetches a language's catalog (once) without switching the interface to it: for texts read in another
 * language than the interface's, such as a call's spoken lines in the call's language. False when it cannot
 * be fetched (those texts are then read in English).
 */
export async function loadLanguage(code: string): Promise<boolean> {
  if (hasCatalog(code)) return true
  const load = loaderOf(code)
  if (!load) return false
  try {
    addCatalog(code, await load())
    return true
  } catch (error) {
    console.warn(`The ${code} catalog could not be loaded`, error)
    return false
  }
}

/**
 * Shows the interface in `code`: fetches its catalog (once), then switches every text, `<html lang dir>` and
 * the layout direction. A catalog that cannot be fetched (offline, never cached) keeps the current language.
 */
export async function applyLanguage(code: string): Promise<boolean> {
  if (!(await loadLanguage(code))) return false
  const changed = code !== activeLanguage()
  setActiveLanguage(code)
  const dir = isRightToLeft(code) ? 'rtl' : 'ltr'
  if (typeof document !== 'undefined') {
    document.documentElement.lang = code
    document.documentElement.dir = dir
  }
  languageState.code = code
  languageState.dir = dir
  if (changed) languageState.version += 1
  // The first plural, number or date in a language loads its data into the engine: each in a task of its
  // own (issue #27), not inside the render that first needs one (the three together were a long task on a
  // slow phone).
  if (typeof setTimeout === 'function') for (const warm of intlWarmUps) setTimeout(() => warm(code), 0)
  return true
}

const intlWarmUps: ReadonlyArray<(code: string) => void> = [
  (code) => attemptIntl(() => new Intl.PluralRules(code).select(1)),
  (code) => attemptIntl(() => new Intl.NumberFormat(code).format(1)),
  (code) =>
    attemptIntl(() => new Intl.DateTimeFormat(code, { hour: 'numeric', minute: 'numeric' }).format(0)),
]

function attemptIntl(use: () => unknown) {
  try {
    use()
  } catch {
    // A tag the engine does not know: the formatters fall back on their own when used.
  }
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

function cached<F>(formats: Map<string, F>, options: object | undefined, make: (language: string) => F): F {
  const language = activeLanguage()
  const key = `${language} ${JSON.stringify(options ?? {})}`
  let format = formats.get(key)
  if (!format) {
    format = make(language)
    formats.set(key, format)
  }
  return format
}

/** A date or time format in the interface language, made once per language and options. */
export const dateFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(dateFormats, options, (language) => new Intl.DateTimeFormat(language, options))

/** A number format in the interface language, made once per language and options. */
export const numberFormat = (options?: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(numberFormats, options, (language) => new Intl.NumberFormat(language, options))

/** A language's own name, in itself ('Español', 'العربية'), for pickers. */
export function nativeLanguageName(code: string, fallback: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code)
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : fallback
  } catch {
    return fallback
  }
}

/** The cookie the server reads for the first screen it writes (server/i18n.ts LANGUAGE_COOKIE). */
const LANGUAGE_COOKIE = 'likeness_lang'

/** Tells the server the visitor's chosen language (or that none is chosen), for the pages it writes. */
export function rememberLanguageForServer(chosen: string | null): void {
  if (typeof document === 'undefined') return
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
  document.cookie = chosen
    ? `${LANGUAGE_COOKIE}=${encodeURIComponent(chosen)}; Path=/; Max-Age=31536000; SameSite=Lax`
    : `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
}
