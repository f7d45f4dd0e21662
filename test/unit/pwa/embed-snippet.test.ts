// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableIframePageLoading": true, "navigation": { "disableChildFrameNavigation": true } } }
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EMBED_MESSAGES } from '../../../contract/embed-protocol'
import { frameUrl, type MountedEmbed, mountEmbed, readOptions } from '../../../pwa/embed/embed'

const PRODUCT = 'https://likeness.test'
const CONFIG = '6f1c7a52-2b7e-4c55-9d7b-5c6a5c3e9a10'

let mounted: MountedEmbed | null = null
afterEach(() => {
  mounted?.destroy()
  mounted = null
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

function script(attributes: Record<string, string>) {
  const tag = document.createElement('script')
  tag.setAttribute('src', `${PRODUCT}/embed.js`)
  tag.type = 'text/plain' // never run by the test document
  for (const [name, value] of Object.entries(attributes)) tag.setAttribute(`data-${name}`, value)
  document.body.append(tag)
  return tag
}

const mount = (attributes: Record<string, string>) => {
  mounted = mountEmbed(script({ clone: 'lena-hart', config: CONFIG, ...attributes }))
  return mounted!
}

/** A message as the browser delivers it to the host window. */
const deliver = (init: { origin: string; source: unknown; data: unknown }) =>
  window.dispatchEvent(new MessageEvent('message', init as MessageEventInit))

/**
 * The product's window inside the iframe: the test document loads no page into it (no network), so each
 * frame gets a stand-in whose postMessage is a spy.
 */
const content = new WeakMap<HTMLIFrameElement, { postMessage: ReturnType<typeof vi.fn> }>()
const windowOf = (frame: HTMLIFrameElement) => {
  let win = content.get(frame)
  if (!win) {
    win = { postMessage: vi.fn() }
    content.set(frame, win)
    Object.defineProperty(frame, 'contentWindow', { value: win })
  }
  return win
}

const launcher = () => document.querySelector('button') as HTMLButtonElement

describe('embed snippet options', () => {
  it('reads the data attributes, bubble by default', () => {
    expect(readOptions(script({ clone: 'lena-hart', config: CONFIG }))).toEqual({
      clone: 'lena-hart',
      instance: null,
      config: CONFIG,
      layout: 'bubble',
      container: null,
    })
    expect(readOptions(script({ clone: 'lena-hart' }))).toBeNull()
  })

  it("builds the iframe's address from the product origin, the target and this page's origin", () => {
    const options = {
      clone: 'lena-hart',
      instance: 'clinic',
      config: CONFIG,
      layout: 'inline',
      container: null,
    } as const
    const url = new URL(frameUrl(PRODUCT, options, 'https://creator.test'))
    expect(url.origin).toBe(PRODUCT)
    expect(url.pathname).toBe(`/embed/clinic%40lena-hart/${CONFIG}`)
    expect(url.searchParams.get('parent')).toBe('https://creator.test')
    expect(url.searchParams.get('layout')).toBe('inline')
  })
})

describe('inline layout', () => {
  it('puts the iframe right after the script, or in the named container', () => {
    const embed = mount({ layout: 'inline' })
    const frame = embed.iframe()!
    expect(frame.previousElementSibling?.tagName).toBe('SCRIPT')
    expect(frame.getAttribute('allow')).toBe('microphone; camera; autoplay; clipboard-write')
    expect(frame.title).toBe('Likeness chat')
    expect(frame.src).toBe(
      `${PRODUCT}/embed/lena-hart/${CONFIG}?parent=${encodeURIComponent(location.origin)}&layout=inline`,
    )
    embed.destroy()
    const box = document.createElement('section')
    box.id = 'chat-here'
    document.body.append(box)
    mounted = mountEmbed(
      script({ clone: 'lena-hart', config: CONFIG, layout: 'inline', container: '#chat-here' }),
    )
    expect(box.querySelector('iframe')).toBe(mounted!.iframe())
  })

  it('grows with the content only on a message from its own frame at the product origin', () => {
    const embed = mount({ layout: 'inline' })
    const frame = embed.iframe()!
    const resize = { type: EMBED_MESSAGES.resize, configId: CONFIG, height: 900 }
    deliver({ origin: 'https://evil.test', source: windowOf(frame), data: resize })
    deliver({ origin: PRODUCT, source: window, data: resize })
    deliver({ origin: PRODUCT, source: windowOf(frame), data: { ...resize, configId: 'other' } })
    expect(frame.style.height).toBe('')
    deliver({ origin: PRODUCT, source: windowOf(frame), data: resize })
    expect(frame.style.height).toBe('900px')
  })
})

describe('bubble layout', () => {
  it('has a launcher and loads the iframe only when first opened', () => {
    const embed = mount({})
    expect(launcher().getAttribute('aria-label')).toBe('Open Likeness chat')
    expect(launcher().getAttribute('aria-expanded')).toBe('false')
    expect(document.querySelector('iframe')).toBeNull()
    launcher().click()
    expect(embed.iframe()).not.toBeNull()
    expect(launcher().getAttribute('aria-expanded')).toBe('true')
    expect(launcher().getAttribute('aria-label')).toBe('Close Likeness chat')
    const panel = document.getElementById(launcher().getAttribute('aria-controls')!)!
    expect(panel.hidden).toBe(false)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(panel.hidden).toBe(true)
    expect(document.activeElement).toBe(launcher())
  })

  it("tells the product it opened, at the product's exact origin, once it is ready", () => {
    const embed = mount({})
    embed.open()
    const frame = embed.iframe()!
    const post = windowOf(frame).postMessage
    deliver({
      origin: PRODUCT,
      source: windowOf(frame),
      data: { type: EMBED_MESSAGES.ready, configId: CONFIG },
    })
    expect(post).toHaveBeenCalledWith({ type: EMBED_MESSAGES.opened }, PRODUCT)
    embed.close()
    expect(post).toHaveBeenLastCalledWith({ type: EMBED_MESSAGES.closed }, PRODUCT)
    expect(post.mock.calls.every(([, origin]) => origin === PRODUCT)).toBe(true)
  })

  it("closes on the product's close message and re-dispatches every message on the host window", () => {
    const embed = mount({})
    embed.open()
    const frame = embed.iframe()!
    const heard = vi.fn()
    window.addEventListener(EMBED_MESSAGES.textExhausted, heard)
    deliver({
      origin: 'https://evil.test',
      source: windowOf(frame),
      data: { type: EMBED_MESSAGES.textExhausted, configId: CONFIG },
    })
    expect(heard).not.toHaveBeenCalled()
    deliver({
      origin: PRODUCT,
      source: windowOf(frame),
      data: { type: EMBED_MESSAGES.textExhausted, configId: CONFIG },
    })
    expect(heard).toHaveBeenCalledOnce()
    expect((heard.mock.calls[0]![0] as CustomEvent).detail).toEqual({ configId: CONFIG })
    deliver({
      origin: PRODUCT,
      source: windowOf(frame),
      data: { type: EMBED_MESSAGES.close, configId: CONFIG },
    })
    expect(launcher().getAttribute('aria-expanded')).toBe('false')
    window.removeEventListener(EMBED_MESSAGES.textExhausted, heard)
  })

  it("expands and collapses the bubble's panel on the product's expand message (spec 2 §2)", () => {
    const embed = mount({})
    embed.open()
    const frame = embed.iframe()!
    const panel = frame.parentElement!
    const expand = (expanded: unknown) =>
      deliver({
        origin: PRODUCT,
        source: windowOf(frame),
        data: { type: EMBED_MESSAGES.expand, configId: CONFIG, expanded },
      })
    const isExpanded = () => [...panel.classList].some((c) => c.endsWith('-expanded'))
    deliver({
      origin: 'https://evil.test',
      source: windowOf(frame),
      data: { type: EMBED_MESSAGES.expand, configId: CONFIG, expanded: true },
    })
    expect(isExpanded()).toBe(false)
    expand('yes')
    expect(isExpanded()).toBe(false)
    expand(true)
    expect(isExpanded()).toBe(true)
    expand(false)
    expect(isExpanded()).toBe(false)
  })
})
