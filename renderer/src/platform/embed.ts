import { VISITOR_HEADER } from '../../../contract/auth'
import { PublicEmbedConfig } from '../../../contract/embed'
import {
  EMBED_CONFIG_HEADER,
  EMBED_LAYOUTS,
  EMBED_PREFIX,
  EMBED_QUERY,
  type EmbedLayoutName,
  embedRoot,
  normaliseOrigin,
  parseEmbedTarget,
  readParentMessage,
} from '../../../contract/embed-protocol'
import { PRODUCT_ID } from '../../../contract/product'
import { storageKeys } from './storage-keys'
import type { EmbedContext, Platform } from './types'
import { newVisitorId } from './visitor-id'
import { createWebPlatform, defaultStorage, type KeyValueStorage } from './web'

/*
 * The product inside an iframe on a creator's site (issue #14): the web platform plus the embed's context.
 * Loaded only for '/embed/...' addresses (platform/index.ts), so the normal first load never carries it.
 */

/** The configuration is unknown, or not for this clone: the page shows 'Invalid embed target' (spec 1 §8). */
export class InvalidEmbedTargetError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidEmbedTargetError'
  }
}

/** The window pieces the embed talks through (injectable for tests). */
export interface EmbedWindow {
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void } | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface EmbedPlatformOptions {
  location: { pathname: string; search: string; origin: string }
  window: EmbedWindow
  /** The platform's store (localStorage, or memory where a third-party frame may not use it). */
  storage?: KeyValueStorage
  /** sessionStorage (or memory): the first address's parent and layout survive an in-frame reload. */
  session?: KeyValueStorage
  /** The page's written configuration, else GET /api/embed/configs/{id}; null when the server does not know it. */
  fetchConfig?: (configId: string) => Promise<PublicEmbedConfig | null>
}

/** '/embed/{target}/{configId}[/...]': the target and configuration, or null when the path is not one. */
export function parseEmbedPath(pathname: string): { target: string; configId: string } | null {
  const [, prefix, target, configId] = pathname.split('/')
  if (`/${prefix}` !== EMBED_PREFIX || !target || !configId) return null
  try {
    return { target: decodeURIComponent(target), configId: decodeURIComponent(configId) }
  } catch {
    return null
  }
}

export const isEmbedPath = (pathname: string) => pathname.startsWith(`${EMBED_PREFIX}/`)

/** The public configuration, fetched before any platform is set (the API client needs one). */
/** The id of the configuration block the server writes into an embed page (server/web/page-head.ts). */
export const EMBED_CONFIG_DATA_ID = 'likeness-embed-config'

/**
 * The configuration the server wrote into this page, when it is the one the address names: the embed then
 * starts without a request for it. Null for anything else (another id, no block, not a configuration).
 */
export function readWrittenConfig(configId: string, doc: Document = document): PublicEmbedConfig | null {
  const text = doc.getElementById(EMBED_CONFIG_DATA_ID)?.textContent
  if (!text) return null
  try {
    const parsed = PublicEmbedConfig.safeParse(JSON.parse(text))
    return parsed.success && parsed.data.id === configId ? parsed.data : null
  } catch {
    return null
  }
}

