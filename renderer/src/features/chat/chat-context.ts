import { type ComponentType, createContext, useContext } from 'react'
import type { ChatMessage } from '../../../../contract/chat'

/** What every message row needs from the screen, stable for the life of the conversation. */
export interface ChatMessagesContextValue {
  cloneName: string
  cloneImageUrl: string | undefined
  /** spec 1 §6: citations are offered only when the clone allows viewing sources. */
  viewSources: boolean
  /** Opens the Sources overlay for a message: all of its sources, or the one numbered `citation`. */
  openSources: (messageId: string, citation?: number) => void
  /**
   * Where messages get their tools (command bar, read aloud); absent in read-only views (spec 1 §6).
   * `embedLogoMode`: the logo-flag embed mode, where the creator's Revise and Adjust tone are not offered.
   */
  messageTools?: { slug: string; hasVoice: boolean; embedLogoMode?: boolean }
  /**
   * The toolbar under each clone answer, handed in by the screen (the talk screen passes the command bar),
   * so the chat does not import the features that act on its messages.
   */
  MessageToolbar?: ComponentType<{ message: ChatMessage }>
  /** A read-only thread (the shared view, spec 1 §6): no message actions. */
  readOnly?: boolean
  /** Asks again for an interrupted answer (issue #11); absent where nobody may ask (the shared view). */
  retry?: (messageId: string) => void
}

export const ChatMessagesContext = createContext<ChatMessagesContextValue | null>(null)

export function useChatMessagesContext(): ChatMessagesContextValue {
  const value = useContext(ChatMessagesContext)
  if (!value) throw new Error('Chat messages need a <ChatMessagesContext.Provider> above them.')
  return value
}
