import { createServer, type Server } from 'node:http'
import { pathToFileURL } from 'node:url'

/*
 * Creators' sites for the embed end-to-end tests: plain pages on origins other than the product's, each
 * serving the same few pages. Run on its own: `node --import tsx test/support/host-pages.ts --port A
 * --port B` (A is the creator's site a configuration allows, B a third site it does not).
 *
 * - /host?product=…&clone=…&config=…&layout=…: the creator's page with the snippet. Every message and every
 *   CustomEvent the snippet re-dispatches is recorded in window.__embedLog, so a test reads what the parent got.
 *   With &forger={origin}, it also frames /forger from that origin, which posts forged product messages.
 * - /frame?src=…: a page that frames the given address directly (the third site trying to frame the clone).
 * - /forger?config=…: posts a forged 'text-exhausted' to its parent and a forged 'closed' to its siblings.
 */

const html = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;min-height:100vh;background:#f4f1ea;color:#222}</style>
</head><body>${body}</body></html>`

const attr = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

const RECORDER = `<script>
window.__embedLog = [];
window.addEventListener('message', (e) => {
  window.__embedLog.push({ kind: 'message', origin: e.origin, data: e.data });
});
for (const name of ['ready', 'resize', 'close', 'text-exhausted', 'voice-exhausted']) {
  window.addEventListener('likeness:' + name, (e) => {
    window.__embedLog.push({ kind: 'event', type: e.type, detail: e.detail });
  });
}
</script>`

function hostPage(query: URLSearchParams): string {
  const product = query.get('product') ?? ''
  const layout = query.get('layout') ?? 'bubble'
  const forger = query.get('forger')
  const config = query.get('config') ?? ''
  const container = layout === 'inline' ? '<div id="clone-chat" style="max-width:520px"></div>' : ''
  const forgerFrame = forger
    ? `<iframe title="Someone else's widget" src="${attr(`${forger}/forger?config=${encodeURIComponent(config)}`)}" style="width:200px;height:60px"></iframe>`
    : ''
  return html(
    'A creator’s site',
    `${RECORDER}<h1>Welcome to my site</h1><p>Ask my clone anything.</p>${container}${forgerFrame}
<script src="${attr(`${product}/embed.js`)}" data-clone="${attr(query.get('clone') ?? '')}"${
      query.get('instance') ? ` data-instance="${attr(query.get('instance')!)}"` : ''
    } data-config="${attr(config)}" data-layout="${attr(layout)}"${
      layout === 'inline' ? ' data-container="#clone-chat"' : ''
    } async></script>`,
  )
}

function framePage(query: URLSearchParams): string {
  const src = query.get('src') ?? ''
  return html(
    'A third site',
    `${RECORDER}<h1>Not the creator’s site</h1><iframe title="Framed clone" src="${attr(src)}" style="width:400px;height:600px"></iframe>`,
  )
}

function forgerPage(query: URLSearchParams): string {
  const config = query.get('config') ?? ''
  return html(
    'Forger',
    `<script>
const forged = { type: 'likeness:text-exhausted', configId: ${json(config)} };
window.parent.postMessage(forged, '*');
for (let i = 0; i < window.parent.frames.length; i++) {
  try { window.parent.frames[i].postMessage({ type: 'likeness:closed' }, '*'); } catch {}
}
document.body.dataset.posted = 'yes';
</script><p>forger</p>`,
  )
}

/**
 * The pages on one port, on both loopback addresses: tests open them as http://localhost:{port}, which is a
 * secure context like the product's http://127.0.0.1 and, unlike another port of 127.0.0.1, another site,
 * so the framed product gets no first-party cookies there (as on a real creator's site).
 */
export async function startHostPages(port: number): Promise<Server[]> {
  const servers = [await listen(port, '127.0.0.1')]
  // ::1 is missing on some machines (IPv6 off): localhost then resolves to 127.0.0.1 alone.
  const v6 = await listen(port, '::1').catch(() => null)
  if (v6) servers.push(v6)
  return servers
}

function listen(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? host}`)
    const page =
      url.pathname === '/health'
        ? 'ok'
        : url.pathname === '/host'
          ? hostPage(url.searchParams)
          : url.pathname === '/frame'
            ? framePage(url.searchParams)
            : url.pathname === '/forger'
              ? forgerPage(url.searchParams)
              : null
    if (page === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
      return
    }
    response
      .writeHead(200, {
        'content-type': url.pathname === '/health' ? 'text/plain' : 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      })
      .end(page)
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve(server))
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ports: number[] = []
  process.argv.forEach((arg, i) => {
    if (arg === '--port') ports.push(Number(process.argv[i + 1]))
  })
  if (ports.length === 0) throw new Error('Give at least one --port')
  await Promise.all(ports.map((p) => startHostPages(p)))
  console.log(`host pages on ${ports.map((p) => `http://localhost:${p}`).join(', ')}`)
}
