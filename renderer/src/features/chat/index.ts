export {
  ChatPrompt,
  type ChatPromptHandle,
  type PromptAttachments,
  type PromptTakeover,
} from './ChatPrompt'
export { ChatThread } from './ChatThread'
export { ANNOUNCEMENT_POLL_MS, CITATION_TOAST_MS, SUGGESTED_QUESTIONS_SHOWN } from './chat.constants'
export { chatStrings } from './chat.strings'
export { ChatMessagesContext, type ChatMessagesContextValue, useChatMessagesContext } from './chat-context'
export type { ThreadLine } from './chat-rows'
export { ChatStreamState } from './chat-stream.machine'
export {
  type ChatStreamStore,
  type ChatStreamView,
  chatStream,
  isResponsePending,
  type SendOutcome,
  useChatStreamStatus,
} from './chat-stream.store'
export { ProductCard } from './MessageParts'
export { productsWithUrl, truncateProductName } from './product'
