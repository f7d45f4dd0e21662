import { createHash } from 'node:crypto'
import Beasties from 'beasties'
import { selectOne } from 'css-select'
import { parseDocument } from 'htmlparser2'
import postcss, { type AtRule, type Root } from 'postcss'
import { STYLESHEET_LINK } from './html'

/*
 * Critical CSS for a page with its first screen written in (page-head.ts; issue #27, Lighthouse's largest
 * paint): the rules that screen uses, which page-head.ts writes into a <style> in <head>, so the page
 * paints as soon as it has arrived rather than after a connection and a download per stylesheet.
 *
 * Beasties (the maintained fork of Critters) picks the rules, matching each selector against the page.
 * That costs tens of milliseconds, so its pick is kept per page shape: the markup with its text and the
 * values of text and address attributes taken out, which is the same for one screen in every language
 * and for most clones. A rule whose selector Beasties cannot read is left out: it applies once the
 * stylesheets have loaded, before the app starts (test/e2e/prerender.spec.ts checks that the written
 * screens look the same before and after).
 */

/** How many page shapes keep their critical CSS (a few screens × the clones' variations). */
const CACHE_ENTRIES = 64

/** Attributes whose values are text or addresses: they change no selector the app's styles use. */
const TEXT_ATTRIBUTES = new Set([
  'alt',
  'aria-label',
  'content',
  'datetime',
  'href',
  'placeholder',
  'src',
  'srcset',
  'title',
  'value',
])

export interface CriticalCss {
  /** The rules of `html`'s stylesheets that its markup uses, or null when they cannot be read. */
  pick(html: string): Promise<string | null>
}

const instances = new Map<string, CriticalCss>()

/** The critical CSS of the web app built in `webDist` (one cache per build folder). */
export function criticalCssOf(webDist: string): CriticalCss {
  let instance = instances.get(webDist)
  if (!instance) {
    instance = createCriticalCss(webDist)
    instances.set(webDist, instance)
  }
  return instance
}

/** `webDist` is the built web app the pages' stylesheets are read from. */
export function createCriticalCss(webDist: string): CriticalCss {
  const beasties = new Beasties({
    path: webDist,
    publicPath: '/',
    // Only its pick is used: page-head.ts writes the page.
    pruneSource: false,
    mergeStylesheets: true,
    inlineFonts: false,
    preloadFonts: false,
    fonts: false,
    keyframes: 'critical',
    compress: true,
    reduceInlineStyles: false,
    // Beasties takes pseudo-classes out of a selector before matching it, so one that is all :where() or
    // :is() matches nothing; Radix Themes writes its resets and variables so (:where(.rt-Text), ...).
    allowRules: [/^:(?:where|is)\(/],
    logLevel: 'silent',
  })
  const cache = new Map<string, Promise<string | null>>()

  const pick = (html: string): Promise<string | null> => {
    const key = shapeOf(html)
    const kept = cache.get(key)
    if (kept) {
      // Most recently used last: the first entry is the one to drop.
      cache.delete(key)
      cache.set(key, kept)
      return kept
    }
    const picked = beasties
      .process(html)
      .then((out) => {
        const css = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1]
        return css === undefined ? null : refine(css, html)
      })
      .catch(() => null)
    cache.set(key, picked)
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
    return picked
  }

  return { pick }
}

/**
 * Beasties' pick, narrowed (about 70 KB of CSS down to about 20 KB on the seeded screens):
 * - A rule stays when one of its selectors matches an element of the page, read with :where(), :is(),
 *   :not() and :has() as written (Beasties drops everything from a pseudo-class on, so that a button
 *   keeps the rules of every variant and colour). A state the page may take before the stylesheets
 *   arrive (hover, focus, ...) and a pseudo-element count as matching; a selector that cannot be read is
 *   kept.
 * - A custom property nothing uses goes (Radix Themes defines every step of every colour scale on
 *   :root); one the page's own style attributes use stays.
 */
export function refine(css: string, html: string): string {
  const markup = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
  const document = parseDocument(markup)
  const root = postcss.parse(css)
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return
    if (!rule.selectors.some((selector) => matches(selector, document))) rule.remove()
  })
  removeEmpty(root)
  // A property's value can name another: unused ones go until none is left.
  for (;;) {
    const used = new Set<string>()
    const collect = (text: string) => {
      for (const m of text.matchAll(CUSTOM_PROPERTY_USE)) used.add(m[1] as string)
    }
    root.walkDecls((declaration) => collect(declaration.value))
    collect(markup)
    let removed = 0
    root.walkDecls((declaration) => {
      if (declaration.prop.startsWith('--') && !used.has(declaration.prop)) {
        declaration.remove()
        removed++
      }
    })
    if (removed === 0) break
    removeEmpty(root)
  }
  return root.toString()
}

const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g

/**
 * States and pseudo-elements: the selector matches an element of the page when it does without them. The
 * vendor ones (::-webkit-scrollbar, :-moz-focusring) likewise.
 */
const STATES =
  /::?(?:hover|focus|focus-visible|focus-within|active|visited|target|autofill|placeholder-shown|before|after|placeholder|selection|backdrop|marker|first-line|first-letter|-(?:webkit|moz|ms)-[\w-]+)(?![\w-])/gi

function matches(selector: string, document: ReturnType<typeof parseDocument>): boolean {
  const plain = selector
    .replace(STATES, '')
    .replace(/:(?:where|is)\(\s*\)/g, '')
    .trim()
  if (plain === '' || /^(?:html|:root|body|\*)$/i.test(plain)) return true
  try {
    return selectOne(plain, document.children) !== null
  } catch {
    return true
  }
}

/** Rules and at-rules left empty, until none is (an @supports around an emptied @media). */
function removeEmpty(root: Root) {
  for (let removed = 1; removed > 0; ) {
    removed = 0
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove()
        removed++
      }
    })
  }
}

/**
 * A page's shape: its markup without text, script contents or the values of TEXT_ATTRIBUTES, with the
 * stylesheets it names (a new build is a new shape).
 */
export function shapeOf(html: string): string {
  const shape = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '<script>')
    .replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, '<template>')
    .replace(/>[^<]+</g, '><')
    .replace(/\s([a-zA-Z-:]+)="[^"]*"/g, (attribute, name: string) =>
      TEXT_ATTRIBUTES.has(name.toLowerCase()) ? ` ${name}` : attribute,
    )
  const stylesheets = (html.match(STYLESHEET_LINK) ?? []).join('')
  return createHash('sha256').update(stylesheets).update(shape).digest('base64url')
}
