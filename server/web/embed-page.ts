import { INVALID_EMBED_TARGET_TEXT } from '../../contract/embed'
import { EMBED_PREFIX, embedRoot, parseEmbedTarget } from '../../contract/embed-protocol'
import { PRODUCT_NAME } from '../../contract/product'
import { findInstance } from '../clones/queries'
import type { Db } from '../db/client'
import { frameAncestorsOf, type OriginContext } from '../embeds/origins'
import { type EmbedConfigRow, findEmbedConfig } from '../embeds/store'

/*
 * The product inside a creator's iframe (issue #14): /embed/{target}/{configId}[/...] answers the web app's
 * shell, framable by exactly the configuration's allowed origins. Anything that names no valid
 * configuration for its target answers INVALID_EMBED_TARGET_PAGE (spec 1 §8), framable by nobody.
 */

export interface EmbedPageOptions {
  db: Db
  origins: OriginContext
}

export interface ValidEmbedPage {
  valid: true
  frameAncestors: string[]
  /** The configuration, as its public read answers it (GET /api/embed/configs/{id}). */
  config: EmbedConfigRow
  cloneSlug: string
  instanceSlug: string | null
  /** '/embed/{target}/{configId}' (contract/embed-protocol.ts embedRoot). */
  root: string
  /** The rest of the path: '/', '/overview', '/conversation/{id}', '/call', '/video'. */
  relative: string
}

export type EmbedPage = ValidEmbedPage | { valid: false }

const decode = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

/**
 * What an /embed address names. Valid only when the configuration exists, its clone is the target's, and
 * the target's instance (if any) is one of that clone's. The rest of the path (the product's own embed
 * routes, spec 1 §2 'Embed link translation') and the query are the web app's.
 */
export async function resolveEmbedPage(
  { db, origins }: EmbedPageOptions,
  pathname: string,
): Promise<EmbedPage> {
  const invalid = { valid: false } as const
  if (!pathname.startsWith(`${EMBED_PREFIX}/`)) return invalid
  const [rawTarget = '', rawConfig = '', ...rest] = pathname.slice(EMBED_PREFIX.length + 1).split('/')
  const target = decode(rawTarget)
  const configId = decode(rawConfig)
  const parsed = target === null ? null : parseEmbedTarget(target)
  if (!parsed || !configId || target === null) return invalid
  const found = await findEmbedConfig(db, configId)
  if (!found || found.cloneSlug !== parsed.cloneSlug) return invalid
  if (parsed.instanceSlug && !(await findInstance(db, found.config.cloneId, parsed.instanceSlug)))
    return invalid
  return {
    valid: true,
    frameAncestors: frameAncestorsOf(found.config.allowedOrigins, origins),
    config: found.config,
    cloneSlug: parsed.cloneSlug,
    instanceSlug: parsed.instanceSlug ?? null,
    root: embedRoot(target, configId),
    relative: `/${rest.join('/')}`.replace(/\/+$/, '') || '/',
  }
}

export const INVALID_EMBED_TARGET_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${INVALID_EMBED_TARGET_TEXT} | ${PRODUCT_NAME}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; color: #1d1a22">
<p>${INVALID_EMBED_TARGET_TEXT}</p>
</body>
</html>
`
