import { readFileSync } from 'node:fs'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { addCatalog, type Catalog, setMessageCompiler, translate } from '../contract/i18n'
import { findLanguage, interfaceLanguage } from '../contract/languages'
import { serverPath } from './paths'

/**
 * The server's side of the translation layer (issue #25, contract/i18n.ts): the server writes mails, texts
 * and the first screen of a page in its reader's language. Its tables ('server.…' namespaces) are read
 * with `stringsIn(namespace, language)`; the renderer's texts the first screen repeats are read by id from
 * the same catalogs (contract/locales), English from en.json. Messages compile when first used.
 */
setMessageCompiler(compileMessageOrThrow)

/** The cookie the web app sets when a visitor chooses a language (renderer/src/lib/language.ts). */
export const LANGUAGE_COOKIE = 'likeness_lang'

const loaded = new Set<string>()

/** Loads a language's catalog from contract/locales once; a missing one leaves English in place. */
export function ensureCatalog(code: string): void {
  if (loaded.has(code)) return
  loaded.add(code)
  try {
    const catalog = JSON.parse(
      readFileSync(serverPath(`../contract/locales/${code}.json`), 'utf8'),
    ) as Catalog
    addCatalog(code, catalog)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}

/** A renderer text by id ('chat.promptPlaceholder'), in `language`, as the web app would show it. */
export function appText(id: string, language: string, values?: Record<string, unknown>): string {
  ensureCatalog('en')
  ensureCatalog(language)
  return translate(id, values, language)
}

/** A language with its catalog loaded, ready for `stringsIn(namespace, language)`. */
export function readyLanguage(language: string): string {
  ensureCatalog('en')
  ensureCatalog(language)
  return language
}

/**
 * 'es-ES,es;q=0.9,en;q=0.8' → the product's languages in the visitor's order of preference (quality,
 * then position), each once.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return []
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  const codes: string[] = []
  for (const { tag } of ranked) {
    const code = findLanguage(tag)?.code
    if (code && !codes.includes(code)) codes.push(code)
  }
  return codes
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

/**
 * The language a request is answered in: the visitor's chosen one (the web app's cookie), else the first
 * of Accept-Language the product speaks (the app sends its interface language there on API calls), else
 * English.
 */
export function requestLanguage(headers: Readonly<Record<string, string | string[] | undefined>>): string {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
  const chosen = cookieValue(first(headers.cookie), LANGUAGE_COOKIE)
  return readyLanguage(interfaceLanguage(chosen, acceptedLanguages(first(headers['accept-language']))))
}
