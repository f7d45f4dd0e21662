import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EmbedConfig, INVALID_EMBED_TARGET_TEXT } from '../../contract/embed'
import { EMBED_CONFIG_HEADER } from '../../contract/embed-protocol'
import { VISITOR_COOKIE } from '../../server/auth/visitor'
import { conversations } from '../../server/db/schema'
import { embedConfigIdOf } from '../../server/seed'
import { parseStreamEvents } from './chat-helpers'
import { seededUserCookie, studio, validInput } from './embed-helpers'
import { createTestApp, type TestApp } from './helpers'

const INDEX_HTML =
  '<!doctype html><html><head><title>Likeness</title></head><body><div id="root"></div></body></html>'
const PUBLIC_URL = 'https://likeness.example'
const DEMO = 'http://localhost:5174'
const html = { accept: 'text/html' }

/** The configuration block an embed page carries (renderer/src/platform/embed.ts reads it). */
const writtenConfig = (body: string) =>
  JSON.parse(
    /<script type="application\/json" id="likeness-embed-config">([^<]*)<\/script>/.exec(body)?.[1] ?? 'null',
  )

const frameAncestors = (csp: unknown) =>
  /(?:^|;)\s*frame-ancestors ([^;]*)/.exec(String(csp))?.[1]?.split(' ') ?? []