async function fetchPublicConfig(configId: string): Promise<PublicEmbedConfig | null> {
  const written = readWrittenConfig(configId)
  if (written) return written
  const response = await fetch(`/api/embed/configs/${encodeURIComponent(configId)}`, {
    credentials: 'omit',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 404 || response.status === 400) return null
  if (!response.ok) throw new Error(`The embed configuration could not be loaded (${response.status}).`)
  return PublicEmbedConfig.parse(await response.json())
}

interface FrameParams {
  parent: string | null
  layout: string | null
}

/** The parent and layout of the first address, kept for this tab so a reload inside the frame keeps them. */
function frameParams(search: string, session: KeyValueStorage, configId: string): FrameParams {
  const key = `${PRODUCT_ID}-embed-frame:${configId}`
  const query = new URLSearchParams(search)
  if (query.has(EMBED_QUERY.parent) || query.has(EMBED_QUERY.layout)) {
    const fresh = { parent: query.get(EMBED_QUERY.parent), layout: query.get(EMBED_QUERY.layout) }
    try {
      session.setItem(key, JSON.stringify(fresh))
    } catch {
      // Not kept: a reload inside the frame then has no parent to talk to, which is safe.
    }
    return fresh
  }
  try {
    const kept = JSON.parse(session.getItem(key) ?? 'null') as Partial<FrameParams> | null
    return {
      parent: typeof kept?.parent === 'string' ? kept.parent : null,
      layout: typeof kept?.layout === 'string' ? kept.layout : null,
    }
  } catch {
    return { parent: null, layout: null }
  }
}

/** The parent origin, only when the configuration allows it (the page is framed by nobody else: CSP). */
export function allowedParentOrigin(parent: string | null, allowedOrigins: readonly string[]): string | null {
  const origin = parent === null ? null : normaliseOrigin(parent)
  if (!origin) return null
  return allowedOrigins.some((allowed) => normaliseOrigin(allowed) === origin) ? origin : null
}

const sessionStore = (): KeyValueStorage => defaultStorage(() => globalThis.sessionStorage)

export async function createEmbedPlatform(options: EmbedPlatformOptions): Promise<Platform> {
  const { location, window: win, storage = defaultStorage(), session = sessionStore() } = options
  const path = parseEmbedPath(location.pathname)
  const target = path ? parseEmbedTarget(path.target) : null
  if (!path || !target) throw new InvalidEmbedTargetError('The embed address names no target.')
  const config = await (options.fetchConfig ?? fetchPublicConfig)(path.configId)
  if (!config || config.cloneSlug !== target.cloneSlug)
    throw new InvalidEmbedTargetError('The embed configuration is unknown or not for this clone.')

  const web = createWebPlatform(storage)
  const params = frameParams(location.search, session, config.id)
  const framed = win.parent !== null && (win.parent as unknown) !== win
  const parentOrigin = framed ? allowedParentOrigin(params.parent, config.allowedOrigins) : null
  const layout = (EMBED_LAYOUTS as readonly string[]).includes(params.layout ?? '')
    ? (params.layout as EmbedLayoutName)
    : config.layout

  const embed: EmbedContext = {
    configId: config.id,
    target: path.target,
    cloneSlug: target.cloneSlug,
    instanceSlug: target.instanceSlug,
    root: embedRoot(path.target, config.id),
    parentOrigin,
    layout,
    whitelabel: config.whitelabel,
    textLimit: config.textLimit,
    voiceLimitSeconds: config.voiceLimitSeconds,
    mainSiteOrigin: location.origin,
    notifyParent(message) {
      // Only to the exact origin the configuration allows, never '*'.
      if (!parentOrigin || !win.parent) return
      win.parent.postMessage({ ...message, configId: config.id }, parentOrigin)
    },
    onParentMessage(listener) {
      if (!parentOrigin) return () => undefined
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== parentOrigin || event.source !== win.parent) return
        const message = readParentMessage(event.data)
        if (message) listener(message)
      }
      win.addEventListener('message', onMessage)
      return () => win.removeEventListener('message', onMessage)
    },
  }

  // Made once per browser (or per session where storage is blocked) and kept.
  let visitor: string | null = null
  const visitorId = async () => {
    if (visitor) return visitor
    const stored = await web.storage.get(storageKeys.embedVisitorId).catch(() => undefined)
    visitor = stored ?? newVisitorId()
    if (!stored) await web.storage.set(storageKeys.embedVisitorId, visitor).catch(() => undefined)
    return visitor
  }

  return {
    ...web,
    embed,
    auth: {
      tokenKey: storageKeys.embedAuthToken,
      // Third-party cookies are not relied on: the bearer token says who is signed in, the visitor header
      // who the anonymous visitor is, and the configuration header which embed this is.
      async requestInit() {
        const [token, id] = await Promise.all([web.storage.get(storageKeys.embedAuthToken), visitorId()])
        const headers: Record<string, string> = { [VISITOR_HEADER]: id, [EMBED_CONFIG_HEADER]: config.id }
        if (token) headers.Authorization = `Bearer ${token}`
        return { credentials: 'omit', headers }
      },
    },
  }
}
