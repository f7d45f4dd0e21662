/**
 * `npm run build:server`: bundles the API server (server/index.ts with contract/ and its packages) into one
 * ES module, dist/server/index.mjs, for Node 20, so `npm start` runs plain JavaScript instead of
 * transpiling the sources through tsx on every start, and loads one file instead of hundreds of package
 * modules. PGlite and tesseract.js (OCR of attached images) stay in node_modules (they find their WebAssembly,
 * data and worker files beside themselves), as does pg-native (an optional add-on of pg, never used). Files
 * the server reads at run time (migrations, seed media, package.json) are found from the bundle through
 * server/paths.ts. `npm run dev` keeps running the sources through tsx.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outfile = path.join(root, 'dist/server/index.mjs')

const result = await build({
  entryPoints: [path.join(root, 'server/index.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // tesseract.js starts its worker script (and tesseract.js-core's WebAssembly) from its own package folder.
  external: ['@electric-sql/pglite', 'pg-native', 'tesseract.js', 'tesseract.js-core'],
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
  },
  logLevel: 'warning',
  metafile: true,
})
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0
console.log(`built ${path.relative(root, outfile)} (${(bytes / 1024).toFixed(0)} KB)`)
