/*
 * npm run test:e2e:order [-- --seed N] [-- <spec names>] [-- <playwright options>]
 *
 * Runs the end-to-end specs in a shuffled file order, every test twice (--repeat-each=2), with two workers
 * and no retries: a spec that leans on what another left behind (seeded data it changed, an order it
 * assumed) fails here. Issue #27 part 6.
 *
 * Playwright runs files in alphabetical order whatever order the command line names them in, and has no
 * shuffle: so each chosen spec gets a wrapper file in .tmp/e2e-order/ whose name starts with its shuffled
 * position and which only imports the real spec (its tests keep their own file and lines in the report).
 * The seed is printed; `--seed N` runs the same order again. Spec names (as in `chat` or `chat.spec.ts`)
 * choose a subset; other arguments go to Playwright as they are (`--repeat-each=3`, `--workers=1`, `-g`).
 * The web app must be built first (`npm run build:web`), as for `npm run test:e2e`.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const specDir = path.join(root, 'test/e2e')
const orderDir = path.join(root, '.tmp/e2e-order')

const args = process.argv.slice(2)
let seed = Math.floor(Math.random() * 2 ** 31)
const names: string[] = []
const passThrough: string[] = []
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!
  if (arg === '--seed') seed = Number(args[++i])
  else if (arg.startsWith('--seed=')) seed = Number(arg.slice('--seed='.length))
  else if (arg.startsWith('-')) passThrough.push(arg)
  else names.push(arg.replace(/(\.spec)?(\.ts)?$/, ''))
}
if (!Number.isSafeInteger(seed)) throw new Error('--seed takes a whole number')

const all = readdirSync(specDir)
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => f.slice(0, -'.spec.ts'.length))
  .sort()
const unknown = names.filter((n) => !all.includes(n))
if (unknown.length > 0) throw new Error(`No such spec in test/e2e: ${unknown.join(', ')}`)
const chosen = names.length > 0 ? names : all

/** mulberry32: a small seeded generator, so a printed seed gives the same order again. */
function random(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const next = random(seed)
const order = [...chosen]
for (let i = order.length - 1; i > 0; i--) {
  const j = Math.floor(next() * (i + 1))
  ;[order[i], order[j]] = [order[j]!, order[i]!]
}

rmSync(orderDir, { recursive: true, force: true })
mkdirSync(orderDir, { recursive: true })
const width = String(order.length).length
order.forEach((name, i) => {
  const wrapper = `${String(i + 1).padStart(width, '0')}-${name}.spec.ts`
  writeFileSync(path.join(orderDir, wrapper), `import '../../test/e2e/${name}.spec.ts'\n`)
})
// The project's config, with the wrappers as its tests; paths it names stay the repository's.
writeFileSync(
  path.join(orderDir, 'playwright.config.ts'),
  `import base from '../../playwright.config.ts'

export default {
  ...base,
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: ${JSON.stringify(path.join(root, 'test-results'))},
  reporter: [['list']],
  webServer: (base.webServer as object[]).map((server) => ({ ...server, cwd: ${JSON.stringify(root)} })),
}
`,
)

console.log(
  `e2e order, seed ${seed} (again: npm run test:e2e:order -- --seed ${seed}${names.length ? ` ${names.join(' ')}` : ''}):`,
)
console.log(order.map((name, i) => `  ${i + 1}. ${name}`).join('\n'))

const result = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '--config',
    path.join(orderDir, 'playwright.config.ts'),
    '--repeat-each=2',
    '--workers=2',
    '--retries=0',
    ...passThrough,
  ],
  { cwd: root, stdio: 'inherit' },
)
console.log(`e2e order, seed ${seed}: ${result.status === 0 ? 'passed' : 'FAILED'}`)
process.exit(result.status ?? 1)
