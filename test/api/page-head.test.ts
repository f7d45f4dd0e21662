import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CloneProfile, ShareConversationResponse } from '../../contract'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { clones, conversations, suggestedQuestions } from '../../server/db/schema'
import { sendChatMessage } from './chat-helpers'
import { createTestApp, type TestApp } from './helpers'

/*
 * The pages a clone's addresses answer, read as a link-preview crawler reads them: the HTML alone, no
 * JavaScript. The build's index.html here has the shape Vite writes (entry script, module preloads, styles).
 */

const PUBLIC_URL = 'https://likeness.example'
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Talk with AI clones of creators you follow: chat, call and video." />
    <title>Likeness</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <noscript>Likeness needs JavaScript to run.</noscript>
    <div id="root"></div>
  </body>
</html>
`
const MANIFEST = {
  'index.html': {
    file: 'assets/index-abc.js',
    isEntry: true,
    imports: ['_react-abc.js'],
    css: ['assets/index-abc.css'],
  },
  '_react-abc.js': { file: 'assets/react-abc.js' },
  'src/features/talk/TalkScreen.tsx': {
    file: 'assets/TalkScreen-t1.js',
    isDynamicEntry: true,
    imports: ['_react-abc.js', '_ChatThread-c2.js'],
    css: ['assets/TalkScreen-t1.css'],
  },
  '_ChatThread-c2.js': { file: 'assets/ChatThread-c2.js', css: ['assets/ChatThread-c2.css'] },
}

const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'
const TWITTER = 'Twitterbot/1.0'

const decode = (s: string) =>
  s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

/** Every <meta property|name content> of a page, as a crawler reads them. */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[m[1]!] = decode(m[2]!)
  }
  return tags
}

const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')
const head = (html: string) => html.slice(0, html.indexOf('</head>'))

/** The clone JSON the page carries for the web app (renderer/src/api/prerendered.ts reads it the same way). */
function prerenderedClone(html: string) {
  const m = /<script type="application\/json" id="likeness-prerender">([\s\S]*?)<\/script>/.exec(html)
  if (!m) return null
  const data = JSON.parse(m[1]!) as { slug: string; instanceSlug: string | null; clone: unknown }
  return { ...data, clone: CloneProfile.parse(data.clone) }
}

describe('clone pages for crawlers and first paint', () => {
  let t: TestApp
  let webDist: string

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-page-head-'))
    await mkdir(path.join(webDist, '.vite'))
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL } })
  })
  afterAll(async () => {
    await t.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const crawl = (url: string, userAgent = FACEBOOK, accept = '*/*') =>
    t.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent, accept } })

  it('gives the profile its title, description and a card with the portrait', async () => {
    const res = await crawl('/lena-hart')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    const html = res.body
    const headline = 'Sleep scientist and endurance coach: sleep better, recover faster, race stronger'
    expect(titleOf(html)).toBe('Dr. Lena Hart | Likeness')
    const meta = metaTags(html)
    expect(meta).toMatchObject({
      description: headline,
      'og:type': 'profile',
      'og:site_name': 'Likeness',
      'og:title': 'Dr. Lena Hart',
      'og:description': headline,
      'og:url': `${PUBLIC_URL}/lena-hart`,
      'og:image': `${PUBLIC_URL}/media/clones/lena-hart.svg`,
      'twitter:card': 'summary',
      'twitter:title': 'Dr. Lena Hart',
      'twitter:description': headline,
      'twitter:image': `${PUBLIC_URL}/media/clones/lena-hart.svg`,
    })
    // One description: the build's generic one is replaced, not repeated.
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
  })

  it('writes the first screen into the page: portrait with its size, name, headline, description', async () => {
    const html = (await crawl('/lena-hart')).body
    expect(head(html)).toContain(
      '<link rel="preload" as="image" href="/media/clones/lena-hart.svg" fetchpriority="high" />',
    )
    const root = html.slice(html.indexOf('<div id="root">'))
    expect(root).toMatch(
      /<img class="rt-AvatarImage" alt="Dr. Lena Hart" src="\/media\/clones\/lena-hart.svg" width="160" height="160" fetchpriority="high"/,
    )
    expect(root).toContain('>Dr. Lena Hart</h1>')
    expect(root).toContain(
      '>Sleep scientist and endurance coach: sleep better, recover faster, race stronger</p>',
    )
    expect(root).toContain('>About Dr. Lena Hart</h2>')
    expect(root).toContain('This clone of Lena shares general sleep and training education')
    // Crawlers find the clone's links (people use them once the app has started: the written screen is inert).
    expect(root).toMatch(/data-prerendered="" inert="" aria-hidden="true"/)
    expect(root).toContain('href="/lena-hart/talk"')
    expect(root).toContain(
      'href="/lena-hart/talk?message=How+late+in+the+day+can+I+drink+coffee+without+hurting+my+sleep%3F"',
    )
    // And the app starts with the same clone.
    const data = prerenderedClone(html)
    expect(data).toMatchObject({ slug: 'lena-hart', instanceSlug: null, clone: { name: 'Dr. Lena Hart' } })
    const api = CloneProfile.parse(
      (await t.app.inject({ method: 'GET', url: '/api/clones/lena-hart' })).json(),
    )
    expect(data?.clone).toEqual(api)
  })

  it('starts the app after the first paint: its scripts wait in a template opened by start-app.js', async () => {
    const html = (await crawl('/lena-hart')).body
    expect(head(html)).not.toContain('/assets/index-abc.js')
    expect(head(html)).not.toContain('modulepreload')
    expect(head(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">')
    const template = /<template id="likeness-app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1]
    expect(template).toBe(
      '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
    )
    expect(html).toContain('<script src="/start-app.js" defer></script>')
  })

  it('gives the talk screen its card, its written start screen and the talk chunk’s styles', async () => {
    const html = (await crawl('/lena-hart/talk?message=hello', TWITTER, 'text/html')).body
    expect(titleOf(html)).toBe('Dr. Lena Hart | Likeness')
    expect(metaTags(html)).toMatchObject({
      'og:title': 'Dr. Lena Hart',
      'og:url': `${PUBLIC_URL}/lena-hart/talk`,
      'twitter:image': `${PUBLIC_URL}/media/clones/lena-hart.svg`,
    })
    expect(head(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/TalkScreen-t1.css" />')
    expect(head(html)).toContain('<link rel="stylesheet" crossorigin href="/assets/ChatThread-c2.css" />')
    const template = /<template id="likeness-app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? ''
    expect(template).toContain('href="/assets/TalkScreen-t1.js"')
    expect(template).toContain('href="/assets/ChatThread-c2.js"')
    // Already loaded by the entry: not preloaded twice.
    expect(template.match(/react-abc\.js/g)).toHaveLength(1)
    const root = html.slice(html.indexOf('<div id="root">'))
    expect(root).toContain('<h1 class="talk-header__name">Dr. Lena Hart</h1>')
    expect(root).toContain('<span>What is your jet lag protocol when flying east for a race?</span>')
    expect(root).toContain('<p class="talk-disclaimer">This clone of Lena shares general sleep')
    expect(prerenderedClone(html)?.slug).toBe('lena-hart')
  })

  it.each([
    ['/lena-hart/call', 'Dr. Lena Hart'],
    ['/lena-hart/video', 'Dr. Lena Hart'],
    ['/lena-hart/video/shared/share-video-1', 'Dr. Lena Hart'],
    ['/lena-hart/talk/conversation/8d3c9b8e-0000-4000-8000-000000000000', 'Dr. Lena Hart'],
    ['/lena-hart/clinic', 'Dr. Lena Hart (Lena Hart — Clinic Edition)'],
    ['/lena-hart/clinic/talk', 'Dr. Lena Hart (Lena Hart — Clinic Edition)'],
    ['/lena-hart/clinic/video', 'Dr. Lena Hart (Lena Hart — Clinic Edition)'],
    ['/tomas-rivera', 'Chef Tomás Rivera'],
  ])('gives %s the clone’s card', async (url, title) => {
    const res = await crawl(url)
    expect(res.statusCode).toBe(200)
    const meta = metaTags(res.body)
    expect(meta['og:title']).toBe(title)
    expect(meta['twitter:title']).toBe(title)
    expect(meta['og:url']).toBe(`${PUBLIC_URL}${url}`)
    expect(meta['og:image']).toMatch(new RegExp(`^${PUBLIC_URL}/media/clones/[a-z-]+\\.svg$`))
    expect(meta['twitter:card']).toBe('summary')
  })

  it('writes no talk screen when the build does not name its chunk (it could not be styled)', async () => {
    const manifestFile = path.join(webDist, '.vite', 'manifest.json')
    await writeFile(manifestFile, JSON.stringify({ 'index.html': MANIFEST['index.html'] }))
    try {
      const html = (await crawl('/lena-hart/talk')).body
      expect(metaTags(html)['og:title']).toBe('Dr. Lena Hart')
      expect(html).toContain('<div id="root"></div>')
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    } finally {
      await writeFile(manifestFile, JSON.stringify(MANIFEST))
    }
  })

  it('writes no screen for calls and videos (only their head): the app draws those', async () => {
    const html = (await crawl('/lena-hart/call')).body
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('likeness-prerender')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
  })

  it('gives a shared conversation the clone’s card with the conversation’s title while it is shared', async () => {
    const sent = await sendChatMessage(t.app, { text: 'Should athletes nap, and for how long?' })
    const conversationId = sent.message.conversationId
    await t.db
      .update(conversations)
      .set({ title: 'Napping & "race week"' })
      .where(eq(conversations.id, conversationId))
    const cookie = `${VISITOR_COOKIE}=${sent.visitor}`
    const shareRes = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${conversationId}/share`,
      headers: { cookie },
    })
    const { shared } = ShareConversationResponse.parse(shareRes.json())
    const url = new URL(shared.url).pathname

    const html = (await crawl(url, TWITTER)).body
    expect(titleOf(html)).toBe('Napping & "race week" | Likeness')
    const meta = metaTags(html)
    expect(meta).toMatchObject({
      'og:type': 'article',
      'og:title': 'Napping & "race week" | Dr. Lena Hart',
      'twitter:title': 'Napping & "race week" | Dr. Lena Hart',
      'og:url': shared.url,
      'og:image': `${PUBLIC_URL}/media/clones/lena-hart.svg`,
    })
    expect(meta['og:description']).toMatch(
      /^A conversation with Dr\. Lena Hart on Likeness\. Sleep scientist/,
    )
    expect(html).not.toContain('likeness-prerender')

    // Unshared: the link no longer tells anything about the conversation, only whose page it was.
    await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${conversationId}/unshare`,
      headers: { cookie },
    })
    const after = metaTags((await crawl(url, TWITTER)).body)
    expect(after['og:title']).toBe('Dr. Lena Hart')
    expect(JSON.stringify(after)).not.toContain('Napping')
  })

  it('keeps the title of a conversation shared under another clone out of this clone’s card', async () => {
    const sent = await sendChatMessage(t.app, { text: 'Should athletes nap, and for how long?' })
    await t.db
      .update(conversations)
      .set({ title: 'Private-looking title' })
      .where(eq(conversations.id, sent.message.conversationId))
    const shareRes = await t.app.inject({
      method: 'POST',
      url: `/api/clone/talk/conversations/${sent.message.conversationId}/share`,
      headers: { cookie: `${VISITOR_COOKIE}=${sent.visitor}` },
    })
    const { shared } = ShareConversationResponse.parse(shareRes.json())
    const html = (await crawl(`/tomas-rivera/talk/conversation/shared/${shared.id}`)).body
    expect(metaTags(html)['og:title']).toBe('Chef Tomás Rivera')
    expect(html).not.toContain('Private-looking title')
  })

  it.each([
    '/no-such-clone',
    '/no-such-clone/talk',
    '/no-such-clone/talk/conversation/shared/AbCdEfGhIjKlMnOp',
    '/lena-hart/no-such-instance',
    '/lena-hart/no-such-instance/talk',
    '/explore',
    '/billing',
    '/privacy-policy',
    '/lena-hart/talk/unknown/deeper/path',
    '/',
  ])('answers %s with the unchanged app shell: no card (the app shows its own not-found)', async (url) => {
    const res = await crawl(url)
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
  })

  it('serves /index.html, the service worker’s cached shell, unchanged', async () => {
    const res = await crawl('/index.html', FACEBOOK, 'text/html')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(INDEX_HTML)
  })

  it('escapes everything a creator writes: names, headlines, questions cannot break out of the page', async () => {
    const name = `Eve <script>alert("pwned")</script> O'Hara & Co`
    const headline = `</title><script src="https://evil.example/x.js"></script><!-- "quoted" & 'single'`
    const warning = `</p><img src=x onerror=alert(1)> careful`
    const question = `Why </script><script>alert(2)</script> "this"?`
    const [tomas] = await t.db.select().from(clones).where(eq(clones.slug, 'tomas-rivera'))
    await t.db
      .update(clones)
      .set({
        name,
        headline,
        description: `First </section> paragraph\n\nSecond <b>bold</b> & more`,
        options: { ...tomas!.options, warning: true, customWarning: warning, suggestQuestions: true },
      })
      .where(eq(clones.id, tomas!.id))
    await t.db.insert(suggestedQuestions).values({ cloneId: tomas!.id, question, position: -1 })

    for (const url of ['/tomas-rivera', '/tomas-rivera/talk']) {
      const html = (await crawl(url)).body
      // No markup of the creator's survives as markup: every script on the page is one of ours.
      expect(html).not.toContain('<script>alert')
      expect(html).not.toContain('evil.example/x.js"></script>')
      expect(html).not.toContain('<img src=x')
      expect(html).not.toContain('<b>bold</b>')
      const scripts = [...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])
      expect(scripts).toEqual([
        '<script type="application/json" id="likeness-prerender">',
        '<script type="module" crossorigin src="/assets/index-abc.js">',
        '<script src="/start-app.js" defer>',
      ])
      // ... and reads back exactly as written.
      expect(titleOf(html)).toBe(`${name} | Likeness`)
      expect(metaTags(html)).toMatchObject({
        'og:title': name,
        'og:description': headline,
        'twitter:title': name,
        description: headline,
      })
      expect(html).toContain('Eve &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; O&#39;Hara &amp; Co')
      const data = prerenderedClone(html)
      expect(data?.clone.name).toBe(name)
      expect(data?.clone.headline).toBe(headline)
      expect(data?.clone.suggestedQuestions.map((q) => q.question)).toContain(question)
    }
    const profile = (await crawl('/tomas-rivera')).body
    expect(profile).toContain('&lt;/p&gt;&lt;img src=x onerror=alert(1)&gt; careful')
    expect(profile).toContain(
      'href="/tomas-rivera/talk?message=Why+%3C%2Fscript%3E%3Cscript%3Ealert%282%29%3C%2Fscript%3E+%22this%22%3F"',
    )
  })
})

