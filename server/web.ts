import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import { ErrorCode, PRODUCT_NAME } from '../contract'
import type { App } from './app-type'
import { errorBody } from './errors'
import { type PageHeadOptions, renderClonePage } from './web/page-head'

/** Demo media (portraits, thumbnails) shipped with the seed data. */
export const seedMediaDir = fileURLToPath(new URL('./seed/media', import.meta.url))

/** Paths the web app's history fallback never answers. */
const RESERVED_PREFIXES = ['/api', '/media', '/dev'] as const

const IMMUTABLE = 'public, max-age=31536000, immutable'
const MEDIA_CACHE = 'public, max-age=604800'
const REVALIDATE = 'no-cache'

export interface WebOptions {
  /** The built web app (index.html, sw.js, hashed assets/). */
  webDist: string
  mediaDir?: string
  /** Writes a clone's title, cards and first screen into the pages of its addresses (web/page-head.ts). */
  pages?: PageHeadOptions
}

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
  { webDist, mediaDir = seedMediaDir, pages }: WebOptions,
): Promise<void> {
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
    // App routes (no extension) and reserved prefixes fall through to the 404 handler below.
    allowedPath: (pathname) => !isReserved(pathname) && looksLikeFile(pathname),
    setHeaders: (res, filePath) => {
      const relative = path.relative(webDist, filePath).split(path.sep).join('/')
      // Vite names everything under assets/ by content hash; index.html and sw.js must always revalidate.
      res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE)
    },
  })

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/'
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isReserved(pathname) &&
      !looksLikeFile(pathname) &&
      acceptsHtml(request.headers.accept)
    if (isPageRequest) return sendIndexHtml(reply, webDist, pages && { ...pages, url: request.url })
    return reply.code(404).send(errorBody(ErrorCode.notFound, 'Route not found'))
  })
}

async function sendIndexHtml(reply: FastifyReply, webDist: string, page?: PageHeadOptions & { url: string }) {
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
  if (page) {
    try {
      html = (await renderClonePage(html, page.url, page, webDist)) ?? html
    } catch (err) {
      // The plain app shell still works: the web app loads the clone itself.
      reply.log.error({ err }, 'could not write the clone page head')
    }
  }
  return reply.code(200).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(html)
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
