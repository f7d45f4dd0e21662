import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

/**
 * Messages compiled at build time (issue #25), so the browser never loads Lingui's ICU parser (about 7 KB
 * gzipped):
 * - in a `*.strings.ts` table, the ICU text of each `msg('…', …)` becomes the compiled message (a JSON array);
 * - a catalog, contract/locales/<code>.json, becomes the compiled messages the renderer shows: the server's
 *   own namespaces ('server.…') are left out.
 * A message that does not parse fails the build, naming it. Shared by the web build (pwa/vite.config.ts) and
 * the desktop build (electron.vite.config.ts).
 */
const STRINGS_MODULE = /\.strings\.tsx?$/
const CATALOG = /[\\/]contract[\\/]locales[\\/][a-z]{2,3}\.json$/
/** msg( followed by one string literal: '…', "…" or a template literal without ${}. */
const MSG_CALL = /\bmsg\(\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.|\$(?!\{))*`)/g

/** The server's namespaces: mails, texts and the written first screen, never shown by the renderer. */
export const SERVER_NAMESPACE = 'server.'

function literalValue(literal: string): string {
  // A plain JavaScript string literal from our own source: evaluate it as one.
  return new Function(`return ${literal}`)() as string
}

function compile(id: string, source: string) {
  try {
    return compileMessageOrThrow(source)
  } catch (error) {
    throw new Error(`${id}: the message does not parse (${(error as Error).message}): ${source}`)
  }
}

export function compiledMessages(): Plugin {
  return {
    name: 'likeness-compiled-messages',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id
      if (STRINGS_MODULE.test(file)) {
        if (!code.includes('msg(')) return null
        const out = code.replace(MSG_CALL, (_call, literal: string) => {
          const compiled = compile(file, literalValue(literal))
          return `msg(${JSON.stringify(compiled)}`
        })
        return { code: out, map: null }
      }
      if (CATALOG.test(file)) {
        const catalog = JSON.parse(code) as Record<string, string>
        const compiled: Record<string, unknown> = {}
        for (const [key, source] of Object.entries(catalog)) {
          if (key.startsWith(SERVER_NAMESPACE)) continue
          const message = compile(`${file} ${key}`, source)
          compiled[key] = message.length === 1 && typeof message[0] === 'string' ? message[0] : message
        }
        // Still JSON: Vite's JSON plugin makes the module of it.
        return { code: JSON.stringify(compiled), map: null }
      }
      return null
    },
  }
}

/** 'assets/locale-<code>-<hash>.js' for a catalog's chunk; the usual name for every other chunk. */
export function localeChunkFileNames(chunk: { facadeModuleId?: string | null }): string {
  const catalog = chunk.facadeModuleId?.split('?')[0]?.match(CATALOG_CODE)
  return catalog ? `assets/locale-${catalog[1]}-[hash].js` : 'assets/[name]-[hash].js'
}
const CATALOG_CODE = /[\\/]contract[\\/]locales[\\/]([a-z]{2,3})\.json$/
