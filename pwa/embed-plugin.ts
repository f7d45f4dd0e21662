import { build } from 'esbuild'
import type { Plugin } from 'vite'

/** The snippet's stable address at the web root: creators paste it once, so it is never content-hashed. */
export const EMBED_SNIPPET_FILE = 'embed.js'

/** The snippet (pwa/embed/embed.ts) as one minified IIFE: no module loader on the host page. */
export async function bundleEmbedSnippet(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    minify: true,
    // Host pages run anything; this still leaves optional chaining and classes as they are.
    target: 'es2019',
    write: false,
    legalComments: 'none',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`)
  return output.text
}

/**
 * Builds `/embed.js` beside the web app (issue #14), and serves it from the dev server. The server sends
 * it with `no-cache` (server/web.ts: not under assets/), so a new build reaches host pages at once.
 */
export function embedSnippet(entry: string): Plugin {
  return {
    name: 'likeness-embed-snippet',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: EMBED_SNIPPET_FILE, source: await bundleEmbedSnippet(entry) })
    },
    configureServer(server) {
      server.middlewares.use(`/${EMBED_SNIPPET_FILE}`, (_req, res, next) => {
        bundleEmbedSnippet(entry).then((code) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8')
          res.setHeader('cache-control', 'no-cache')
          res.end(code)
        }, next)
      })
    },
  }
}
