import { proxy, ref } from 'valtio'
import type { ChatMessage } from '../../../../contract/chat'

/** The command bar's dialog, opened for one message; it outlives the (virtualised) row that opened it. */
export type CommandBarDialog =
  | { kind: 'revise'; slug: string; cloneName: string; message: ChatMessage; question: ChatMessage | null }
  | { kind: 'tone'; slug: string; cloneName: string; message: ChatMessage; question: ChatMessage | null }
  | { kind: 'debug'; message: ChatMessage }

export const commandBar = proxy<{ open: CommandBarDialog | null }>({ open: null })

export function openCommandBarDialog(dialog: CommandBarDialog) {
  // Messages are immutable records: kept by reference, not made reactive.
  commandBar.open = ref(dialog)
}

export function closeCommandBarDialog() {
  commandBar.open = null
}
