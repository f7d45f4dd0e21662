/**
 * The catalogs of the translation layer (issue #25, contract/i18n.ts).
 *
 * - `npm run i18n:extract` reads every `*.strings.ts` table of the renderer and the server and writes their
 *   English, the source catalog translators start from, to contract/locales/en.json.
 * - `npm run i18n:check` (part of `npm run lint`) fails when en.json is not what the tables say; when a
 *   plain text of a table has ICU placeholders (it must be a msg(...)), or a msg's argument names differ from
 *   its placeholders; and for each of the other languages of contract/languages.ts when its catalog is
 *   missing, lacks a key or has one the tables do not, has a message that does not parse, uses other
 *   placeholders than the English, or gives a plural other forms than the language has
 *   (Intl.PluralRules: Arabic six, Polish four, Japanese one).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { englishMessages, messageArguments, setMessageCompiler } from '../contract/i18n'
import { LANGUAGES, UNTRANSLATED_LANGUAGES } from '../contract/languages'

const root = path.resolve(import.meta.dirname, '..')
export const LOCALES_DIR = path.join(root, 'contract/locales')
/** Where `todo` keeps the numbering of a translator's list (git-ignored scratch). */
const TODO_DIR = path.join(root, '.scratch/i18n')

function tableFiles(dir: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...tableFiles(full))
    else if (/\.strings\.tsx?$/.test(entry.name)) found.push(full)
  }
  return found.sort()
}

/** Every table's English, by id, sorted. */
export async function extractEnglish(): Promise<Record<string, string>> {
  setMessageCompiler(compileMessageOrThrow)
  for (const file of [
    ...tableFiles(path.join(root, 'renderer/src')),
    ...tableFiles(path.join(root, 'server')),
  ])
    await import(pathToFileURL(file).href)
  const english: Record<string, string> = {}
  for (const id of [...englishMessages().keys()].sort()) {
    const source = englishMessages().get(id)
    if (typeof source !== 'string') throw new Error(`${id}: a table's message must be written as text`)
    english[id] = source
  }
  return english
}

type Token = string | readonly unknown[]

/** The argument names a compiled message uses, and the plural forms each plural offers. */
export function messageShape(source: string): { names: Set<string>; plurals: Map<string, Set<string>> } {
  const names = new Set<string>()
  const plurals = new Map<string, Set<string>>()
  const walk = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue
      const [name, type, format] = token as [string, string | undefined, unknown]
      if (name !== '#') names.add(name)
      if (
        (type === 'plural' || type === 'select' || type === 'selectordinal') &&
        format &&
        typeof format === 'object'
      ) {
        const choices = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== 'offset')
        if (type === 'plural') {
          const forms = plurals.get(name) ?? new Set<string>()
          for (const [key] of choices) forms.add(key)
          plurals.set(name, forms)
        }
        for (const [, branch] of choices) if (Array.isArray(branch)) walk(branch as Token[])
      }
    }
  }
  const compiled = compileMessageOrThrow(source)
  walk(compiled as Token[])
  return { names, plurals }
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x))

