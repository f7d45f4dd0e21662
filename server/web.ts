import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { ErrorCode, PRODUCT_NAME } from '../contract'
import type { App } from './app-type'
import { toPublicEmbedConfig } from './embeds/store'
import { errorBody } from './errors'
import { requestLanguage } from './i18n'
import { serverPath } from './paths'
import { requestOriginOf } from './routes/embeds'
import { allowFraming } from './security-headers'
import { type EmbedPageOptions, INVALID_EMBED_TARGET_PAGE, resolveEmbedPage } from './web/embed-page'
import { type PageHeadOptions, renderClonePage, renderEmbedPage, withDocumentLanguage } from './web/page-head'

/** Demo media (portraits, thumbnails) shipped with the seed data. */
export const seedMediaDir = serverPath('seed/media')

/** Paths the web app's history fallback never answers. */
const RESERVED_PREFIXES = ['/api', '/media', '/dev', '/embed'] as const

const IMMUTABLE = 'public, max-age=31536000, immutable'
const MEDIA_CACHE = 'public, max-age=604800'
const REVALIDATE = 'no-cache'
/** The service worker's own policy: its code from here, its requests here or to https hosts (images, fonts). */
export const WORKER_CSP = "default-src 'self'; connect-src 'self' https:"
/** Answers smaller than this go out as they are (@fastify/compress uses the same threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024

export interface WebOptions {
  /** The built web app (index.html, sw.js, hashed assets/). */
  webDist: string
  mediaDir?: string
  /** Writes a clone's title, cards and first screen into the pages of its addresses (web/page-head.ts). */
  pages?: PageHeadOptions
  /** Serves /embed/** framable by each configuration's origins (web/embed-page.ts); unset, /embed is reserved. */
  embeds?: EmbedPageOptions
}

/** What a page written in the visitor's language depends on (server/i18n.ts requestLanguage). */
const LANGUAGE_VARY = 'Accept-Language, Cookie'