describe('a written page’s styles: the rules its screen uses in <head>, the stylesheets after the first paint', () => {
  let t: TestApp
  let webDist: string

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-page-styles-'))
    await mkdir(path.join(webDist, '.vite'))
    await mkdir(path.join(webDist, 'assets'))
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST))
    await writeFile(
      path.join(webDist, 'assets', 'index-abc.css'),
      [
        ':where(.rt-Text){margin:0}',
        '.talk-disclaimer{color:#333}',
        '.talk-header__name:hover{color:blue}',
        '@media (min-width:1024px){.talk-disclaimer{font-size:18px}}',
        '.only-in-a-dialog{display:grid}',
      ].join('\n'),
    )
    await writeFile(path.join(webDist, 'assets', 'TalkScreen-t1.css'), '.talk-start{display:flex}')
    await writeFile(path.join(webDist, 'assets', 'ChatThread-c2.css'), '.chat-thread-only{gap:1px}')
    t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL } })
  })
  afterAll(async () => {
    await t.close()
    await rm(webDist, { recursive: true, force: true })
  })

  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(head(html))?.[1] ?? ''
  const links = [
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
    '<link rel="stylesheet" crossorigin href="/assets/TalkScreen-t1.css" />',
    '<link rel="stylesheet" crossorigin href="/assets/ChatThread-c2.css" />',
  ]

  it('writes the rules the talk screen uses into <head> and nothing else', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/lena-hart/talk' })).body
    const css = styleOf(html)
    expect(css).toContain(':where(.rt-Text){margin:0}')
    expect(css).toContain('.talk-disclaimer{color:#333}')
    expect(css).toContain('.talk-header__name:hover{color:blue}')
    expect(css).toContain('@media (min-width:1024px){.talk-disclaimer{font-size:18px}}')
    expect(css).toContain('.talk-start{display:flex}')
    expect(css).not.toContain('only-in-a-dialog')
    expect(css).not.toContain('chat-thread-only')
    // No stylesheet holds the first paint: they wait with the scripts, and without JavaScript they load.
    expect(head(html)).not.toContain('rel="stylesheet"')
    const template = /<template id="likeness-app-scripts">([\s\S]*?)<\/template>/.exec(html)?.[1] ?? ''
    expect(template.startsWith(links.join(''))).toBe(true)
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    expect(html).toContain(`<noscript>${links.join('')}</noscript>`)
  })

  it('writes the same rules for the same screen in another language and for another clone', async () => {
    const english = styleOf((await t.app.inject({ method: 'GET', url: '/lena-hart/talk' })).body)
    const french = styleOf(
      (
        await t.app.inject({
          method: 'GET',
          url: '/lena-hart/talk',
          headers: { 'accept-language': 'fr' },
        })
      ).body,
    )
    expect(french).toBe(english)
    const profile = styleOf((await t.app.inject({ method: 'GET', url: '/lena-hart' })).body)
    expect(profile).toContain(':where(.rt-Text){margin:0}')
    expect(profile).not.toContain('.talk-disclaimer')
  })

  it('leaves a page that names no clone as the build wrote it', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/no-such-clone-here' })).body
    expect(head(html)).toContain(links[0])
    expect(html).not.toContain('<style>')
  })
})