export function readCatalog(code: string): Record<string, string> | undefined {
  try {
    return JSON.parse(readFileSync(path.join(LOCALES_DIR, `${code}.json`), 'utf8')) as Record<string, string>
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** What is wrong with the catalogs, one line each (empty when nothing). */
export function checkCatalogs(
  english: Record<string, string>,
  read: (code: string) => Record<string, string> | undefined = readCatalog,
  untranslated: ReadonlySet<string> = UNTRANSLATED_LANGUAGES,
): string[] {
  const problems: string[] = []
  const written = read('en')
  if (JSON.stringify(written) !== JSON.stringify(english))
    problems.push('contract/locales/en.json is not what the tables say: run npm run i18n:extract')

  const shapes = new Map<string, ReturnType<typeof messageShape>>()
  for (const [id, source] of Object.entries(english)) {
    let shape: ReturnType<typeof messageShape>
    try {
      shape = messageShape(source)
    } catch (error) {
      problems.push(`en ${id}: does not parse: ${(error as Error).message}`)
      continue
    }
    shapes.set(id, shape)
    const listed = new Set(messageArguments(id))
    if (!sameSet(shape.names, listed))
      problems.push(
        `en ${id}: ${listed.size ? `msg(...) lists [${[...listed]}]` : 'a plain text'} but the message uses [${[...shape.names]}]`,
      )
  }

  for (const { code } of LANGUAGES) {
    if (code === 'en') continue
    const catalog = read(code) ?? (untranslated.has(code) ? {} : undefined)
    if (!catalog) {
      problems.push(`${code}: contract/locales/${code}.json is missing`)
      continue
    }
    const categories = new Set<string>(new Intl.PluralRules(code).resolvedOptions().pluralCategories)
    const missing = Object.keys(english).filter((id) => !(id in catalog))
    // A language still being translated (contract/languages.ts UNTRANSLATED_LANGUAGES) may lack messages; the
    // ones it has are checked like any other. Once complete, it must leave the list.
    if (untranslated.has(code)) {
      if (missing.length === 0) problems.push(`${code}: complete, so it leaves UNTRANSLATED_LANGUAGES`)
    } else for (const id of missing) problems.push(`${code} ${id}: missing`)
    for (const [id, source] of Object.entries(catalog)) {
      const want = shapes.get(id)
      if (!(id in english)) {
        problems.push(`${code} ${id}: unused (no table has it)`)
        continue
      }
      if (!want) continue
      if (typeof source !== 'string' || !source.trim()) {
        problems.push(`${code} ${id}: empty`)
        continue
      }
      let shape: ReturnType<typeof messageShape>
      try {
        shape = messageShape(source)
      } catch (error) {
        problems.push(`${code} ${id}: does not parse: ${(error as Error).message}`)
        continue
      }
      if (!sameSet(shape.names, want.names))
        problems.push(`${code} ${id}: placeholders [${[...shape.names]}], English has [${[...want.names]}]`)
      for (const [name, forms] of shape.plurals) {
        const lacking = [...categories].filter((c) => !forms.has(c))
        const foreign = [...forms].filter((f) => !categories.has(f) && !/^=?\d+$/.test(f))
        if (lacking.length)
          problems.push(`${code} ${id}: the plural of {${name}} lacks ${lacking.join(', ')}`)
        if (foreign.length)
          problems.push(
            `${code} ${id}: the plural of {${name}} has ${foreign.join(', ')}, which ${code} has not`,
          )
      }
    }
  }
  return problems
}

async function main() {
  const command = process.argv[2]
  const english = await extractEnglish()
  if (command === 'extract') {
    writeFileSync(path.join(LOCALES_DIR, 'en.json'), `${JSON.stringify(english, null, 2)}\n`)
    console.log(`contract/locales/en.json: ${Object.keys(english).length} messages`)
    return
  }
  if (command === 'check') {
    const problems = checkCatalogs(english)
    for (const problem of problems.slice(0, 200)) console.error(problem)
    if (problems.length > 200) console.error(`… and ${problems.length - 200} more`)
    if (problems.length) {
      console.error(`${problems.length} catalog problems`)
      process.exit(1)
    }
    const pending = [...UNTRANSLATED_LANGUAGES].map((code) => {
      const have = Object.keys(readCatalog(code) ?? {}).filter((id) => id in english).length
      return `${code} ${have}/${Object.keys(english).length}`
    })
    console.log(
      `Catalogs: ${LANGUAGES.length - UNTRANSLATED_LANGUAGES.size} of ${LANGUAGES.length} languages complete with ${Object.keys(english).length} messages each${pending.length ? `; still being translated: ${pending.join(', ')}` : ''}`,
    )
    return
  }
  if (command === 'missing') {
    // The English messages a catalog lacks, as JSON: what a translator writes next.
    const code = process.argv[3] ?? ''
    const catalog = readCatalog(code) ?? {}
    const wanted = Object.fromEntries(Object.entries(english).filter(([id]) => !(id in catalog)))
    console.log(JSON.stringify(wanted, null, 2))
    return
  }
  if (command === 'merge') {
    // Adds translated messages (a JSON file) to a catalog, drops keys no table has, and sorts it.
    const [code = '', file = ''] = process.argv.slice(3)
    const added = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    const merged = { ...readCatalog(code), ...added }
    const kept = Object.fromEntries(
      Object.keys(english)
        .filter((id) => id in merged)
        .map((id) => [id, merged[id]]),
    )
    writeFileSync(path.join(LOCALES_DIR, `${code}.json`), `${JSON.stringify(kept, null, 2)}\n`)
    console.log(`${code}: ${Object.keys(kept).length} of ${Object.keys(english).length} messages`)
    return
  }
  if (command === 'todo') {
    // For translators: the messages a catalog lacks, one per line, 'number<TAB>id<TAB>English' (newlines as
    // \n); `done` takes back 'number<TAB>translation' lines. The numbering is kept beside it.
    const code = process.argv[3] ?? ''
    const catalog = readCatalog(code) ?? {}
    const ids = Object.keys(english).filter((id) => !(id in catalog))
    mkdirSync(TODO_DIR, { recursive: true })
    writeFileSync(path.join(TODO_DIR, `${code}.ids.json`), JSON.stringify(ids))
    console.log(ids.map((id, i) => `${i}\t${id}\t${(english[id] ?? '').replace(/\n/g, '\\n')}`).join('\n'))
    return
  }
  if (command === 'done') {
    const [code = '', file = ''] = process.argv.slice(3)
    const ids = JSON.parse(readFileSync(path.join(TODO_DIR, `${code}.ids.json`), 'utf8')) as string[]
    const added: Record<string, string> = {}
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const match = /^(\d+)\t(.*)$/.exec(line)
      if (!match) continue
      const id = ids[Number(match[1])]
      if (id) added[id] = (match[2] ?? '').replace(/\\n/g, '\n')
    }
    const merged = { ...readCatalog(code), ...added }
    const kept = Object.fromEntries(
      Object.keys(english)
        .filter((id) => id in merged)
        .map((id) => [id, merged[id]]),
    )
    writeFileSync(path.join(LOCALES_DIR, `${code}.json`), `${JSON.stringify(kept, null, 2)}\n`)
    console.log(
      `${code}: +${Object.keys(added).length}, ${Object.keys(kept).length} of ${Object.keys(english).length} messages`,
    )
    return
  }
  console.error(
    'usage: scripts/i18n.ts extract | check | missing <code> | merge <code> <file.json> | todo <code> | done <code> <file.tsv>',
  )
  process.exit(2)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main()
