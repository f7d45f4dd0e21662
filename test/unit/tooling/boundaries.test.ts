import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseResult } from 'dependency-cruiser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { featureCycles, featureGraph } from '../../../scripts/check-feature-cycles'

/*
 * Every import boundary of .dependency-cruiser.cjs fires on a probe import, and the allowed imports stay
 * quiet. The probes are a small tree written to a temporary folder laid out like the project.
 */

const repo = path.resolve(import.meta.dirname, '../../..')
const config = createRequire(import.meta.url)(path.join(repo, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string }[]
  options: Record<string, unknown>
}

/** file -> its source; each forbidden probe names the rule it must trip. */
const probes: Record<string, string> = {
  // Allowed: the shapes the real code uses.
  'contract/chat.ts': "import { z } from 'zod'\nexport const Chat = z.string()\n",
  'renderer/src/lib/format.ts': "import { Chat } from '../../../contract/chat'\nexport const f = Chat\n",
  'renderer/src/navigation/links.ts': "export const link = '/explore'\n",
  'renderer/src/features/alpha/index.ts': "export { alpha } from './alpha'\n",
  'renderer/src/features/alpha/alpha.ts':
    "import { link } from '../../navigation/links'\nimport { f } from '../../lib/format'\nexport const alpha = [link, f]\n",
  'renderer/src/features/beta/index.ts': "export { beta } from './beta'\n",
  'renderer/src/features/beta/beta.ts': "import { alpha } from '../alpha'\nexport const beta = alpha\n",
  'renderer/src/app/router.ts': "import { beta } from '../features/beta'\nexport const r = beta\n",
  'server/routes.ts': "import { Chat } from '../contract/chat'\nimport 'node:fs'\nexport const s = Chat\n",
  'main/window.ts':
    "import 'electron'\nimport 'node:path'\nimport { Chat } from '../contract/chat'\nexport const m = Chat\n",
  'preload/index.ts': "import 'electron'\nimport { Chat } from '../contract/chat'\nexport const p = Chat\n",
  'pwa/sw.ts': "import { r } from '../renderer/src/app/router'\nexport const w = r\n",

  // Forbidden, one per rule.
  'renderer/src/lib/uses-server.ts': "import { s } from '../../../server/routes'\nexport const x = s\n",
  'renderer/src/lib/uses-node.ts': "import 'node:fs'\n",
  'renderer/src/lib/uses-electron.ts': "import 'electron'\n",
  'server/uses-renderer.ts': "import { f } from '../renderer/src/lib/format'\nexport const x = f\n",
  'main/uses-server.ts': "import { s } from '../server/routes'\nexport const x = s\n",
  'preload/uses-main.ts': "import { m } from '../main/window'\nexport const x = m\n",
  'preload/uses-node.ts': "import 'node:fs'\n",
  'contract/uses-react.ts': "import 'react'\n",
  'pwa/uses-server.ts': "import { s } from '../server/routes'\nexport const x = s\n",
  'renderer/src/features/alpha/uses-app.ts': "import { r } from '../../app/router'\nexport const x = r\n",
  'renderer/src/ui/uses-feature.ts': "import { alpha } from '../features/alpha'\nexport const x = alpha\n",
  'renderer/src/features/beta/deep-import.ts':
    "import { alpha } from '../alpha/alpha'\nexport const x = alpha\n",
  'renderer/src/app/deep-import.ts': "import { beta } from '../features/beta/beta'\nexport const x = beta\n",
  'renderer/src/lib/cycle-a.ts': "import { b } from './cycle-b'\nexport const a = () => b\n",
  'renderer/src/lib/cycle-b.ts': "import { a } from './cycle-a'\nexport const b = () => a\n",
}

const expected: [rule: string, from: string][] = [
  ['renderer-is-a-browser', 'renderer/src/lib/uses-server.ts'],
  ['renderer-no-node-or-electron', 'renderer/src/lib/uses-node.ts'],
  ['renderer-no-electron', 'renderer/src/lib/uses-electron.ts'],
  ['server-stays-apart', 'server/uses-renderer.ts'],
  ['main-stays-apart', 'main/uses-server.ts'],
  ['preload-stays-apart', 'preload/uses-main.ts'],
  ['preload-no-node', 'preload/uses-node.ts'],
  ['contract-is-zod-only', 'contract/uses-react.ts'],
  ['pwa-only-wraps-the-renderer', 'pwa/uses-server.ts'],
  ['feature-not-to-app', 'renderer/src/features/alpha/uses-app.ts'],
  ['lower-layer-not-to-feature', 'renderer/src/ui/uses-feature.ts'],
  ['feature-through-index', 'renderer/src/features/beta/deep-import.ts'],
  ['app-through-index', 'renderer/src/app/deep-import.ts'],
  ['no-module-cycles', 'renderer/src/lib/cycle-a.ts'],
]

let dir: string
let result: ICruiseResult

async function cruiseProbes(root: string): Promise<ICruiseResult> {
  // The project's tsconfig is not needed for the probes' plain relative imports.
  const { tsConfig: _tsConfig, ...options } = config.options
  const { output } = await cruise(['contract', 'renderer', 'server', 'main', 'preload', 'pwa'], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  } as Parameters<typeof cruise>[1])
  if (typeof output === 'string') throw new Error('expected a JSON result')
  return output
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'))
  for (const [file, source] of Object.entries(probes)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), source)
  }
  symlinkSync(path.join(repo, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  result = await cruiseProbes(dir)
}, 60_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('has a probe for every rule', () => {
    expect(config.forbidden.map((rule) => rule.name).sort()).toEqual(expected.map(([rule]) => rule).sort())
  })

  it.each(expected)('%s fires on %s', (rule, from) => {
    const hits = result.summary.violations.filter((v) => v.rule.name === rule).map((v) => v.from)
    expect(hits).toContain(from)
  })

  it('lets the allowed imports through', () => {
    const probesThatBreakARule = new Set([...expected.map(([, from]) => from), 'renderer/src/lib/cycle-b.ts'])
    const others = result.summary.violations
      .map((v) => v.from)
      .filter((from) => !probesThatBreakARule.has(from))
    expect(others).toEqual([])
  })
})

describe('feature cycles (scripts/check-feature-cycles.ts)', () => {
  it('finds none when features lean one way', () => {
    expect(featureCycles(featureGraph(result))).toEqual([])
  })

  it('names two features that import each other', async () => {
    writeFileSync(
      path.join(dir, 'renderer/src/features/alpha/uses-beta.ts'),
      "import { beta } from '../beta'\nexport const x = beta\n",
    )
    const cycles = featureCycles(featureGraph(await cruiseProbes(dir)))
    expect(cycles).toEqual([['alpha', 'beta']])
  })
})
