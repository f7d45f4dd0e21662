import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KnowledgeSource } from '../../contract/studio-knowledge'
import { SOURCE_TEXTS } from '../../server/studio/knowledge/source-error'
import { seededUserCookie } from './embed-helpers'
import { createTestApp, type TestApp, type TestAppOptions } from './helpers'
import { askClone, knowledgeClient, sourcesOf, whenSettled } from './knowledge-helpers'

/*
 * Issue #16: web page sources. The server fetches the page itself, so links to loopback, private and
 * link-local addresses are refused before any connection unless STUDIO_ALLOW_PRIVATE_URLS is on; every
 * redirect is checked again. The tests' pages are served on 127.0.0.1 only: nothing here leaves the machine.
 */

const ARTICLE = `<!doctype html><html><head><title>Night owls | Sleep Notes</title><meta charset="utf-8"></head>
<body>
  <nav><a href="/">Home</a> <a href="/shop">Shop our pillows</a> Subscribe to our newsletter</nav>
  <main><article>
    <h1>Why night owls should keep a steady wake time</h1>
    <p>Night owls feel sharpest late in the evening, and a steady wake time is what anchors their body clock.
       Getting up at the same hour every morning, weekends included, moves a late chronotype earlier over a
       few weeks without forcing an early bedtime.</p>
    <p>Morning daylight within an hour of waking is the strongest signal for the body clock. A ten minute walk
       outside works better than any lamp for most night owls, even on a cloudy day.</p>
    <p>Caffeine after two in the afternoon pushes a night owl’s sleep even later, so the last coffee should
       come early in the day.</p>
  </article></main>
  <footer>Copyright Sleep Notes. Cookie settings. Terms of use.</footer>
</body></html>`

/** A server on 127.0.0.1 with the pages the tests fetch; `hits` counts the requests it received. */
async function pageServer(
  routes: Record<string, (port: number) => [number, Record<string, string>, string | Buffer]>,
) {
  const server = createServer((req, res) => {
    server.hits++
    const route = routes[req.url ?? '/'] ?? routes['*']
    if (!route) return res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not here</p>')
    const [status, headers, body] = route(port)
    res.writeHead(status, headers).end(body)
  }) as Server & { hits: number }
  server.hits = 0
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return { server, port, url: (path: string) => `http://127.0.0.1:${port}${path}` }
}

const html = (body: string): [number, Record<string, string>, string] => [
  200,
  { 'content-type': 'text/html; charset=utf-8' },
  body,
]

