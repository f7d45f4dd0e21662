import type { LocationRewrite } from '@tanstack/react-router'
import type { EmbedContext } from '../platform'
import { mainSiteUrl, translateEmbedLink } from './embed-links'

/*
 * The router's view of an embed (issue #14): the address bar of the iframe reads '/embed/{target}/{configId}'
 * plus an embed-relative path ('', '/overview', '/conversation/{id}', '/call', '/video'); the routes are the
 * product's own ('/{slug}[/{instanceSlug}]/talk' and so on). `input` maps the first to the second, `output`
 * maps every href the app builds back through spec 1 §2's link translation. Loaded only in embed mode.
 */

type EmbedPlace = Pick<
  EmbedContext,
  'root' | 'target' | 'configId' | 'cloneSlug' | 'instanceSlug' | 'mainSiteOrigin'
>

const enc = encodeURIComponent
const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** '/{slug}' or '/{slug}/{instanceSlug}': where the configuration's clone lives among the product routes. */
const productBase = (embed: EmbedPlace) =>
  embed.instanceSlug ? `/${enc(embed.cloneSlug)}/${enc(embed.instanceSlug)}` : `/${enc(embed.cloneSlug)}`

/** The embed-relative path of an address under this configuration's root, or null when it is not under it. */
export function embedRelativePath(pathname: string, embed: EmbedPlace): string | null {
  const [, prefix, target, configId, ...rest] = pathname.split('/')
  if (prefix !== 'embed' || target === undefined || configId === undefined) return null
  if (decode(target) !== embed.target || decode(configId) !== embed.configId) return null
  return `/${rest.join('/')}`.replace(/\/+$/, '') || '/'
}

/** The product route an embed-relative path shows; null for a path the embed does not know. */
export function productPathOf(relative: string, embed: EmbedPlace): string | null {
  const base = productBase(embed)
  if (relative === '/') return `${base}/talk`
  if (relative === '/overview') return base
  if (relative === '/call' || relative === '/video') return `${base}${relative}`
  const conversation = /^\/conversation\/([^/]+)$/.exec(relative)
  return conversation ? `${base}/talk/conversation/${conversation[1]}` : null
}

/**
 * Where a product path goes from inside the embed: an address under the root, or a main-site / external
 * address (opened in a new tab by the embed's link handling). The configuration's own instance segment is
 * dropped first: the root already names the instance, and spec 1 §2's rules count a clone's segments.
 */
export function embedHrefOf(pathWithQuery: string, embed: EmbedPlace): URL | null {
  const base = productBase(embed)
  let target = pathWithQuery
  if (
    embed.instanceSlug &&
    (target === base || target.startsWith(`${base}/`) || target.startsWith(`${base}?`))
  )
    target = `/${enc(embed.cloneSlug)}${target.slice(base.length)}`
  const link = translateEmbedLink(target)
  switch (link.kind) {
    case 'embed': {
      const url = new URL(link.path, embed.mainSiteOrigin)
      url.pathname = url.pathname === '/' ? embed.root : `${embed.root}${url.pathname}`
      return url
    }
    case 'main-site':
      return mainSiteUrl(link.path, embed)
    case 'external-host':
      return new URL(link.path, embed.mainSiteOrigin)
    case 'unchanged':
      return null
  }
}

export function createEmbedRewrite(embed: EmbedPlace): LocationRewrite {
  return {
    input: ({ url }) => {
      const relative = embedRelativePath(url.pathname, embed)
      const product = relative === null ? null : productPathOf(relative, embed)
      if (product === null) return undefined
      const next = new URL(url.href)
      next.pathname = product
      return next
    },
    output: ({ url }) => {
      const next = embedHrefOf(`${url.pathname}${url.search}`, embed)
      if (!next) return undefined
      next.hash = url.hash
      // Same origin: a path the router keeps in the iframe's history; another origin: a full address.
      return next.origin === url.origin
        ? new URL(`${next.pathname}${next.search}${next.hash}`, url.origin)
        : next
    },
  }
}
