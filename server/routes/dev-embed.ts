import { asc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { PRODUCT_NAME } from '../../contract/product'
import type { Db } from '../db/client'
import { clones, embedConfigs } from '../db/schema'
import { findEmbedConfig } from '../embeds/store'
import { escapeHtml as esc } from '../web/html'
import { requestOriginOf } from './embeds'

/**
 * The host page's policy: the snippet from here, and its iframe of our own /embed page (the web app's
 * policy allows only YouTube and Google frames). Framed by nobody, like every other page.
 */
export const DEV_EMBED_CSP =
  "default-src 'self';script-src 'self';frame-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;frame-ancestors 'none'"

/** The snippet a creator pastes for a configuration (the script itself is /embed.js, built with the web app). */
export function embedSnippet(
  origin: string,
  config: { cloneSlug: string; id: string; layout: string },
): string {
  return `<script src="${origin}/embed.js" data-clone="${config.cloneSlug}" data-config="${config.id}" data-layout="${config.layout}" async></script>`
}

/**
 * GET /dev/embed: a plain page that embeds a seeded configuration with the real snippet, and shows the snippet
 * to copy into a page on another origin (which EMBED_DEMO_ORIGINS must name). ?config={id} picks the
 * configuration (any existing one); the first seeded one otherwise. Registered only outside production.
 */
export const devEmbedRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: { config?: string } }>('/dev/embed', async (request, reply) => {
    const seeded = await db
      .select({ id: embedConfigs.id, name: embedConfigs.name, cloneSlug: clones.slug })
      .from(embedConfigs)
      .innerJoin(clones, eq(clones.id, embedConfigs.cloneId))
      .where(isNotNull(embedConfigs.key))
      .orderBy(asc(clones.slug), asc(embedConfigs.createdAt), asc(embedConfigs.key))
    const asked = typeof request.query.config === 'string' ? request.query.config : null
    const found = await findEmbedConfig(db, asked ?? seeded[0]?.id ?? '')
    const origin = requestOriginOf(request)
    const choices = seeded
      .map(
        (c) =>
          `<li><a href="/dev/embed?config=${c.id}"${c.id === found?.config.id ? ' aria-current="page"' : ''}>${esc(c.cloneSlug)}: ${esc(c.name)}</a></li>`,
      )
      .join('\n')
    const config = found && {
      id: found.config.id,
      cloneSlug: found.cloneSlug,
      layout: found.config.layout,
    }
    const body = config
      ? `<p>Configuration <code>${config.id}</code> of <strong>${esc(config.cloneSlug)}</strong> (${esc(config.layout)}). The snippet to paste into a page on another origin:</p>
<pre id="snippet">${esc(embedSnippet(origin, config))}</pre>
<div id="inline-container" class="inline"></div>
<script src="/embed.js" data-clone="${esc(config.cloneSlug)}" data-config="${config.id}" data-layout="${esc(config.layout)}"${config.layout === 'inline' ? ' data-container="#inline-container"' : ''} async></script>`
      : `<p>${asked ? 'No embed configuration has that id.' : 'No seeded embed configuration yet.'}</p>`
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Embed demo | ${PRODUCT_NAME}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:44rem;padding:1.5rem;color:#1d1a22;background:#faf9fb}
pre{white-space:pre-wrap;word-break:break-all;background:#fff;border:1px solid #e4e0e9;border-radius:8px;padding:.75rem}
.inline{min-height:0}
</style>
</head>
<body>
<main>
<h1>Embed demo</h1>
<p>A host page for the embed snippet. Not available in production.</p>
<ul>${choices}</ul>
${body}
</main>
</body>
</html>`
    return reply
      .code(config ? 200 : 404)
      .header('cache-control', 'no-store')
      .header('content-security-policy', DEV_EMBED_CSP)
      .type('text/html; charset=utf-8')
      .send(html)
  })
}
