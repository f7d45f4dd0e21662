/**
 * `npm run build:server`: bundles the API server (server/index.ts with contract/ and its packages) into one
 * ES module, dist/server/index.mjs, for Node 20, so `npm start` runs plain JavaScript instead of
 * transpiling the sources through tsx on every start, and loads one file instead of hundreds of package
 * modules. PGlite and tesseract.js (OCR of attached images) stay in node_modules (they find their WebAssembly,
 * data and worker files beside themselves), as does pg-native (an optional add-on of pg, never used). Files
 * the server reads at run time (migrations, seed media, package.json) are found from the bundle through
 * server/paths.ts. The reader process that reads documents and images (server/uploads/extract/extract-worker.ts) is a second
 * entry, dist/server/extract-worker.mjs, that the server starts (as a child process) from beside itself. `npm run dev` keeps
 * running the sources through tsx.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = path.join(root, 'dist/server')
const outfile = path.join(outdir, 'index.mjs')
const workerName = 'extract-worker'

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
  // Every start parses the whole bundle: without whitespace and with shorter syntax it is a third smaller
  // (9.6 -> 6.4 MB) and the start about 30 ms quicker (issue #27). Names stay, for logs and stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
})
for (const [file, output] of Object.entries(result.metafile.outputs)) {
  if (output.entryPoint) console.log(`built ${file} (${(output.bytes / 1024).toFixed(0)} KB)`)
}
