import {
  EMBED_MESSAGES,
  EMBED_QUERY,
  type EmbedChildMessage,
  type EmbedLayoutName,
  embedRoot,
  embedTarget,
  readChildMessage,
} from '../../contract/embed-protocol'
import { PRODUCT_ID, PRODUCT_NAME } from '../../contract/product'

/*
 * The snippet a creator pastes into their page (issue #14), served as /embed.js:
 *
 *   <script src="https://{product}/embed.js" data-clone="lena-hart" data-config="{id}" async></script>
 *
 * data-instance names an instance; data-layout is 'bubble' (default: a launcher in the corner opening a
 * panel, full-screen on small screens) or 'inline' (an iframe in data-container's element, or right after
 * the script). The iframe and this page talk only by postMessage to each other's exact origin; every
 * message from the product is also dispatched on this window as a CustomEvent named after its type
 * ('likeness:text-exhausted', detail { configId }), for the host page to listen to.
 * Plain TypeScript: no framework, no zod (a few KB gzip, npm run bench:size).
 */

const SMALL_SCREEN = 640
const PREFIX = `${PRODUCT_ID}-embed`

export interface EmbedOptions {
  clone: string
  instance: string | null
  config: string
  layout: EmbedLayoutName
  container: string | null
}

/** The snippet's options from its data attributes; null when the clone or configuration is missing. */
export function readOptions(script: HTMLScriptElement): EmbedOptions | null {
  const data = script.dataset
  const clone = data.clone?.trim()
  const config = data.config?.trim()
  if (!clone || !config) return null
  return {
    clone,
    instance: data.instance?.trim() || null,
    config,
    layout: data.layout === 'inline' ? 'inline' : 'bubble',
    container: data.container?.trim() || null,
  }
}

/** The iframe's address: the product's embed root, with this page's origin and the layout. */
export function frameUrl(productOrigin: string, options: EmbedOptions, hostOrigin: string): string {
  const query = new URLSearchParams({
    [EMBED_QUERY.parent]: hostOrigin,
    [EMBED_QUERY.layout]: options.layout,
  })
  return `${productOrigin}${embedRoot(embedTarget(options.clone, options.instance), options.config)}?${query}`
}

const STYLES = `
.${PREFIX}-frame{border:0;display:block;width:100%;color-scheme:normal}
.${PREFIX}-inline{height:640px}
.${PREFIX}-launcher{position:fixed;right:16px;bottom:16px;z-index:2147483000;width:56px;height:56px;border:0;border-radius:50%;background:#6e56cf;color:#fff;cursor:pointer;box-shadow:0 4px 16px rgba(0,0,0,.25);display:grid;place-items:center}
.${PREFIX}-launcher:focus-visible{outline:3px solid #fff;outline-offset:-6px}
.${PREFIX}-panel{position:fixed;right:16px;bottom:88px;z-index:2147483000;width:400px;height:640px;max-height:calc(100vh - 104px);border-radius:16px;overflow:hidden;background:#fff;box-shadow:0 8px 32px rgba(0,0,0,.25)}
.${PREFIX}-panel[hidden]{display:none}
@media (min-width:${SMALL_SCREEN}px){.${PREFIX}-panel.${PREFIX}-expanded{width:min(960px,calc(100vw - 32px));height:calc(100vh - 104px)}}
.${PREFIX}-panel .${PREFIX}-frame{height:100%}
@media (max-width:${SMALL_SCREEN - 1}px){.${PREFIX}-panel{inset:0;width:auto;height:auto;max-height:none;border-radius:0}.${PREFIX}-launcher[aria-expanded=true]{display:none}}
`

const ICON_CHAT =
  '<svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/></svg>'
const ICON_CLOSE =
  '<svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2.5" stroke-linecap="round"/></svg>'

function addStyles(doc: Document) {
  if (doc.getElementById(`${PREFIX}-styles`)) return
  const style = doc.createElement('style')
  style.id = `${PREFIX}-styles`
  style.textContent = STYLES
  doc.head.append(style)
}

export interface MountedEmbed {
  readonly iframe: () => HTMLIFrameElement | null
  open(): void
  close(): void
  destroy(): void
}

