import { fileURLToPath } from 'node:url'

/**
 * Set by the server build (scripts/build-server.ts) to where server/ lies from the bundle
 * (dist/server/index.mjs); absent when the sources run through tsx, where this module sits in server/.
 */
declare const __LIKENESS_SERVER_DIR__: string | undefined

const serverDir =
  typeof __LIKENESS_SERVER_DIR__ === 'string'
    ? new URL(__LIKENESS_SERVER_DIR__, import.meta.url)
    : new URL('./', import.meta.url)

/**
 * The absolute path of a file shipped with the server (migrations, seed media, the package.json), given
 * relative to server/. It resolves the same from the sources and from the bundle, whatever the cwd.
 */
export const serverPath = (relative: string): string => fileURLToPath(new URL(relative, serverDir))
