import { toast } from 'sonner'
import type { ChatMessage } from '../../../../contract/chat'
import { affiliateProductHref } from '../../api/chat'
import { ShoppingBagIcon } from '../../ui/lazy-icons'
import {
  CITATION_TOAST_MS,
  chatStrings,
  productsWithUrl,
  type SendOutcome,
  truncateProductName,
} from '../chat'
import { sendBlockText } from '../uploads'

/** The texts of spec 1 §8 for what a send came to; null when it ends silently. */
export function outcomeMessage(outcome: SendOutcome, fromSuggestion: boolean): string | null {
  switch (outcome.kind) {
    case 'failed':
      return chatStrings.streamFailed
    case 'timeout':
      return chatStrings.timeout
    // A 402 reaches here only when the paywall has nothing to offer (TalkScreen asks first, spec 1 §8).
    case 'rejected':
      if (outcome.botCheckFailed) return chatStrings.botCheckFailed
      return fromSuggestion
        ? chatStrings.suggestedSendFailed
        : chatStrings.sendRejected(outcome.statusText, outcome.status)
    case 'invalid':
      return fromSuggestion ? chatStrings.suggestedSendFailed : chatStrings.invalidOutbound
    case 'blocked':
      return fromSuggestion ? chatStrings.suggestedSendFailed : null
    // The prompt says so before sending; this covers a send from elsewhere (spec 1 §4).
    case 'filesNotReady':
      return sendBlockText[outcome.reason]
    case 'completed':
    case 'aborted':
    case 'empty':
      return null
  }
}

/** Toasts stay in components (conventions §5): the store answers an outcome, this shows it. */
export function toastForOutcome(outcome: SendOutcome, fromSuggestion: boolean) {
  const text = outcomeMessage(outcome, fromSuggestion)
  if (text) toast.error(text)
}

/** spec 1 §2, §9: a citation toast top-right for 5 s per product with a url, linking to it in a new tab. */
export function showProductToasts(message: ChatMessage) {
  for (const product of productsWithUrl(message)) {
    toast(truncateProductName(product.title), {
      id: `product-${message.id}-${product.url}`,
      position: 'top-right',
      duration: CITATION_TOAST_MS,
      icon: <ShoppingBagIcon />,
      description: (
        <a
          href={affiliateProductHref(message.id, product.url, message.fromStudio)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {chatStrings.viewProduct}
        </a>
      ),
    })
  }
}
