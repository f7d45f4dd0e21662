import { desc } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { PRODUCT_NAME } from '../../contract/product'
import type { Db } from '../db/client'
import { outboxMessages } from '../db/schema'

export interface DevOutboxOptions {
  db: Db
}

const SHOWN = 50

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The one-time code in a sign-in mail or a phone-code text, shown large so a developer can copy it at a glance. */
export const codeInText = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? null

/**
 * GET /dev/outbox: the mail and texts (SMS, WhatsApp, Telegram) the embedded outbox "sent", newest first, as
 * a plain page. Registered only outside production (server/app.ts); it reveals sign-in and phone codes by
 * design.
 */
export const devOutboxRoutes: FastifyPluginAsync<DevOutboxOptions> = async (app, { db }) => {
  app.get('/dev/outbox', async (_request, reply) => {
    const rows = await db.select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(SHOWN)
    const items = rows
      .map((m) => {
        const code = codeInText(`${m.subject}\n${m.text}`)
        return `<li class="mail">
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.channel)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString())}</time></p>
  ${code ? `<p class="code" aria-label="${m.channel === 'email' ? 'Sign-in code' : 'Phone code'} for ${escapeHtml(m.to)}">${code}</p>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
</li>`
      })
      .join('\n')
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail and texts | ${PRODUCT_NAME}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:44rem;padding:1.5rem;color:#1d1a22;background:#faf9fb}
h1{font-size:1.5rem;margin:0 0 .25rem}
.note{color:#625c6b;margin:0 0 1.5rem}
ol{list-style:none;padding:0;margin:0}
.mail{background:#fff;border:1px solid #e4e0e9;border-radius:12px;padding:1rem 1.25rem;margin-bottom:1rem}
.mail h2{font-size:1.05rem;margin:0}
.meta{color:#625c6b;margin:.25rem 0 .5rem;font-size:.9rem}
.code{font:700 2rem/1.2 ui-monospace,monospace;letter-spacing:.35em;margin:.25rem 0 .5rem;color:#5b3cc4}
pre{white-space:pre-wrap;margin:0;font:inherit;color:#3b3542}
</style>
</head>
<body>
<main>
<h1>Mail and texts</h1>
<p class="note">Mail and texts (SMS, WhatsApp, Telegram) the embedded outbox would have sent, newest first (the last ${SHOWN}). Set SMTP_URL to send real mail, and Twilio or a Telegram bot to send real texts. Not available in production.</p>
${rows.length ? `<ol>${items}</ol>` : '<p>Nothing sent yet. Ask for a sign-in or phone code and reload.</p>'}
</main>
</body>
</html>`
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html)
  })
}
