import type { ChatMessage, MessageAffiliate } from '../../../../contract/chat'
import { PRODUCT_NAME_CUT, PRODUCT_NAME_LIMIT } from './chat.constants'

/**
 * spec 1 §9: 'names over 30 characters cut to 40 plus "..."' — implemented as written: a name of 31 to 40
 * characters keeps all of them and still gets '...'.
 */
export function truncateProductName(name: string): string {
  return name.length > PRODUCT_NAME_LIMIT ? `${name.slice(0, PRODUCT_NAME_CUT)}...` : name
}

/** spec 1 §2: products with a url get the citation toast. */
export const productsWithUrl = (message: Pick<ChatMessage, 'messageAffiliates'>): MessageAffiliate[] =>
  message.messageAffiliates.filter((product) => product.url.trim().length > 0)