const isReserved = (pathname: string) =>
  RESERVED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`))

/** A path whose last segment has an extension names a file, never an app route. */
const looksLikeFile = (pathname: string) => (pathname.split('/').at(-1) ?? '').includes('.')

const acceptsHtml = (accept: string | undefined) =>
  !accept || accept.includes('text/html') || accept.includes('*/*')

/**
 * Serves /media/* and the built web app with its history fallback, and answers every other
 * unknown route with the JSON error shape. Registered on the root instance: it owns the 404 handler.
 */
export async function registerWeb(
  app: App,
  { webDist, mediaDir = seedMediaDir, pages, embeds }: WebOptions,
): Promise<void> {
  if (embeds) registerEmbedPages(app, webDist, embeds)

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    dotfiles: 'ignore',
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', MEDIA_CACHE),
  })

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    decorateReply: false,
    dotfiles: 'ignore',
    index: false,
    cacheControl: false,
    // The web build writes name.br and name.gz beside each text file (pwa/precompress-plugin.ts): sent as
    // they are to browsers that accept them, so nothing is compressed per request.
    preCompressed: true,
    // App routes (no extension) and reserved prefixes fall through to the 404 handler below.
    allowedPath: (pathname) => !isReserved(pathname) && looksLikeFile(pathname),
    setHeaders: (res, filePath) => {
      const relative = path.relative(webDist, filePath).split(path.sep).join('/')
      // Vite names everything under assets/ by content hash; index.html and sw.js must always revalidate.
      res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE)
      // The same address answers brotli, gzip or plain bytes: caches must keep them apart.
      res.setHeader('vary', 'Accept-Encoding')
      // A worker script's CSP governs the worker's own requests: the page policy (connect-src 'self') would
      // stop the service worker caching clone images from other https hosts (pwa/src/routing-rules.ts).
      if (relative.replace(/\.(?:br|gz)$/, '') === 'sw.js')
        res.setHeader('content-security-policy', WORKER_CSP)
    },
  })

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isReserved(pathname) &&
      !looksLikeFile(pathname) &&
      acceptsHtml(request.headers.accept)
    if (isPageRequest) return sendIndexHtml(request, reply, webDist, pages && { ...pages, url: request.url })
    return reply.code(404).send(errorBody(ErrorCode.notFound, 'Route not found'))
  })
}

/**
 * GET /embed and /embed/**: the app shell without the clone page head (the product in an iframe boots from
 * its configuration, not from a prerendered profile), framable by the configuration's allowed origins only,
 * or the 'Invalid embed target' page (404) framable by nobody. Routes, not the history fallback: the
 * service worker never answers these navigations either (pwa/src/routing-rules.ts), so this header holds.
 */
function registerEmbedPages(app: App, webDist: string, options: EmbedPageOptions) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const page = await resolveEmbedPage(options, pathname)
    reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE)
    if (!page.valid) return reply.code(404).send(INVALID_EMBED_TARGET_PAGE)
    let html: string
    try {
      html = await readFile(path.join(webDist, 'index.html'), 'utf8')
    } catch {
      return reply.code(503).header('cache-control', 'no-store').send(NOT_BUILT)
    }
    allowFraming(reply, page.frameAncestors)
    // The shell names the visitor's language (<html lang dir>): it differs by their headers.
    reply.header('vary', LANGUAGE_VARY)
    const config = toPublicEmbedConfig(page.config, page.cloneSlug, {
      ...options.origins,
      requestOrigin: requestOriginOf(request),
    })
    const language = requestLanguage(request.headers)
    try {
      html = await renderEmbedPage(html, page, config, options, webDist, language)
    } catch (error) {
      // The plain shell still starts the embed (it fetches what it needs).
      request.log.error({ err: error }, 'embed page could not be written')
      html = withDocumentLanguage(html, language)
    }
    return reply.code(200).send(html)
  }
  app.get('/embed', handler)
  app.get('/embed/*', handler)
}

async function sendIndexHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  page?: PageHeadOptions & { url: string },
) {
  let html: string
  try {
    // Read per request, so a rebuild of the web app is served without a restart.
    html = await readFile(path.join(webDist, 'index.html'), 'utf8')
  } catch {
    return reply
      .code(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(NOT_BUILT)
  }
  // The visitor's language: the shell's <html lang dir> and a clone page's written texts.
  const language = requestLanguage(request.headers)
  const shell = withDocumentLanguage(html, language)
  let body = shell
  if (page) {
    try {
      body = (await renderClonePage(html, page.url, page, webDist, language)) ?? shell
    } catch (err) {
      // The plain app shell still works: the web app loads the clone itself.
      reply.log.error({ err }, 'could not write the clone page head')
    }
  }
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE)
  return sendCompressed(request, reply, body)
}

/**
 * The not-found handler is no route, so @fastify/compress (which hooks routes) never sees it: the app
 * shell it answers is compressed here, per request, as the shell may differ per page.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  // The shell is written in the visitor's language too (their cookie or Accept-Language).
  reply.header('vary', `Accept-Encoding, ${LANGUAGE_VARY}`)
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (!encoding || Buffer.byteLength(body) < COMPRESS_THRESHOLD_BYTES) return reply.send(body)
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 })
  return reply.header('content-encoding', encoding).send(compressed)
}

/** br or gzip, whichever the client accepts and prefers (br on a tie), or null. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    weights.set(name!.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: 'br' | 'gzip') => weights.get(name) ?? weights.get('*') ?? 0
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a))
  return weight(best) > 0 ? best : null
}

const NOT_BUILT = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${PRODUCT_NAME}: web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>The web app is not built yet</h1>
<p>The API is running, but there is no built web app to serve. Run <code>npm run build:web</code>, then reload this page (or use <code>npm start</code>, which builds and serves).</p>
</body>
</html>
`
