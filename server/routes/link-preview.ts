import { createHash } from 'node:crypto'
import { eq, or } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createLinkPreviewCards, renderLinkPreview } from '../chat/link-preview'
import type { Db } from '../db/client'
import { documents } from '../db/schema'
import { badRequest } from '../errors'

const CACHE_CONTROL = 'public, max-age=86400'
// The SVG is an image: nothing in it may load or run anything, even when opened on its own.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'"

/** spec 1 §7 'Link preview': GET /api/og?url= answers an SVG card (see chat/link-preview.ts). */
export const linkPreviewRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cards = createLinkPreviewCards()

  app.get(
    '/api/og',
    { schema: { querystring: z.object({ url: z.string().max(2048) }) } },
    async (request, reply) => {
      let url: URL
      try {
        url = new URL(request.query.url)
      } catch {
        throw badRequest('url must be an absolute http(s) URL')
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw badRequest('url must be an absolute http(s) URL')
      }
      const key = url.href
      let card = cards.get(key)
      if (!card) {
        const svg = renderLinkPreview(url, await documentTitleFor(db, url))
        card = { svg, etag: `"${createHash('sha1').update(svg).digest('base64url')}"` }
        cards.set(key, card)
      }
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', card.etag)
        .header('content-security-policy', SVG_CSP)
      if (request.headers['if-none-match'] === card.etag) return reply.code(304).send()
      return reply.type('image/svg+xml; charset=utf-8').send(card.svg)
    },
  )
}

/** The title of one of the clones' documents at this address (with or without a trailing slash). */
async function documentTitleFor(db: Db, url: URL): Promise<string | null> {
  const href = url.href
  const other = href.endsWith('/') ? href.slice(0, -1) : `${href}/`
  const [row] = await db
    .select({ title: documents.title })
    .from(documents)
    .where(or(eq(documents.url, href), eq(documents.url, other)))
    .limit(1)
  return row?.title ?? null
}
