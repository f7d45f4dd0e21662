/**
 * `npm run build:server`: bundles the API server (server/index.ts with contract/ and its packages) into ES
 * modules for Node 20, dist/server/index.mjs and the chunks beside it, so `npm start` runs plain JavaScript
 * instead of transpiling the sources through tsx on every start, and loads a few files instead of hundreds
 * of package modules. What the server imports only when needed (the S3 client, PostgreSQL's driver,
 * nodemailer, the PDF reader, linkedom) is split into chunks of its own, which a start on embedded defaults
 * never parses (issue #27: bench:start on an existing folder, idle, p50 1,083 -> 976 ms).
 *
 * PGlite and tesseract.js (OCR of attached images) stay in node_modules (they find their WebAssembly, data
 * and worker files beside themselves), as does pg-native (an optional add-on of pg, never used). Files the
 * server reads at run time (migrations, seed media, package.json) are found from the bundle through
 * server/paths.ts. The reader process that reads documents and images
 * (server/uploads/extract/extract-worker.ts) is a second entry, dist/server/extract-worker.mjs, that the
 * server starts (as a child process) from beside itself. `npm run dev` keeps running the sources through tsx.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = path.join(root, 'dist/server')
const outfile = path.join(outdir, 'index.mjs')
const workerName = 'extract-worker'
// Chunk names change with their contents: the last build's must not pile up.
rmSync(outdir, { recursive: true, force: true })

const result = await build({
  entryPoints: {
    index: path.join(root, 'server/index.ts'),
    [workerName]: path.join(root, 'server/uploads/extract/extract-worker.ts'),
  },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // tesseract.js starts its worker script (and tesseract.js-core's WebAssembly) from its own package folder.
  // @sentry/node is imported only with SENTRY_DSN (server/failure-reporting.ts): left out, the bundle every
  // start parses stays as small as without it.
  external: ['@electric-sql/pglite', 'pg-native', 'tesseract.js', 'tesseract.js-core', '@sentry/node'],
  // Bundled CommonJS packages may require() Node's built-ins at run time: give the module a require.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  // The map keeps file names and lines for stack traces (npm run serve enables them), not the sources.
  sourcesContent: false,
  // server/paths.ts: where server/ is, seen from dist/server/.
  define: {
    __LIKENESS_SERVER_DIR__: JSON.stringify(
      `${path.relative(path.dirname(outfile), path.join(root, 'server')).split(path.sep).join('/')}/`,
    ),
    // server/uploads/extract/documents.ts: the worker's bundle, seen from index.mjs.
    __LIKENESS_EXTRACT_WORKER__: JSON.stringify(`./${workerName}.mjs`),
  },
  logLevel: 'warning',
  metafile: true,
  splitting: true,
  // Beside the entries: server/paths.ts finds the server's files from the directory of the running module.
  chunkNames: 'chunk-[name]-[hash]',
  // Every start parses the whole bundle: without whitespace and with shorter syntax it is a third smaller
  // (9.6 -> 6.4 MB) and the start about 30 ms quicker (issue #27). Names stay, for logs and stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
})
let chunks = 0
let chunkBytes = 0
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (!file.endsWith('.mjs')) continue
  if (path.basename(file).startsWith('chunk-')) {
    chunks++
    chunkBytes += output.bytes
  } else console.log(`built ${file} (${(output.bytes / 1024).toFixed(0)} KB)`)
}
console.log(`and ${chunks} chunks beside them (${(chunkBytes / 1024).toFixed(0)} KB)`)
