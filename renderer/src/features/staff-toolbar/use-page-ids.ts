import { useParams } from '@tanstack/react-router'
import { useSnapshot } from 'valtio'
import { chatStream } from '../chat'

export interface PageIds {
  /** The clone of the address (a clone's pages and its studio pages), or null elsewhere. */
  slug: string | null
  /** The conversation of the address, or the one the chat started on a fresh talk page. */
  conversationId: string | null
}

/** The clone and conversation the page shows, from the router's params and the chat store. */
export function usePageIds(): PageIds {
  const params = useParams({ strict: false }) as { slug?: string; conversationId?: string }
  const chat = useSnapshot(chatStream.state)
  const slug = params.slug ?? null
  // A talk page's new conversation has an id in the chat store before the address shows it.
  const chatConversation = slug !== null && chat.session.slug === slug ? chat.conversationId : null
  return { slug, conversationId: params.conversationId ?? chatConversation ?? null }
}
