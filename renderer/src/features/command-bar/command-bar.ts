import type { UserType } from '../../../../contract/auth'
import type { ChatMessage } from '../../../../contract/chat'
import type { CloneOptions } from '../../../../contract/clone'

/** The tools under a clone message, in the order they are shown (spec 1 §2 'Command bar'). */
export type MessageTool = 'revise' | 'tone' | 'citations' | 'readAloud' | 'debug'

export interface MessageToolsInput {
  sender: ChatMessage['sender']
  fromStudio: boolean
  /** The message opens the conversation. */
  isFirst: boolean
  hasCitations: boolean
  userType: UserType
  staff: boolean
  /** The clone allows viewing sources (spec 1 §3 viewSources). */
  viewSources: boolean
  /** The clone has a voice (spec 1 §3 voiceId). */
  hasVoice: boolean
  /** The logo-flag embed mode (spec 1 §6): `logoFlagEmbedMode`. */
  embedLogoMode?: boolean
}

/**
 * spec 1 §6 'Command bar rules'. The bar is the creator's (admin): Revise and Adjust tone not on the first
 * message nor in the logo-flag embed mode; View citations when the clone allows sources, the message is not
 * the first and it has citations; Read aloud when the clone has a voice; Debug for staff. Nothing for studio
 * messages or the user's own. Two tools reach beyond the creator: Read aloud is every visitor's message action
 * on clones with a voice (spec 2 §2), and staff have their debug entry on any clone (spec 1 §6 'Staff').
 */
export function messageTools(input: MessageToolsInput): MessageTool[] {
  if (input.sender !== 'CLONE' || input.fromStudio) return []
  const creator = input.userType === 'admin'
  const tools: MessageTool[] = []
  if (creator && !input.isFirst && !input.embedLogoMode) tools.push('revise', 'tone')
  if (creator && input.viewSources && !input.isFirst && input.hasCitations) tools.push('citations')
  if (input.hasVoice) tools.push('readAloud')
  if (input.staff) tools.push('debug')
  return tools
}

/**
 * spec 1 §6 'the logo-flag embed mode': the product runs in an embed and the clone's product-logo option
 * (spec 1 §3 'Clone options', default true; spec 2 §3 '{product}Logo') is on. On the product's own site the
 * option changes nothing.
 */
export const logoFlagEmbedMode = (embedded: boolean, options: Pick<CloneOptions, 'productLogo'>): boolean =>
  embedded && options.productLogo

/** A message has citations to view when one of them is visible (spec 1 §5: only visible citations count). */
export const hasVisibleCitations = (message: Pick<ChatMessage, 'citations'>): boolean =>
  message.citations.some((c) => c.visible && c.title.trim().length > 0)

/** The visitor's message the answer replies to: the last user message before it, or null. */
export function questionBefore(messages: readonly ChatMessage[], messageId: string): ChatMessage | null {
  const at = messages.findIndex((m) => m.id === messageId)
  for (let i = at - 1; i >= 0; i -= 1) {
    const m = messages[i]
    if (m?.sender === 'USER') return m
  }
  return null
}
