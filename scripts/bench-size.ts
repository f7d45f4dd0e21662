/**
 * `npm run bench:size`: what the profile route loads first, and what the service worker precaches, read
 * from the web build (built first when missing, or with `--build`).
 *
 * - JavaScript and CSS, gzip level 9: the entry chunk and its static imports (lazy routes and dialogs are
 *   not counted), plus the service-worker registration chunk, which every page loads right after the
 *   first render.
 * - Precache: the entries of the manifest injected into dist/web/sw.js and their size on disk, as workbox
 *   downloads them on install.
 *
 * - The embed (issue #14): the snippet `/embed.js` a host page loads, and the first load of an embed route
 *   ('/embed/{target}/{configId}'): the same entry, plus the chunks its boot imports (the embed platform,
 *   the router's rewrite, the bridge, the bubble's close button), without the service worker.
 *
 * Budgets (issue #11): 150 KB of JavaScript, 40 KB of CSS (KB = 1,024 bytes, as gzip sizes are usually
 * given), a precache under 1.5 MB (1,500,000 bytes); the snippet under 5 KB (issue #14). Exits 1 when any
 * is over.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = path.resolve(process.env.WEB_OUT_DIR ?? 'dist/web')
const manifestFile = path.join(dist, '.vite/manifest.json')
const serviceWorkerFile = path.join(dist, 'sw.js')

const BUDGETS = {
  jsBytes: 150 * 1024,
  cssBytes: 40 * 1024,
  precacheBytes: 1_500_000,
  snippetBytes: 5 * 1024,
} as const

/** What an embed route's boot imports besides the entry (platform/index.ts, main.tsx, app/RootLayout.tsx). */
const EMBED_BOOT = [
  /(^|\/)src\/platform\/embed\.ts$/,
  /(^|\/)src\/navigation\/embed-rewrite\.ts$/,
  /(^|\/)src\/features\/embed\/EmbedBridge\.tsx$/,
  /(^|\/)src\/features\/embed\/EmbedCloseButton\.tsx$/,
]
const SNIPPET_FILE = 'embed.js'

/** The module the web shell imports after the first render to register the service worker. */
const SERVICE_WORKER_REGISTER = /(^|\/)pwa\/src\/register-service-worker\.ts$/

interface Chunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

if (!existsSync(manifestFile) || !existsSync(serviceWorkerFile) || process.argv.includes('--build')) {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
    { stdio: 'inherit' },
  )
}

const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'))
if (!entryKey) throw new Error('No index.html entry in the Vite manifest')
const registerKey = Object.keys(manifest).find((k) => SERVICE_WORKER_REGISTER.test(k))
if (!registerKey) throw new Error('No service-worker registration chunk (pwa/src/register-service-worker.ts)')

const js = new Map<string, string>()
const css = new Set<string>()
const visit = (key: string, why: string) => {
  const chunk = manifest[key]
  if (!chunk || js.has(chunk.file)) return
  js.set(chunk.file, why)
  for (const c of chunk.css ?? []) css.add(c)
  for (const i of chunk.imports ?? []) visit(i, why)
}
visit(entryKey, 'first load')
visit(registerKey, 'service-worker registration')

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
const mb = (n: number) => `${(n / 1_000_000).toFixed(2)} MB`

let jsTotal = 0
let cssTotal = 0
console.log('First load of the profile route (gzip):')
for (const [file, why] of js) {
  const n = gz(file)
  jsTotal += n
  console.log(`  js   ${kb(n).padStart(9)}  ${file}${why === 'first load' ? '' : `  (${why})`}`)
}
for (const file of css) {
  const n = gz(file)
  cssTotal += n
  console.log(`  css  ${kb(n).padStart(9)}  ${file}`)
}

// The embed route: the entry's chunks (not the service worker: an embed registers none) and the boot's.
const embedJs = new Map<string, string>()
const embedCss = new Set<string>()
const visitEmbed = (key: string) => {
  const chunk = manifest[key]
  if (!chunk || embedJs.has(chunk.file)) return
  embedJs.set(chunk.file, key)
  for (const c of chunk.css ?? []) embedCss.add(c)
  for (const i of chunk.imports ?? []) visitEmbed(i)
}
visitEmbed(entryKey)
for (const pattern of EMBED_BOOT) {
  const key = Object.keys(manifest).find((k) => pattern.test(k))
  if (!key) throw new Error(`No chunk for the embed boot module ${pattern}`)
  visitEmbed(key)
}
const embedJsTotal = [...embedJs.keys()].reduce((sum, file) => sum + gz(file), 0)
const embedCssTotal = [...embedCss].reduce((sum, file) => sum + gz(file), 0)
console.log('First load of an embed route (gzip), beyond the entry:')
for (const [file, key] of embedJs)
  if (!js.has(file)) console.log(`  js   ${kb(gz(file)).padStart(9)}  ${file}  (${key})`)
if (!existsSync(path.join(dist, SNIPPET_FILE))) throw new Error(`No ${SNIPPET_FILE} in ${dist}`)
const snippetBytes = gz(SNIPPET_FILE)

// workbox-build injects `[{"revision":...,"url":"..."}, ...]` into sw.js; revision is null for hashed names.
const precacheUrls = [...readFileSync(serviceWorkerFile, 'utf8').matchAll(/"url":"([^"]+)"/g)].map(
  (m) => m[1]!,
)
if (precacheUrls.length === 0) throw new Error('No precache manifest found in dist/web/sw.js')
if (precacheUrls.includes(SNIPPET_FILE))
  throw new Error(`${SNIPPET_FILE} must not be precached (it runs on host pages)`)
const precacheBytes = precacheUrls.reduce((sum, url) => sum + statSync(path.join(dist, url)).size, 0)

const rows = [
  ['JavaScript', kb(jsTotal), kb(BUDGETS.jsBytes), jsTotal > BUDGETS.jsBytes],
  ['CSS', kb(cssTotal), kb(BUDGETS.cssBytes), cssTotal > BUDGETS.cssBytes],
  [
    'Precache',
    `${mb(precacheBytes)} (${(precacheBytes / 1024).toFixed(2)} KiB, ${precacheUrls.length} entries)`,
    `under ${mb(BUDGETS.precacheBytes)}`,
    precacheBytes >= BUDGETS.precacheBytes,
  ],
  ['Embed JS', kb(embedJsTotal), 'none: reported', false],
  ['Embed CSS', kb(embedCssTotal), 'none: reported', false],
  [
    'Snippet',
    `${kb(snippetBytes)} (/${SNIPPET_FILE})`,
    kb(BUDGETS.snippetBytes),
    snippetBytes > BUDGETS.snippetBytes,
  ],
] as const
for (const [name, value, budget, over] of rows) {
  console.log(`${`${name}:`.padEnd(12)}${value} (budget ${budget})${over ? '  OVER BUDGET' : ''}`)
}
const over = rows.filter((row) => row[3]).map((row) => row[0])
if (over.length > 0) {
  console.error(`Over budget: ${over.join(', ')}.`)
  process.exit(1)
}
