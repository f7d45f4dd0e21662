import { VISITOR_HEADER } from '../contract/auth'
import type { App } from './app-type'

/**
 * The desktop app's renderer runs at app://renderer and calls the API cross-origin with a bearer token
 * (signed in) or its visitor header (anonymous).
 * This allows exactly that origin on /api: no credentials (cookies never cross), only the headers the
 * client sends, and the one answer header it reads (the ETag of an uploaded part). Every other origin gets
 * no CORS headers, so browsers keep blocking it.
 */
export const DESKTOP_ORIGIN = 'app://renderer'
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE'
const ALLOWED_HEADERS = `authorization, content-type, accept, last-event-id, ${VISITOR_HEADER}`
/** Answer headers the app may read: a part upload's ETag (it goes back with `complete`). */
const EXPOSED_HEADERS = 'etag, x-speech-timing'
const PREFLIGHT_MAX_AGE_SECONDS = '600'

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** Registered on the root instance (not as an encapsulated plugin) so it sees every request, 404s included. */
export function registerDesktopCors(app: App): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url)) return
    reply.header('vary', 'Origin')
    if (request.headers.origin !== DESKTOP_ORIGIN) return
    reply.header('access-control-allow-origin', DESKTOP_ORIGIN)
    reply.header('access-control-expose-headers', EXPOSED_HEADERS)
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS)
      reply.header('access-control-allow-headers', ALLOWED_HEADERS)
      reply.header('access-control-max-age', PREFLIGHT_MAX_AGE_SECONDS)
      return reply.code(204).send()
    }
  })
}
