import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { beforeAll, describe, expect, it } from 'vitest'
import { addCatalog, translate } from '../../../contract/i18n'
import { LANGUAGES, UNTRANSLATED_LANGUAGES } from '../../../contract/languages'
import { checkCatalogs, extractEnglish, messageShape, readCatalog } from '../../../scripts/i18n'

/*
 * The 32 catalogs (issue #25): complete, with the English placeholders, and with each language's own plural
 * forms, which Lingui picks by Intl.PluralRules. `npm run lint` runs the same check (npm run i18n:check).
 */

let english: Record<string, string>

beforeAll(async () => {
  english = await extractEnglish()
})

/** The English messages with a plural, by id, with the name of the counted argument. */
function pluralMessages(): Array<{ id: string; name: string }> {
  return Object.entries(english).flatMap(([id, source]) => {
    const [name] = [...messageShape(source).plurals.keys()]
    return name ? [{ id, name }] : []
  })
}

describe('the catalogs', () => {
  it('have every key of the tables, no other, the English placeholders and their language’s plural forms', () => {
    expect(checkCatalogs(english)).toEqual([])
  })

  it('exist for each of the 32 languages but those listed as still being translated', () => {
    expect(LANGUAGES).toHaveLength(32)
    for (const { code } of LANGUAGES)
      if (!UNTRANSLATED_LANGUAGES.has(code)) expect(readCatalog(code), code).toBeDefined()
  })

  it('hold the list of languages still being translated to the catalogs, both ways', () => {
    const complete = LANGUAGES.find((l) => l.code !== 'en' && !UNTRANSLATED_LANGUAGES.has(l.code))
    expect(complete).toBeDefined()
    const code = complete?.code as string
    const listed = new Set([...UNTRANSLATED_LANGUAGES, code])
    expect(checkCatalogs(english, readCatalog, listed)).toContain(
      `${code}: complete, so it leaves UNTRANSLATED_LANGUAGES`,
    )
    const [first] = Object.keys(english)
    const lacking: Record<string, string> = { ...readCatalog(code) }
    delete lacking[first as string]
    const read = (c: string) => (c === code ? lacking : readCatalog(c))
    expect(checkCatalogs(english, read)).toContain(`${code} ${first}: missing`)
    expect(checkCatalogs(english, read, listed).filter((p) => p.startsWith(`${code} `))).toEqual([])
  })

  it('find a missing key, an unused key and a placeholder that differs', () => {
    const [first, second] = Object.keys(english)
    const withPlaceholder = Object.keys(english).find((id) => messageShape(english[id] ?? '').names.size > 0)
    expect(first && second && withPlaceholder).toBeTruthy()
    const broken: Record<string, string> = { ...readCatalog('de'), 'nowhere.extra': 'x' }
    delete broken[first as string]
    broken[withPlaceholder as string] = 'no placeholder here'
    const problems = checkCatalogsOf('de', broken)
    expect(problems).toContain(`de ${first}: missing`)
    expect(problems).toContain('de nowhere.extra: unused (no table has it)')
    expect(problems.some((p) => p.startsWith(`de ${withPlaceholder}: placeholders []`))).toBe(true)
    const arabic: Record<string, string> = { ...readCatalog('ar') }
    const plural = pluralMessages()[0]
    expect(plural).toBeDefined()
    arabic[plural?.id as string] = `{${plural?.name}, plural, one {#} other {#}}`
    const arabicProblems = checkCatalogs(english, (c) => (c === 'ar' ? arabic : readCatalog(c)))
    const lacking = new Intl.PluralRules('ar')
      .resolvedOptions()
      .pluralCategories.filter((c) => c !== 'one' && c !== 'other')
    expect(arabicProblems).toContain(
      `ar ${plural?.id}: the plural of {${plural?.name}} lacks ${lacking.join(', ')}`,
    )
  })
})

/** checkCatalogs with one language's catalog replaced (the files on disk stay as they are). */
const checkCatalogsOf = (code: string, catalog: Record<string, string>) =>
  checkCatalogs(english, (wanted) => (wanted === code ? catalog : readCatalog(wanted))).filter((p) =>
    p.startsWith(`${code} `),
  )

describe('plural rules', () => {
  const count = (code: string, id: string, name: string, n: number) => {
    const catalog = readCatalog(code) ?? {}
    addCatalog(code, { [id]: compileMessageOrThrow(catalog[id] ?? '') })
    return translate(id, { [name]: n }, code)
  }

  it('Arabic has six forms, chosen by number (0, 1, 2, 3–10, 11–99, 100)', () => {
    const plurals = pluralMessages()
    expect(plurals.length).toBeGreaterThan(0)
    for (const { id, name } of plurals) {
      const shape = messageShape(readCatalog('ar')?.[id] ?? '')
      expect([...(shape.plurals.get(name) ?? [])].sort(), id).toEqual(
        expect.arrayContaining(['few', 'many', 'one', 'other', 'two', 'zero']),
      )
    }
    // The forms differ where the catalog writes them differently: 3 takes 'few', 11 'many', 100 'other'.
    const { id, name } = plurals[0] as { id: string; name: string }
    const forms = [0, 1, 2, 3, 11, 100].map((n) => count('ar', id, name, n))
    expect(new Set(forms).size, forms.join(' | ')).toBeGreaterThanOrEqual(4)
  })

  it('Polish counts 1, 2–4 and 5+ apart, and 22 like 2 but 12 like 5', () => {
    const { id, name } = pluralMessages()[0] as { id: string; name: string }
    const [one, two, five, twelve, twentyTwo] = [1, 2, 5, 12, 22].map((n) => count('pl', id, name, n))
    expect(new Set([one, two, five]).size).toBe(3)
    expect(twentyTwo?.replace('22', '2')).toBe(two)
    expect(twelve?.replace('12', '5')).toBe(five)
  })

  it('Japanese has one form for every number', () => {
    // Every plural the Japanese catalog holds (all of them once it is complete).
    const japanese = pluralMessages().filter(({ id }) => readCatalog('ja')?.[id] !== undefined)
    expect(japanese.length).toBeGreaterThanOrEqual(
      UNTRANSLATED_LANGUAGES.has('ja') ? 20 : pluralMessages().length,
    )
    for (const { id, name } of japanese) {
      const shape = messageShape(readCatalog('ja')?.[id] ?? '')
      expect(
        [...(shape.plurals.get(name) ?? [])].filter((f) => !/^=?\d+$/.test(f)),
        id,
      ).toEqual(['other'])
    }
    const { id, name } = japanese[0] as { id: string; name: string }
    expect(count('ja', id, name, 1).replace('1', '2')).toBe(count('ja', id, name, 2))
  })
})
