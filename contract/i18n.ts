import { type I18n, setupI18n } from '@lingui/core'

/**
 * The translation layer (issue #25), on Lingui's runtime (@lingui/core, about 2 KB gzipped): every
 * user-facing text lives in a feature's `*.strings.ts` table, written in English as an ICU message, and is
 * read through the table at the moment it is shown, in the active language.
 *
 * - `defineStrings('chat', { send: 'Send', fileNotRead: msg('{name} couldn’t be read', 'name') })` gives an
 *   object of the same shape: `chatStrings.send` reads 'chat.send' in the active language (a getter), and
 *   `chatStrings.fileNotRead(name)` formats 'chat.fileNotRead' with `{ name }`. Call sites read like the
 *   plain tables they were.
 * - The English of every table is the source: `npm run i18n:extract` writes it to contract/locales/en.json,
 *   which translators start from; `npm run lint` checks the 31 other catalogs against it (keys, placeholders,
 *   plural forms).
 * - Messages are compiled ahead of time: the web and desktop builds compile each table's `msg(...)` and each
 *   catalog at build time (pwa/i18n-plugin.ts), so the browser never loads the ICU parser. The server and the
 *   tests register Lingui's compiler instead (`setMessageCompiler`).
 * - A message missing from a catalog falls back to English.
 */

/** A message as Lingui compiles it (@lingui/message-utils): text and [name, type, format] tokens. */
export type CompiledMessage = readonly unknown[]
/** An ICU message as written, or as Lingui compiles it. */
export type Message = string | CompiledMessage
export type Catalog = Readonly<Record<string, Message>>

const MESSAGE = Symbol('message')

/** A message with placeholders, before `defineStrings` turns it into a function. */
interface MessageSpec {
  readonly [MESSAGE]: true
  readonly source: Message
  readonly names: readonly string[]
}

type Values<Names extends readonly string[]> = { readonly [K in keyof Names]: string | number }

/**
 * A message with placeholders: the ICU text and the names of its arguments, in the order the function the
 * table exposes takes them. `msg('{n, plural, one {# file} other {# files}}', 'n')` gives `(n) => string`.
 */
export function msg<const Names extends readonly string[]>(
  source: string,
  ...names: Names
): (...values: Values<Names>) => string {
  const spec: MessageSpec = { [MESSAGE]: true, source, names }
  return spec as unknown as (...values: Values<Names>) => string
}

const isSpec = (value: unknown): value is MessageSpec =>
  typeof value === 'object' && value !== null && MESSAGE in value

/** What each table's English says, by id ('chat.send'): the source catalog. */
const english = new Map<string, Message>()
/** The names of each message's arguments, by id. */
const argumentNames = new Map<string, readonly string[]>()
const catalogs = new Map<string, Catalog>()
const instances = new Map<string, I18n>()
const listeners = new Set<() => void>()
let active = 'en'
let compiler: ((source: string) => CompiledMessage) | undefined

/** The server and the tests compile messages when first used (the builds compile them ahead of time). */
export function setMessageCompiler(compile: (source: string) => CompiledMessage): void {
  compiler = compile
}

/** The language texts are read in now (a contract/languages.ts code). */
export const activeLanguage = (): string => active

/** Switches the language texts are read in; its catalog must be loaded first (`addCatalog`). */
export function setActiveLanguage(code: string): void {
  if (code === active) return
  active = code
  for (const listener of [...listeners]) listener()
}

export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A language's catalog (compiled or not), merged over what it had. */
export function addCatalog(code: string, catalog: Catalog): void {
  catalogs.set(code, { ...catalogs.get(code), ...catalog })
}

export const hasCatalog = (code: string): boolean => code === 'en' || catalogs.has(code)

function instanceFor(code: string): I18n {
  let instance = instances.get(code)
  if (!instance) {
    instance = setupI18n({ locale: code, messages: { [code]: {} } })
    instances.set(code, instance)
  }
  return instance
}

const compiledSources = new Map<string, Message>()

function compiled(message: Message): Message {
  if (typeof message !== 'string' || !compiler || !/[{}']/.test(message)) return message
  let done = compiledSources.get(message)
  if (!done) {
    done = compiler(message)
    compiledSources.set(message, done)
  }
  return done
}

/** The text of message `id` in `language` (English when the catalog lacks it), formatted with `values`. */
export function translate(id: string, values?: Readonly<Record<string, unknown>>, language = active): string {
  // The tables' own English first; an 'en' catalog stands in for tables a process does not load (the
  // server reads renderer texts from contract/locales/en.json).
  const message = catalogs.get(language)?.[id] ?? english.get(id) ?? catalogs.get('en')?.[id]
  if (message === undefined) return id
  const ready = compiled(message)
  if (typeof ready === 'string') return ready
  return instanceFor(language)._(id, values as Record<string, unknown>, {
    message: ready as unknown as string,
  })
}

/** Every English message by id, as written in the tables (for npm run i18n:extract and the checks). */
export const englishMessages = (): ReadonlyMap<string, Message> => english
export const messageArguments = (id: string): readonly string[] => argumentNames.get(id) ?? []

type Table = { readonly [key: string]: string | ((...values: never) => string) | Table }

function define(prefix: string, table: Table, target: Record<string, unknown>, language: () => string) {
  for (const [key, value] of Object.entries(table)) {
    const id = `${prefix}.${key}`
    if (typeof value === 'string') {
      english.set(id, value)
      Object.defineProperty(target, key, {
        enumerable: true,
        get: () => translate(id, undefined, language()),
      })
    } else if (isSpec(value)) {
      english.set(id, value.source)
      argumentNames.set(id, value.names)
      target[key] = (...args: unknown[]) =>
        translate(id, Object.fromEntries(value.names.map((name, i) => [name, args[i]])), language())
    } else if (typeof value === 'object' && value !== null) {
      const nested: Record<string, unknown> = {}
      define(id, value, nested, language)
      target[key] = nested
    } else {
      throw new Error(`${id}: a table holds strings, msg(...) messages and tables, not ${typeof value}`)
    }
  }
}

const definitions = new Map<string, Table>()

/**
 * A feature's texts under `namespace`: the same shape, each text read in the active language when used.
 * A namespace is defined once.
 */
export function defineStrings<const T extends Table>(namespace: string, table: T): T {
  if (definitions.has(namespace) && definitions.get(namespace) !== table)
    throw new Error(`The strings namespace '${namespace}' is defined twice`)
  definitions.set(namespace, table)
  const target: Record<string, unknown> = {}
  define(namespace, table, target, activeLanguage)
  namespaces.set(target, namespace)
  return target as T
}

const namespaces = new WeakMap<object, string>()

/**
 * A table's texts in one given language rather than the interface's (a call's greeting in the call's
 * language). Taking the table itself keeps it in the bundle that uses it.
 */
export function inLanguage<const T extends Table>(strings: T, language: string): T {
  const namespace = namespaces.get(strings)
  if (!namespace) throw new Error('inLanguage takes a table made by defineStrings')
  return stringsIn<T>(namespace, language)
}

/** The same texts read in one given language (the server: a mail or a page in its reader's language). */
export function stringsIn<const T extends Table>(namespace: string, language: string): T {
  const table = definitions.get(namespace)
  if (!table) throw new Error(`No strings namespace '${namespace}'`)
  const target: Record<string, unknown> = {}
  define(namespace, table, target, () => language)
  return target as T
}
