import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { CloneProfile } from '../../contract'
import { DEFAULT_CONVERSATION_TITLE, PRODUCT_NAME } from '../../contract'
import type { PublicEmbedConfig } from '../../contract/embed'
import { stringsIn } from '../../contract/i18n'
import { DEFAULT_LANGUAGE_CODE, isRightToLeft } from '../../contract/languages'
import { findSharedConversation } from '../chat/sharing'
import { findCloneBySlug, findInstance, loadCloneProfile } from '../clones/queries'
import type { Db } from '../db/client'
import { readyLanguage } from '../i18n'
import { type ClonePage, matchClonePage } from './clone-pages'
import type { ValidEmbedPage } from './embed-page'
import { escapeHtml as esc, jsonForScript, STYLESHEET_LINK, truncate } from './html'
import type { pageStrings } from './page.strings'
import { renderProfile, renderTalk } from './prerender'

/*
 * The page the server answers for a clone's address (server/web.ts serves index.html for app routes):
 * index.html with the clone's title, description, OpenGraph and Twitter card tags, the portrait preloaded,
 * and for the profile and talk screens their first screen written into #root with the clone's profile as
 * JSON, so the largest paint does not wait for the JavaScript and the app starts with the clone it needs
 * (renderer/src/api/prerendered.ts). A crawler reading the HTML gets the card; an address that names no
 * clone gets index.html unchanged, and the web app answers it as before. The service worker's cached
 * /index.html stays the plain shell: the web app never needs what is written here.
 *
 * Both are written in the visitor's language (requestLanguage, server/i18n.ts; issue #25), which the page's
 * <html lang dir> names (withDocumentLanguage).
 */

/** The id of the JSON block the web app reads (renderer/src/api/prerendered.ts). */
export const PRERENDER_DATA_ID = 'likeness-prerender'
/** The id of an embed page's configuration block (renderer/src/platform/embed.ts reads it instead of fetching). */
export const EMBED_CONFIG_DATA_ID = 'likeness-embed-config'

export interface PageHeadOptions {
  db: Db
  /** The public origin (config PUBLIC_URL): absolute og:url and og:image. */
  publicUrl: string
}

interface ClonePageData {
  page: ClonePage
  clone: CloneProfile
  /** The title of a shared conversation, when the link is live and the conversation has one. */
  sharedTitle: string | null
}

async function loadClonePage(db: Db, page: ClonePage): Promise<ClonePageData | null> {
  const cloneRow = await findCloneBySlug(db, page.slug)
  if (!cloneRow) return null
  const instanceRow = page.instanceSlug ? await findInstance(db, cloneRow.id, page.instanceSlug) : null
  if (page.instanceSlug && !instanceRow) return null
  const clone = await loadCloneProfile(db, cloneRow, instanceRow ?? null)
  let sharedTitle: string | null = null
  if (page.kind === 'shared' && page.shareId) {
    const shared = await findSharedConversation(db, page.shareId)
    // A link whose clone does not match the conversation's is as good as unknown (as in the shared view).
    const matches = shared && shared.slug === page.slug && shared.instanceSlug === page.instanceSlug
    const title = matches ? shared.conversation.title.trim() : ''
    if (title && title !== DEFAULT_CONVERSATION_TITLE) sharedTitle = title
  }
  return { page, clone, sharedTitle }
}

/** An absolute URL on the public origin for a path, or the URL itself when it already is one. */
const absolute = (publicUrl: string, url: string) => new URL(url, `${publicUrl.replace(/\/+$/, '')}/`).href

/** The web app's document title: '{page} | Likeness' (renderer/src/ui/use-document-title.ts). */
const documentTitle = (page: string) => `${page} | ${PRODUCT_NAME}`

function headTags(
  data: ClonePageData,
  publicUrl: string,
  pathname: string,
  preloadPortrait: boolean,
  language: string,
) {
  const { clone, sharedTitle } = data
  const t = stringsIn<typeof pageStrings>('server.page', readyLanguage(language))
  const name = clone.instance ? `${clone.name} (${clone.instance.name})` : clone.name
  const about = clone.headline?.trim() || (clone.description ? truncate(clone.description, 200) : '')
  const title = sharedTitle ? `${sharedTitle} | ${name}` : name
  const description = sharedTitle
    ? truncate(`${t.conversationWith(name, PRODUCT_NAME)}${about ? ` ${about}` : ''}`, 200)
    : about || t.talkWith(name, PRODUCT_NAME)
  const portrait = clone.instance?.imageUrl ?? clone.imageUrl
  const image = portrait ? absolute(publicUrl, portrait) : null
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${esc(value)}" />`
  const tags = [
    meta('property', 'og:type', data.page.kind === 'shared' ? 'article' : 'profile'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', absolute(publicUrl, pathname)),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', clone.name)] : []),
    // Portraits are square: the summary card shows them whole.
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image), meta('name', 'twitter:image:alt', clone.name)] : []),
  ]
  if (preloadPortrait && portrait) {
    tags.push(`<link rel="preload" as="image" href="${esc(portrait)}" fetchpriority="high" />`)
  }
  return {
    title: documentTitle(sharedTitle ?? clone.name),
    description,
    tags: tags.join('\n    '),
  }
}