describe('embed pages', () => {
  let t: TestApp
  let webDist: string
  let config: EmbedConfig
  const bubble = embedConfigIdOf('lena-hart', 'bubble')

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'likeness-embed-web-'))
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    t = await createTestApp({ env: { WEB_DIST: webDist, PUBLIC_URL, EMBED_DEMO_ORIGINS: DEMO } })
    const creator = await seededUserCookie(t.db, 'user-lena')
    config = EmbedConfig.parse(
      (await studio(t.app, 'POST', '/api/studio/lena-hart/embeds', creator, validInput)).json(),
    )
  })
  afterAll(async () => {
    await t.close()
    await rm(webDist, { recursive: true, force: true })
  })

  it('serves the app shell framable by exactly the configuration’s allowed origins', async () => {
    for (const rest of [
      '',
      '/',
      '/overview',
      '/conversation/8d3c9b8e-0000-4000-8000-000000000000?parent=x',
    ]) {
      const res = await t.app.inject({ url: `/embed/lena-hart/${config.id}${rest}`, headers: html })
      expect(res.statusCode, rest).toBe(200)
      // The shell, with the configuration written in (no screen: this build names no talk screen).
      expect(res.body).toContain('<div id="root"></div>')
      expect(writtenConfig(res.body)).toEqual(
        (await t.app.inject({ url: `/api/embed/configs/${config.id}` })).json(),
      )
      expect(frameAncestors(res.headers['content-security-policy'])).toEqual([
        "'self'",
        'https://creator.example',
        'https://www.creator.example',
      ])
      expect(res.headers['x-frame-options']).toBeUndefined()
      // The rest of the page policy stays as strict.
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
    }
  })

  it('announces the embed boot and the talk screen in the head when the build names them (issue #27)', async () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
      '_shared-1.js': { file: 'assets/shared-1.js' },
      'src/platform/embed.ts': { file: 'assets/embed-1.js', imports: ['_shared-1.js'] },
      'src/navigation/embed-rewrite.ts': { file: 'assets/embed-rewrite-1.js' },
      'src/features/embed/EmbedBridge.tsx': { file: 'assets/EmbedBridge-1.js' },
      'src/features/talk/TalkScreen.tsx': {
        file: 'assets/TalkScreen-1.js',
        css: ['assets/TalkScreen-1.css'],
      },
    }
    await mkdir(path.join(webDist, '.vite'), { recursive: true })
    await writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(manifest))
    try {
      const res = await t.app.inject({ url: `/embed/lena-hart/${config.id}`, headers: html })
      expect(res.statusCode).toBe(200)
      const head = res.body.slice(0, res.body.indexOf('</head>'))
      expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/TalkScreen-1.css" />')
      for (const file of ['embed-1.js', 'embed-rewrite-1.js', 'EmbedBridge-1.js', 'TalkScreen-1.js'])
        expect(head).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}" />`)
      // What index.html loads already is not announced twice.
      expect(head).not.toContain('shared-1.js')
      expect(head).not.toContain('index-1.js')
    } finally {
      await rm(path.join(webDist, '.vite'), { recursive: true, force: true })
    }
  })

  it('writes the talk screen into the embed’s root and conversations, with the clone, before the app starts', async () => {
    await mkdir(path.join(webDist, '.vite'), { recursive: true })
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/features/talk/TalkScreen.tsx': {
        file: 'assets/TalkScreen-1.js',
        css: ['assets/TalkScreen-1.css'],
      },
    }
    await writeFile(path.join(webDist, '.vite/manifest.json'), JSON.stringify(manifest))
    const shell =
      '<!doctype html><html><head><title>Likeness</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>'
    await writeFile(path.join(webDist, 'index.html'), shell)
    try {
      // The seeded bubble: not white-labelled.
      const root = `/embed/lena-hart/${bubble}`
      const start = await t.app.inject({ url: root, headers: html })
      expect(start.statusCode).toBe(200)
      const written = start.body.slice(start.body.indexOf('<div id="root">'))
      // The start screen, in the embed's header (no logo link), its back link to the embed's overview.
      expect(written).toContain('data-prerendered')
      expect(written).toContain('<h2 class="rt-Heading rt-r-size-6 rt-r-ta-center">Dr. Lena Hart</h2>')
      expect(written).toContain('data-embedded="true"')
      expect(written).not.toContain('class="app-logo"')
      expect(written).toContain(`href="${root}/overview"`)
      expect(written).toContain('Powered by Likeness')
      // The clone for the app's first render, and the app's script held until the written screen painted.
      expect(start.body).toContain('<script type="application/json" id="likeness-prerender">')
      expect(start.body).toContain('<script src="/start-app.js" defer></script>')

      const conversation = await t.app.inject({
        url: `${root}/conversation/8d3c9b8e-0000-4000-8000-000000000000`,
        headers: html,
      })
      expect(conversation.body).toContain('data-prerendered')
      expect(conversation.body).not.toContain('talk-start__intro')
      // The overview, calls and video are the app's own: the shell only.
      for (const rest of ['/overview', '/call', '/video']) {
        const res = await t.app.inject({ url: `${root}${rest}`, headers: html })
        expect(res.body, rest).toContain('<div id="root"></div>')
      }

      // A white-labelled configuration's screen (validInput's) has no 'powered by' line.
      const plain = await t.app.inject({ url: `/embed/lena-hart/${config.id}`, headers: html })
      expect(plain.body).toContain('data-prerendered')
      expect(plain.body).not.toContain('Powered by')
      expect(writtenConfig(plain.body)).toMatchObject({ id: config.id, whitelabel: true })
    } finally {
      await rm(path.join(webDist, '.vite'), { recursive: true, force: true })
      await writeFile(path.join(webDist, 'index.html'), INDEX_HTML)
    }
  })

  it('frames the seeded demo configurations from the server itself, PUBLIC_URL and EMBED_DEMO_ORIGINS', async () => {
    const res = await t.app.inject({ url: `/embed/lena-hart/${bubble}`, headers: html })
    expect(res.statusCode).toBe(200)
    expect(frameAncestors(res.headers['content-security-policy'])).toEqual(["'self'", PUBLIC_URL, DEMO])
    expect(res.headers['x-frame-options']).toBeUndefined()
  })

  it('serves an instance target whose instance is the clone’s', async () => {
    const res = await t.app.inject({ url: `/embed/clinic@lena-hart/${bubble}`, headers: html })
    expect(res.statusCode).toBe(200)
  })

  it('lets a configuration with no allowed origins be framed by the product itself only (the live preview)', async () => {
    const creator = await seededUserCookie(t.db, 'user-lena')
    const closed = EmbedConfig.parse(
      (
        await studio(t.app, 'POST', '/api/studio/lena-hart/embeds', creator, {
          ...validInput,
          allowedOrigins: [],
        })
      ).json(),
    )
    const res = await t.app.inject({ url: `/embed/lena-hart/${closed.id}`, headers: html })
    expect(res.statusCode).toBe(200)
    expect(frameAncestors(res.headers['content-security-policy'])).toEqual(["'self'"])
    expect(res.headers['x-frame-options']).toBeUndefined()
  })

  it.each([
    ['an unknown configuration', '/embed/lena-hart/8d3c9b8e-0000-4000-8000-000000000000'],
    ['a malformed id', '/embed/lena-hart/not-a-uuid'],
    ['no configuration', '/embed/lena-hart'],
    ['an empty target', `/embed//${embedConfigIdOf('lena-hart', 'bubble')}`],
    ['nothing at all', '/embed'],
    ['nothing at all, with a slash', '/embed/'],
    ['a target of another clone', `/embed/tomas-rivera/${embedConfigIdOf('lena-hart', 'bubble')}`],
    ['an instance the clone lacks', `/embed/nowhere@lena-hart/${embedConfigIdOf('lena-hart', 'bubble')}`],
    ['an escaped slash in the target', `/embed/lena-hart%2F/${embedConfigIdOf('lena-hart', 'bubble')}`],
  ])('answers %s with "Invalid embed target", framable by nobody', async (_name, url) => {
    const res = await t.app.inject({ url, headers: html })
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain(`<p>${INVALID_EMBED_TARGET_TEXT}</p>`)
    expect(frameAncestors(res.headers['content-security-policy'])).toEqual(["'none'"])
    expect(res.headers['x-frame-options']).toBe('DENY')
  })

  it('keeps every other page unframable', async () => {
    for (const url of ['/', '/lena-hart', '/lena-hart/talk', '/embedded']) {
      const res = await t.app.inject({ url, headers: html })
      expect(res.statusCode, url).toBe(200)
      expect(frameAncestors(res.headers['content-security-policy']), url).toEqual(["'none'"])
      expect(res.headers['x-frame-options'], url).toBe('DENY')
    }
  })

  it('shows the demo host page with the snippet of a seeded configuration', async () => {
    const res = await t.app.inject({ url: `/dev/embed?config=${embedConfigIdOf('lena-hart', 'text-limit')}` })
    expect(res.statusCode).toBe(200)
    const text = embedConfigIdOf('lena-hart', 'text-limit')
    expect(res.body).toContain(
      `<script src="/embed.js" data-clone="lena-hart" data-config="${text}" data-layout="bubble" async></script>`,
    )
    expect(res.body).toContain(
      `&lt;script src=&quot;http://localhost:80/embed.js&quot; data-clone=&quot;lena-hart&quot; data-config=&quot;${text}&quot;`,
    )
    expect(String(res.headers['content-security-policy'])).toContain("frame-src 'self'")
    const first = await t.app.inject({ url: '/dev/embed' })
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('data-config="')
    expect((await t.app.inject({ url: '/dev/embed?config=nope' })).statusCode).toBe(404)
  })

  describe('medium EMBED', () => {
    const stream = (headers: Record<string, string>, slug = 'lena-hart') =>
      t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/stream',
        payload: { slug, text: 'How late can I drink coffee?' },
        headers,
      })
    const mediumOf = async (body: string) => {
      const final = parseStreamEvents(body).at(-1)
      if (!final || !('message' in final)) throw new Error(body)
      const [row] = await t.db
        .select({ medium: conversations.medium })
        .from(conversations)
        .where(eq(conversations.id, final.message.conversationId))
      return row!.medium
    }

    it('marks a conversation started with a configuration of the clone EMBED', async () => {
      const res = await stream({ [EMBED_CONFIG_HEADER]: bubble })
      expect(res.statusCode, res.body).toBe(200)
      expect(await mediumOf(res.body)).toBe('EMBED')
    })

    it('ignores a header naming another clone’s configuration, an unknown one or garbage', async () => {
      for (const value of [
        embedConfigIdOf('tomas-rivera', 'bubble'),
        '8d3c9b8e-0000-4000-8000-000000000000',
        'x',
      ]) {
        const res = await stream({ [EMBED_CONFIG_HEADER]: value })
        expect(res.statusCode, res.body).toBe(200)
        expect(await mediumOf(res.body), value).toBe('WEB')
      }
      expect(await mediumOf((await stream({})).body)).toBe('WEB')
    })

    it('marks a stopped exchange stored from an embed EMBED too', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/clone/talk/messages/store',
        payload: { slug: 'lena-hart', userText: 'Hello?', userFiles: [], cloneText: 'Hi' },
        headers: { [EMBED_CONFIG_HEADER]: bubble, cookie: `${VISITOR_COOKIE}=embedvisitor-0123456789` },
      })
      expect(res.statusCode, res.body).toBe(200)
      const [row] = await t.db
        .select({ medium: conversations.medium })
        .from(conversations)
        .where(eq(conversations.id, res.json().conversationId))
      expect(row!.medium).toBe('EMBED')
    })
  })
})
