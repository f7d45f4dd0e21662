import type { ChatMessage } from '../../../../contract/chat'
import type { CaptureState } from '../../../../contract/embed'
import type { PromptTakeover, ThreadLine } from '../chat'

/*
 * What the chat page hands the capture and gets back. Types only: the page imports them without loading the
 * capture (which comes as a lazy chunk in embed mode only).
 */

export interface CaptureInput {
  slug: string
  instanceSlug: string | null
  cloneName: string
  requireEmail: boolean
  /** The clone's options.requirePhoneNumber. */
  requirePhone: boolean
  sharedView: boolean
  /** The open thread, settled (its user messages count towards the quota). */
  messages: readonly { readonly id: string; readonly sender: ChatMessage['sender'] }[]
  /** A send or receive is in progress. */
  busy: boolean
  conversationId: string | null
  /** The visitor's messages this period as the server counts them (usage), when known. */
  usedMessages: number | undefined
  /** The open conversation is loaded (its messages are known). */
  loaded: boolean
}

export interface CaptureView {
  state: CaptureState
  /** The capture's lines for the thread (and the clone typing while it starts). */
  lines: readonly ThreadLine[]
  /** Changes when the thread should show its end (spec 1 §9: 200 ms after the capture starts). */
  scrollKey: number
  /** The prompt while capture holds it (starting or collecting); null: the chat's own prompt. */
  takeover: PromptTakeover | null
  /**
   * Called where the paywall would open at the quota (spec 1 §6: in embed mode capture is required
   * instead): true when capture stands in for it.
   */
  replacesPaywall: () => boolean
}