/**
 * The talk screen's lazy chunk as the web build names it (its Vite manifest): its styles, so the written
 * talk screen is styled at first paint, and its modules, fetched at once instead of after the entry runs.
 * Null when the build does not name it: then the talk screen is not written at all (unstyled, it would
 * jump when the app starts).
 */
async function talkScreenAssets(webDist: string): Promise<string | null> {
  return lazyChunkAssets(webDist, ['features/talk/TalkScreen.tsx'])
}

/**
 * An embed page's boot (/embed/...: no screen written in): the embed platform, the router's rewrite and the
 * bridge main.tsx imports before the first render, and the talk screen it opens on, announced in the
 * head so they load beside the entry instead of one after another (issue #27: Lighthouse on the embed route).
 */
export async function embedBootAssets(webDist: string): Promise<string> {
  const chunks = [
    'src/platform/embed.ts',
    'src/navigation/embed-rewrite.ts',
    'src/features/embed/EmbedBridge.tsx',
    'features/talk/TalkScreen.tsx',
  ]
  return (await lazyChunkAssets(webDist, chunks)) ?? ''
}

type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>

const manifests = new Map<string, { mtimeMs: number; manifest: ViteManifest }>()

/**
 * The web build's Vite manifest, or null without one. Parsed again only when the file changed, so a
 * rebuild is served without a restart and a page does not read it once per chunk list it writes.
 */
async function viteManifest(webDist: string): Promise<ViteManifest | null> {
  const file = path.join(webDist, '.vite/manifest.json')
  try {
    const { mtimeMs } = await stat(file)
    const kept = manifests.get(file)
    if (kept?.mtimeMs === mtimeMs) return kept.manifest
    const manifest = JSON.parse(await readFile(file, 'utf8')) as ViteManifest
    manifests.set(file, { mtimeMs, manifest })
    return manifest
  } catch {
    return null
  }
}

/**
 * Links for lazy chunks of the web build (named by the end of their source path in its Vite manifest) and
 * what they import, less what index.html loads already: their styles, then their modules. Null when the
 * build does not name the first one.
 */
