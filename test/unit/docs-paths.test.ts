import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * Issue #27 part 9: the documents in docs/ describe the repository in its own words, and must stay true as code
 * moves. Every file or folder they name in backticks, and every relative link, must exist: a renamed or removed
 * file fails here, naming the document and the path.
 */

const root = path.resolve(import.meta.dirname, '../..')
const docsDir = path.join(root, 'docs')

/** The extensions that make a backticked name a file of the repository, even without a folder. */
const FILE_EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|json|sql|md|css|cfg|sh|yaml|yml)$/

/**
 * What a backticked span names, when it names a path of the repository: a relative path (a folder part in lower
 * case or starting with a dot, such as `server/app.ts`, `.ci/run`, `server/auth/`) or a file name with a known
 * extension (`vitest.config.ts`, at the root). Commands, routes (`/api/...`), globs and placeholders
 * (`scripts/bench-*.ts`, `<name>.store.ts`), package names (`@fastify/helmet`), URLs and environment paths
 * (`DATA_DIR/uploads`) are not paths and are skipped.
 */
function namedPath(span: string): string | null {
  if (/[\s*<>{}$:@,;()[\]]/.test(span) || span.startsWith('/')) return null
  if (/^\.?[a-z0-9][\w.-]*\/[\w./-]*$/.test(span)) return span
  if (FILE_EXTENSIONS.test(span) && /^\.?[\w.-]+$/.test(span)) return span
  return null
}

/** The repository paths a markdown document names: backticked paths, and the targets of relative links. */
function pathsIn(markdown: string, docDir: string): string[] {
  const found = new Set<string>()
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const named = namedPath(span!)
    if (named) found.add(named)
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const file = target!.split('#')[0]!
    if (!file || /^[a-z][a-z+.-]*:/i.test(file)) continue
    found.add(path.relative(root, path.resolve(docDir, file)))
  }
  return [...found]
}

const missingIn = (paths: readonly string[]) => paths.filter((p) => !existsSync(path.join(root, p)))

const documents = readdirSync(docsDir).filter((name) => name.endsWith('.md'))

describe('docs name only paths that exist', () => {
  it('has the architecture document and the spec-citation note', () => {
    expect(documents).toEqual(expect.arrayContaining(['ARCHITECTURE.md', 'SPEC-CITATIONS.md']))
  })

  it.each(documents)('%s', (name) => {
    const paths = pathsIn(readFileSync(path.join(docsDir, name), 'utf8'), docsDir)
    if (name === 'ARCHITECTURE.md') expect(paths.length).toBeGreaterThan(100)
    expect(missingIn(paths), `${name} names paths that do not exist`).toEqual([])
  })

  it('the README sends readers to documents inside the repository', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    // A clone of the repository has nothing beside it: no link or path may lead out of it.
    expect(readme.match(/\]\(\.\.\/[^)]*\)|`\.\.\/[^`]*`/g) ?? []).toEqual([])
    const links = [...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((match) => match[1]!)
    expect(links).toEqual(expect.arrayContaining(['docs/ARCHITECTURE.md', 'docs/SPEC-CITATIONS.md']))
    expect(missingIn(links)).toEqual([])
  })

  it('finds a missing file, folder or link, and skips what is not a path', () => {
    const sample = [
      'Real: `server/app.ts`, `server/auth/`, `.ci/run`, `vitest.config.ts`, [the note](SPEC-CITATIONS.md).',
      'Gone: `server/no-such-module.ts`, `renderer/src/no-such-layer/`, `no-such.config.ts`, [x](GONE.md#top).',
      'Not paths: `npm run lint`, `/api/clone/talk/messages/stream`, `scripts/bench-*.ts`, `<name>.store.ts`,',
      '`@fastify/helmet`, `DATA_DIR/uploads`, `app://renderer`, `LLM_BASE_URL`, [site](https://example.com/a.ts).',
    ].join('\n')
    const paths = pathsIn(sample, docsDir)
    expect(paths.sort()).toEqual(
      [
        '.ci/run',
        'docs/GONE.md',
        'docs/SPEC-CITATIONS.md',
        'no-such.config.ts',
        'renderer/src/no-such-layer/',
        'server/app.ts',
        'server/auth/',
        'server/no-such-module.ts',
        'vitest.config.ts',
      ].sort(),
    )
    expect(missingIn(paths).sort()).toEqual(
      ['docs/GONE.md', 'no-such.config.ts', 'renderer/src/no-such-layer/', 'server/no-such-module.ts'].sort(),
    )
  })
})
