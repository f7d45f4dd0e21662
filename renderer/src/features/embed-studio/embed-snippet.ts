import type { EmbedConfig } from '../../../../contract/embed'
import { embedRoot, embedTarget } from '../../../../contract/embed-protocol'
import { PRODUCT_ID } from '../../../../contract/product'

/*
 * What a creator pastes: the script tag /embed.js reads (pwa/embed/embed.ts readOptions: data-clone,
 * data-config, data-layout, data-container; data-instance is for instances, which configurations do not
 * name). An inline embed gets its own container, so it shows where the creator puts the two lines.
 */

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The product's public origin: the page's own on the web, the API server's on desktop. */
export function productOriginOf(apiBaseUrl: string, pageOrigin: string): string {
  if (!apiBaseUrl) return pageOrigin
  try {
    return new URL(apiBaseUrl).origin
  } catch {
    return pageOrigin
  }
}

/** The id of an inline embed's container; unique per configuration, so two can share a page. */
export const inlineContainerIdOf = (config: Pick<EmbedConfig, 'id'>) =>
  `${PRODUCT_ID}-chat-${config.id.slice(0, 8)}`

export function snippetOf(
  productOrigin: string,
  config: Pick<EmbedConfig, 'id' | 'cloneSlug' | 'layout'>,
): string {
  const attributes = [
    `src="${attribute(`${productOrigin}/embed.js`)}"`,
    `data-clone="${attribute(config.cloneSlug)}"`,
    `data-config="${attribute(config.id)}"`,
    `data-layout="${config.layout}"`,
  ]
  if (config.layout === 'inline') {
    const container = inlineContainerIdOf(config)
    attributes.push(`data-container="#${container}"`)
    return `<div id="${container}"></div>\n<script ${attributes.join(' ')} async></script>`
  }
  return `<script ${attributes.join(' ')} async></script>`
}

/** The embed page itself, opened on its own: '{origin}/embed/{target}/{id}'. */
export const previewUrlOf = (productOrigin: string, config: Pick<EmbedConfig, 'id' | 'cloneSlug'>) =>
  `${productOrigin}${embedRoot(embedTarget(config.cloneSlug), config.id)}`