describe('web page sources', () => {
  let trap: Awaited<ReturnType<typeof pageServer>>
  let site: Awaited<ReturnType<typeof pageServer>>
  const apps: TestApp[] = []
  const start = async (options: TestAppOptions) => {
    const t = await createTestApp(options)
    apps.push(t)
    return { t, cookie: await seededUserCookie(t.db, 'user-lena'), lena: knowledgeClient(t.app, 'lena-hart') }
  }

  beforeAll(async () => {
    // Any request reaching the trap is a failure: it stands for the private network the guard protects.
    trap = await pageServer({ '*': () => html('<p>internal secrets</p>') })
    site = await pageServer({
      '/article': () => html(ARTICLE),
      '/to-private': () => [302, { location: trap.url('/admin') }, ''],
      '/to-article': (port) => [301, { location: `http://127.0.0.1:${port}/article` }, ''],
      '/loop': () => [302, { location: '/loop' }, ''],
      '/file.pdf': () => [200, { 'content-type': 'application/pdf' }, '%PDF-1.4'],
      '/huge': () => html(`<p>${'a'.repeat(6 * 1024 * 1024)}</p>`),
      '/empty': () => html('<html><body><script>var x = 1</script></body></html>'),
      '/notes.txt': () => [200, { 'content-type': 'text/plain' }, 'Plain notes about hedgehog hibernation.'],
    })
  })
  afterAll(async () => {
    for (const t of apps) await t.close()
    trap.server.close()
    site.server.close()
  })

  it('refuses loopback, private and link-local links before connecting (setting off)', async () => {
    const { lena, cookie } = await start({})
    const before = (await sourcesOf(lena, cookie)).length
    const urls = [
      trap.url('/'),
      `http://localhost:${trap.port}/`,
      `http://[::1]:${trap.port}/`,
      'http://10.0.0.1/',
      'http://192.168.1.1/router',
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${trap.port}/`,
      `http://2130706433:${trap.port}/`,
    ]
    for (const url of urls) {
      const res = await lena.add(cookie, 'web', { url })
      expect(res.statusCode, url).toBe(400)
      expect(res.json(), url).toEqual({
        error: { code: 'bad_request', message: SOURCE_TEXTS.privateAddress },
      })
    }
    expect((await sourcesOf(lena, cookie)).length).toBe(before)
    expect(trap.server.hits).toBe(0)
  })

  it('checks every redirect: one to a private address fails with the reason, never reaching it', async () => {
    // Only the test site counts as public here: its port stands for a public address.
    const { lena, cookie } = await start({
      knowledgeWeb: {
        allowAddress: (_address, port) => port === site.port,
        resolve: async (host) => (host === 'intranet.example' ? [{ address: '10.1.2.3', family: 4 }] : []),
      },
    })
    const add = async (url: string) => {
      const res = await lena.add(cookie, 'web', { url })
      expect(res.statusCode, res.body).toBe(201)
      return KnowledgeSource.parse(res.json())
    }
    const redirected = await whenSettled(lena, cookie, (await add(site.url('/to-private'))).id, 'failed')
    expect(redirected).toMatchObject({ error: SOURCE_TEXTS.privateAddress, passages: 0 })
    expect(trap.server.hits).toBe(0)

    // A name that resolves to a private address is refused when added.
    const named = await lena.add(cookie, 'web', { url: 'https://intranet.example/wiki' })
    expect(named.statusCode).toBe(400)
    expect(named.json().error.message).toBe(SOURCE_TEXTS.privateAddress)

    const cases: [string, string][] = [
      ['/loop', SOURCE_TEXTS.tooManyRedirects],
      ['/file.pdf', SOURCE_TEXTS.notAPage('application/pdf')],
      ['/huge', SOURCE_TEXTS.tooLarge],
      ['/missing', SOURCE_TEXTS.httpError(404)],
      ['/empty', SOURCE_TEXTS.noText],
    ]
    for (const [path, error] of cases) {
      const failed = await whenSettled(lena, cookie, (await add(site.url(path))).id, 'failed')
      expect(failed, path).toMatchObject({ error, passages: 0, characters: 0 })
    }
    // A redirect between allowed pages is followed.
    const followed = await whenSettled(lena, cookie, (await add(site.url('/to-article'))).id, 'ready')
    expect(followed.title).toMatch(/night owls/i)
  })

  it('reads a page on 127.0.0.1 when the setting allows it: its main content and title, cited', async () => {
    const { lena, cookie } = await start({ env: { STUDIO_ALLOW_PRIVATE_URLS: 'true' } })
    const res = await lena.add(cookie, 'web', { url: site.url('/article') })
    expect(res.statusCode, res.body).toBe(201)
    const added = KnowledgeSource.parse(res.json())
    expect(added).toMatchObject({ kind: 'web', type: 'Website', state: 'queued', url: site.url('/article') })
    const ready = await whenSettled(lena, cookie, added.id, 'ready')
    expect(ready.title).toMatch(/night owls/i)
    expect(ready.passages).toBeGreaterThan(0)

    const answer = await askClone(lena, cookie, 'Why should night owls keep a steady wake time?')
    const cited = answer.citations.find((c) => c.documentId === added.id)
    expect(cited, answer.text).toMatchObject({ type: 'Website', url: site.url('/article') })
    // Readability kept the article and left the navigation and the footer out.
    const text = answer.citations
      .filter((c) => c.documentId === added.id)
      .map((c) => c.text)
      .join(' ')
    expect(text).toMatch(/steady wake time/)
    expect(text).not.toMatch(/Subscribe to our newsletter|Cookie settings/)

    const plain = await lena.add(cookie, 'web', { url: site.url('/notes.txt') })
    const notes = await whenSettled(lena, cookie, KnowledgeSource.parse(plain.json()).id, 'ready')
    expect(notes).toMatchObject({ title: `127.0.0.1/notes.txt`, characters: 39 })
  })
})
