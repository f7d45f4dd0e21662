import type { ChatMessage } from '../../../../contract/chat'
import { TIMESTAMP_GAP_MS } from './chat.constants'

/** One row of the message list: what the list virtualises and measures. */
export type ChatRow =
  /** spec 1 §2: messages grouped in user/clone pairs (a pair may lack its question or its answer). */
  | { kind: 'pair'; key: string; user: ChatMessage | null; replies: ChatMessage[] }
  /** spec 1 §2: a timestamp between messages more than 8 hours apart. */
  | { kind: 'timestamp'; key: string; at: string }
  /** spec 1 §2: a creator announcement (sender OWNER), under a 'Sent by {clone name}' separator. */
  | { kind: 'announcement'; key: string; message: ChatMessage }
  | { kind: 'system'; key: string; message: ChatMessage }

const timeOf = (iso: string) => {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? null : t
}

/** Groups messages into rows, in order. Pure: the same messages give equal rows. */
export function buildChatRows(messages: readonly ChatMessage[], gapMs: number = TIMESTAMP_GAP_MS): ChatRow[] {
  const rows: ChatRow[] = []
  let pair: Extract<ChatRow, { kind: 'pair' }> | null = null
  let previousTime: number | null = null
  for (const message of messages) {
    const time = timeOf(message.createdAt)
    if (previousTime !== null && time !== null && time - previousTime > gapMs) {
      rows.push({ kind: 'timestamp', key: `time-${message.id}`, at: message.createdAt })
      pair = null
    }
    if (time !== null) previousTime = time
    if (message.sender === 'USER') {
      pair = { kind: 'pair', key: message.id, user: message, replies: [] }
      rows.push(pair)
    } else if (message.sender === 'CLONE') {
      if (pair) pair.replies.push(message)
      else {
        pair = { kind: 'pair', key: message.id, user: null, replies: [message] }
        rows.push(pair)
      }
    } else {
      rows.push({ kind: message.sender === 'OWNER' ? 'announcement' : 'system', key: message.id, message })
      pair = null
    }
  }
  return rows
}

/** Rows show the same thing when they hold the same (immutable) messages: the memo test of a list item. */
export function sameRow(a: ChatRow, b: ChatRow): boolean {
  if (a.kind !== b.kind || a.key !== b.key) return false
  if (a.kind === 'pair' && b.kind === 'pair') {
    return (
      a.user === b.user &&
      a.replies.length === b.replies.length &&
      a.replies.every((m, i) => m === b.replies[i])
    )
  }
  if (a.kind === 'timestamp' && b.kind === 'timestamp') return a.at === b.at
  if (
    (a.kind === 'announcement' || a.kind === 'system') &&
    (b.kind === 'announcement' || b.kind === 'system')
  ) {
    return a.message === b.message
  }
  return false
}

/** A separator's text: time only today, weekday and time within a week, otherwise the date and time. */
export function formatSeparatorTime(iso: string, now: Date = new Date(), locale?: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
  if (at.getTime() >= startOfToday) return `Today ${time}`
  if (at.getTime() >= startOfToday - 86_400_000) return `Yesterday ${time}`
  if (at.getTime() >= startOfToday - 6 * 86_400_000) {
    return `${at.toLocaleDateString(locale, { weekday: 'long' })} ${time}`
  }
  const sameYear = at.getFullYear() === now.getFullYear()
  const date = at.toLocaleDateString(locale, {
    month: 'long',
    day: 'numeric',
    ...(sameYear ? {} : { year: 'numeric' }),
  })
  return `${date}, ${time}`
}
