import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text formats worth compressing; images, fonts (woff2 is brotli inside) and media already are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico|map)$/i
/** Smaller files gain less than their headers cost, and the server's on-the-fly compression skips them too. */
export const MIN_BYTES = 1024
/** A compressed copy is kept only when it saves at least this share of the file. */
const MIN_SAVING = 0.1

export interface PrecompressResult {
  file: string
  bytes: number
  br: number | null
  gz: number | null
}

async function* filesIn(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesIn(full)
    else if (entry.isFile()) yield full
  }
}

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every compressible file of
 * `dir` of at least MIN_BYTES, for the server to send as they are (@fastify/static `preCompressed`). Dot
 * folders (Vite's manifest) are left alone.
 */
export async function precompressFolder(dir: string): Promise<PrecompressResult[]> {
  const results: PrecompressResult[] = []
  for await (const file of filesIn(dir)) {
    const relative = path.relative(dir, file)
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue
    const bytes = await readFile(file)
    const worthIt = (compressed: Buffer) => compressed.length <= bytes.length * (1 - MIN_SAVING)
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ])
    if (worthIt(br)) await writeFile(`${file}.br`, br)
    if (worthIt(gz)) await writeFile(`${file}.gz`, gz)
    results.push({
      file: relative.split(path.sep).join('/'),
      bytes: bytes.length,
      br: worthIt(br) ? br.length : null,
      gz: worthIt(gz) ? gz.length : null,
    })
  }
  return results
}

/**
 * The web build's last step: pre-compresses dist/web once everything is written, the service worker
 * included (vite-plugin-pwa writes sw.js when the bundle closes, so this runs after it, in order 'post').
 * The service worker's precache globs list no .br or .gz file, so they are never precached.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'likeness-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (config.build.ssr) return
        const results = await precompressFolder(config.build.outDir)
        const sum = (pick: (r: PrecompressResult) => number) => results.reduce((n, r) => n + pick(r), 0)
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`
        config.logger.info(
          `precompressed ${results.length} files: ${kb(sum((r) => r.bytes))} → brotli ${kb(
            sum((r) => r.br ?? r.bytes),
          )}, gzip ${kb(sum((r) => r.gz ?? r.bytes))}`,
        )
      },
    },
  }
}