async function lazyChunkAssets(webDist: string, sources: readonly string[]): Promise<string | null> {
  const manifest = await viteManifest(webDist)
  if (!manifest) return null
  const keys = sources.map((source) => Object.keys(manifest).find((k) => k.endsWith(source)))
  if (!keys[0]) return null
  // What index.html already loads (the entry and its static imports) is not repeated.
  const loaded = new Set<string>()
  const walk = (k: string, into: Set<string>) => {
    if (into.has(k) || !manifest[k]) return
    into.add(k)
    for (const i of manifest[k].imports ?? []) walk(i, into)
  }
  for (const [k, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(k, loaded)
  const needed = new Set<string>()
  for (const key of keys) if (key) walk(key, needed)
  const css = new Set<string>()
  const js: string[] = []
  for (const k of needed) {
    if (loaded.has(k)) continue
    const chunk = manifest[k]
    if (!chunk) continue
    js.push(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
  }
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${esc(file)}" />`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${esc(file)}" />`),
  ].join('\n    ')
}

/** The id of the template the app's scripts wait in on a written page (renderer/public/start-app.js). */
export const APP_SCRIPTS_ID = 'likeness-app-scripts'

/**
 * On a page with its first screen written in, the app's module scripts (the entry and its preloads) move
 * into a template that renderer/public/start-app.js opens once the page has painted: on a slow connection
 * the styles and the portrait get the line first, and the JavaScript follows instead of racing them.
 *
 * The app's stylesheets go into that template too, and the rules the written screen uses into a <style> in
 * <head> (critical-css.ts): the page paints once it has arrived, not after a connection and a download per
 * stylesheet, and the stylesheets do not share a slow line with it (issue #27, Lighthouse's largest
 * paint). The app renders once they have loaded (renderer/src/main.tsx); without JavaScript a <noscript>
 * copy of their links keeps every style.
 */
async function startAppAfterPaint(html: string, webDist: string): Promise<string> {
  const scripts: string[] = []
  let out = html.replace(
    /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g,
    (tag) => {
      scripts.push(tag.trim())
      return ''
    },
  )
  if (!scripts.some((tag) => tag.startsWith('<script'))) return html
  const stylesheets = out.match(STYLESHEET_LINK) ?? []
  // Beasties, PostCSS and the selector engine load with the first written page, not with every start.
  const css =
    stylesheets.length > 0
      ? await import('./critical-css').then(({ criticalCssOf }) => criticalCssOf(webDist).pick(html))
      : null
  let noscript = ''
  if (css !== null && !css.includes('</')) {
    let first = true
    out = out.replace(STYLESHEET_LINK, () => {
      if (!first) return ''
      first = false
      return `<style>${css}</style>`
    })
    scripts.unshift(...stylesheets)
    noscript = `  <noscript>${stylesheets.join('')}</noscript>\n  `
  }
  return out.replace(
    '</body>',
    () =>
      `  <template id="${APP_SCRIPTS_ID}">${scripts.join('')}</template>\n    <script src="/start-app.js" defer></script>\n  ${noscript}</body>`,
  )
}

/**
 * The app shell's <html> in `language`: its lang, and dir="rtl" or "ltr". The build's English shell is
 * served as written (it says lang="en" already).
 */
export function withDocumentLanguage(html: string, language: string): string {
  if (language === DEFAULT_LANGUAGE_CODE) return html
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr'
  return html.replace(/<html\b[^>]*>/i, () => `<html lang="${esc(language)}" dir="${dir}">`)
}

/**
 * index.html for a clone's page in `language` (the visitor's), or null when the address names no clone
 * (index.html is served as is).
 */
export async function renderClonePage(
  html: string,
  /** The request URL (path and query). */
  url: string,
  { db, publicUrl }: PageHeadOptions,
  webDist: string,
  language: string,
): Promise<string | null> {
  const pathname = url.split('?', 1)[0] ?? '/'
  const page = matchClonePage(pathname)
  if (!page) return null
  const data = await loadClonePage(db, page)
  if (!data) return null
  // The system colour scheme is known only in the browser: the app switches to dark when it starts.
  const appearance = 'light'

  let body: string | null = null
  const extra: string[] = []
  if (page.kind === 'profile') body = renderProfile(data.clone, appearance, language)
  else if (page.kind === 'talk' || page.kind === 'conversation') {
    const assets = await talkScreenAssets(webDist)
    if (assets !== null) {
      body = renderTalk(data.clone, appearance, page.kind === 'talk', language)
      extra.push(assets)
    }
  }
  const head = headTags(data, publicUrl, pathname, body !== null, language)
  if (body !== null) {
    const prerendered = { slug: page.slug, instanceSlug: page.instanceSlug, clone: data.clone }
    extra.push(
      `<script type="application/json" id="${PRERENDER_DATA_ID}">${jsonForScript(prerendered)}</script>`,
    )
  }

  // The cards and the portrait's preload right after the title, ahead of the scripts and styles.
  let out = withDocumentLanguage(html, language).replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${esc(head.title)}</title>\n    ${head.tags}`,
  )
  const description = `<meta name="description" content="${esc(head.description)}" />`
  out = /<meta name="description"[^>]*>/.test(out)
    ? out.replace(/<meta name="description"[^>]*>/, () => description)
    : out.replace('</head>', () => `  ${description}\n  </head>`)
  if (extra.some(Boolean))
    out = out.replace('</head>', () => `  ${extra.filter(Boolean).join('\n    ')}\n  </head>`)
  if (body !== null) {
    out = out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    out = await startAppAfterPaint(out, webDist)
  }
  return out
}

/**
 * An embed page (/embed/{target}/{configId}/...): the shell with the configuration written in as JSON (the
 * embed starts without fetching it) and the boot's modules announced; at the embed's root and on its
 * conversations, the talk screen written into #root as on the site (renderTalk's embed form: no logo, the
 * back link to the embed's overview, no 'powered by' when white-labelled) with the clone's profile, so the
 * first paint inside a creator's site does not wait for the JavaScript (issue #27, Lighthouse on the embed
 * route). A returning visitor whose conversation the root resumes sees the written start screen until the
 * app opens it, as the app's own start screen would have shown while it decides.
 */
export async function renderEmbedPage(
  html: string,
  page: ValidEmbedPage,
  config: PublicEmbedConfig,
  { db }: Pick<PageHeadOptions, 'db'>,
  webDist: string,
  language: string,
): Promise<string> {
  const extra = [
    `<script type="application/json" id="${EMBED_CONFIG_DATA_ID}">${jsonForScript(config)}</script>`,
  ]
  const boot = await embedBootAssets(webDist)
  if (boot) extra.push(boot)
  const conversation = /^\/conversation\/[^/]+$/.test(page.relative)
  let body: string | null = null
  if ((page.relative === '/' || conversation) && (await talkScreenAssets(webDist)) !== null) {
    const data = await loadClonePage(db, {
      kind: conversation ? 'conversation' : 'talk',
      slug: page.cloneSlug,
      instanceSlug: page.instanceSlug,
      shareId: null,
    })
    if (data) {
      body = renderTalk(data.clone, 'light', !conversation, language, {
        root: page.root,
        whitelabel: config.whitelabel,
      })
      const prerendered = { slug: page.cloneSlug, instanceSlug: page.instanceSlug, clone: data.clone }
      extra.push(
        `<script type="application/json" id="${PRERENDER_DATA_ID}">${jsonForScript(prerendered)}</script>`,
      )
    }
  }
  let out = withDocumentLanguage(html, language).replace(
    '</head>',
    () => `  ${extra.join('\n    ')}\n  </head>`,
  )
  if (body !== null) {
    out = out.replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    out = await startAppAfterPaint(out, webDist)
  }
  return out
}
