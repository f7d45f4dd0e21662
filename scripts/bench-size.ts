/**
 * `npm run bench:size`: the gzip size of the JavaScript and CSS the profile route loads first, read from
 * the web build's Vite manifest (the entry chunk and its static imports; lazy routes are not counted).
 * Budget: 200 KB gzip of JavaScript. Exits 1 when over budget.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const dist = path.resolve('dist/web')
const manifestFile = path.join(dist, '.vite/manifest.json')
const JS_BUDGET = 200 * 1024

if (!existsSync(manifestFile) || process.argv.includes('--build')) {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
    {
      stdio: 'inherit',
    },
  )
}

interface Chunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k.endsWith('index.html'))
if (!entryKey) throw new Error('No index.html entry in the Vite manifest')

const js = new Set<string>()
const css = new Set<string>()
const visit = (key: string) => {
  const chunk = manifest[key]
  if (!chunk || js.has(chunk.file)) return
  js.add(chunk.file)
  for (const c of chunk.css ?? []) css.add(c)
  for (const i of chunk.imports ?? []) visit(i)
}
visit(entryKey)

const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
let jsTotal = 0
let cssTotal = 0
console.log('First load of the profile route (gzip):')
for (const f of js) {
  const n = gz(f)
  jsTotal += n
  console.log(`  js   ${kb(n).padStart(9)}  ${f}`)
}
for (const f of css) {
  const n = gz(f)
  cssTotal += n
  console.log(`  css  ${kb(n).padStart(9)}  ${f}`)
}
console.log(`JavaScript: ${kb(jsTotal)} (budget ${kb(JS_BUDGET)})`)
console.log(`CSS:        ${kb(cssTotal)}`)
if (jsTotal > JS_BUDGET) {
  console.error('Over the JavaScript budget.')
  process.exit(1)
}