/** Mounts the embed for one script tag. */
export function mountEmbed(script: HTMLScriptElement, win: Window = window): MountedEmbed | null {
  const doc = win.document
  const options = readOptions(script)
  if (!options) {
    console.warn(`${PRODUCT_NAME} embed: data-clone and data-config are required.`)
    return null
  }
  const productOrigin = new URL(script.src, doc.baseURI).origin
  const src = frameUrl(productOrigin, options, win.location.origin)
  addStyles(doc)

  let iframe: HTMLIFrameElement | null = null
  let ready = false
  let isOpen = false
  const makeFrame = () => {
    const frame = doc.createElement('iframe')
    frame.className = `${PREFIX}-frame`
    frame.src = src
    frame.title = `${PRODUCT_NAME} chat`
    frame.allow = 'microphone; camera; autoplay; clipboard-write'
    iframe = frame
    return frame
  }
  /** To the product only, at its exact origin. */
  const post = (type: string) => iframe?.contentWindow?.postMessage({ type }, productOrigin)

  let launcher: HTMLButtonElement | null = null
  let panel: HTMLDivElement | null = null
  const setLauncher = () => {
    if (!launcher) return
    launcher.setAttribute('aria-expanded', String(isOpen))
    launcher.setAttribute('aria-label', isOpen ? `Close ${PRODUCT_NAME} chat` : `Open ${PRODUCT_NAME} chat`)
    launcher.innerHTML = isOpen ? ICON_CLOSE : ICON_CHAT
  }
  const open = () => {
    if (!panel || isOpen) return
    // The iframe loads on first open: the host page pays nothing before the visitor asks.
    if (!iframe) panel.append(makeFrame())
    isOpen = true
    panel.hidden = false
    setLauncher()
    iframe?.focus()
    if (ready) post(EMBED_MESSAGES.opened)
  }
  const close = () => {
    if (!panel || !isOpen) return
    isOpen = false
    panel.hidden = true
    setLauncher()
    post(EMBED_MESSAGES.closed)
    launcher?.focus()
  }

  if (options.layout === 'inline') {
    const frame = makeFrame()
    frame.classList.add(`${PREFIX}-inline`)
    const container = options.container ? doc.querySelector(options.container) : null
    if (container) container.append(frame)
    else script.after(frame)
  } else {
    panel = doc.createElement('div')
    panel.className = `${PREFIX}-panel`
    panel.id = `${PREFIX}-panel-${options.config}`
    panel.hidden = true
    launcher = doc.createElement('button')
    launcher.type = 'button'
    launcher.className = `${PREFIX}-launcher`
    launcher.setAttribute('aria-controls', panel.id)
    launcher.addEventListener('click', () => (isOpen ? close() : open()))
    setLauncher()
    doc.body.append(panel, launcher)
  }

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) close()
  }
  const onMessage = (event: MessageEvent) => {
    // Only the product's own frame, at the product's origin, with a message of the protocol.
    if (!iframe || event.origin !== productOrigin || event.source !== iframe.contentWindow) return
    const message = readChildMessage(event.data)
    if (!message || message.configId !== options.config) return
    handle(message)
    const { type, ...detail } = message
    win.dispatchEvent(new CustomEvent(type, { detail }))
  }
  const handle = (message: EmbedChildMessage) => {
    if (message.type === EMBED_MESSAGES.ready) {
      ready = true
      if (isOpen) post(EMBED_MESSAGES.opened)
    } else if (message.type === EMBED_MESSAGES.close) close()
    // spec 2 §2 'bubble expand toggle': the panel grows to most of the page, and back.
    else if (message.type === EMBED_MESSAGES.expand && panel)
      panel.classList.toggle(`${PREFIX}-expanded`, message.expanded)
    else if (message.type === EMBED_MESSAGES.resize && options.layout === 'inline' && iframe)
      iframe.style.height = `${message.height}px`
  }
  doc.addEventListener('keydown', onKey)
  win.addEventListener('message', onMessage)

  return {
    iframe: () => iframe,
    open,
    close,
    destroy() {
      doc.removeEventListener('keydown', onKey)
      win.removeEventListener('message', onMessage)
      iframe?.remove()
      panel?.remove()
      launcher?.remove()
    },
  }
}

/** The script tag running now (or, loaded some other way, the last one pointing at embed.js). */
function currentScript(doc: Document): HTMLScriptElement | null {
  const current = doc.currentScript
  if (current instanceof HTMLScriptElement) return current
  const all = doc.querySelectorAll<HTMLScriptElement>('script[src*="/embed.js"][data-clone]')
  return all[all.length - 1] ?? null
}

if (typeof document !== 'undefined') {
  const script = currentScript(document)
  if (script && !script.dataset.mounted) {
    script.dataset.mounted = 'true'
    const start = () => mountEmbed(script)
    // The bubble needs document.body; a script in <head> waits for it.
    if (document.body) start()
    else document.addEventListener('DOMContentLoaded', start, { once: true })
  }
}
