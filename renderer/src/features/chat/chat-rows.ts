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
  /** A line another feature adds to the thread (contact capture's questions and answers, spec 1 §4). */
  | { kind: 'line'; key: string; line: ThreadLine }

/**
 * A line shown in the thread that is not a stored message: contact capture's simulated questions, the
 * visitor's answers (the code masked) and the clone typing (spec 1 §4 'Capture messages are inserted in
 * the chat at the capture start time'). Features hand lines to the thread; the chat does not know them.
 */
export interface ThreadLine {
  key: string
  /** 'clone': a line from the clone, without tools; 'visitor': the visitor's bubble; 'typing': the dots. */
  from: 'clone' | 'visitor' | 'typing'
  text: string
  /** The message it follows (the thread's last when the line's feature started); null: before every message. */
  afterMessageId: string | null
}

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

/**
 * The rows with the lines put in place: each after the row holding the message it follows, in order; a line
 * whose message is not in the thread (yet) goes at the end. Pure.
 */
export function withThreadLines(rows: readonly ChatRow[], lines: readonly ThreadLine[]): ChatRow[] {
  if (lines.length === 0) return rows as ChatRow[]
  const END = Symbol('end')
  const after = new Map<string | null | typeof END, ThreadLine[]>()
  const known = new Set<string | null>([null])
  for (const row of rows) for (const id of messageIdsOf(row)) known.add(id)
  for (const line of lines) {
    const anchor = known.has(line.afterMessageId) ? line.afterMessageId : END
    after.set(anchor, [...(after.get(anchor) ?? []), line])
  }
  const lineRows = (anchor: string | null | typeof END) =>
    (after.get(anchor) ?? []).map((line): ChatRow => ({ kind: 'line', key: `line-${line.key}`, line }))
  const result: ChatRow[] = lineRows(null)
  for (const row of rows) {
    result.push(row)
    for (const id of messageIdsOf(row)) result.push(...lineRows(id))
  }
  result.push(...lineRows(END))
  return result
}

function messageIdsOf(row: ChatRow): string[] {
  switch (row.kind) {
    case 'pair':
      return [...(row.user ? [row.user.id] : []), ...row.replies.map((reply) => reply.id)]
    case 'announcement':
    case 'system':
      return [row.message.id]
    default:
      return []
  }
}

/*
 * A row's height before it is measured, from its text: close guesses mean the first render of a long
 * conversation builds only the rows that end up on screen, and the list barely moves once they are measured.
 * Fitted on the seeded 1,000-message conversation at 1280 px: a one-line question takes 60 px with its gap,
 * an answer 95 px of avatar, Sources button and tools plus 26 px a line, 16 px between paragraphs and 86 px
 * a product card.
 */
const QUESTION_PX = 60
const ANSWER_BASE_PX = 95
const LINE_PX = 26
const PARAGRAPH_GAP_PX = 16
const PRODUCT_CARD_PX = 86
const SEPARATOR_PX = 44
const ANNOUNCEMENT_BASE_PX = 110
/** Width taken by the avatar and gaps beside the text, and the mean width of a character at the message size. */
const MESSAGE_INSET_PX = 76
const CHAR_PX = 8.5
/** The question's bubble is narrower than an answer. */
const QUESTION_WIDTH_SHARE = 0.7

function textLines(text: string, charsPerLine: number): { lines: number; paragraphs: number } {
  const paragraphs = text.split(/\n{2,}/)
  let lines = 0
  for (const paragraph of paragraphs) {
    for (const line of paragraph.split('\n')) lines += Math.max(1, Math.ceil(line.length / charsPerLine))
  }
  return { lines, paragraphs: paragraphs.length }
}

/** A first guess at a row's height in pixels, in a thread `width` pixels wide (its text column is at most 800). */
export function estimateRowHeight(row: ChatRow, width = 800): number {
  const charsPerLine = Math.max(20, Math.floor((Math.min(width, 800) - MESSAGE_INSET_PX) / CHAR_PX))
  switch (row.kind) {
    case 'timestamp':
      return SEPARATOR_PX
    case 'line':
      return QUESTION_PX + (textLines(row.line.text, charsPerLine).lines - 1) * LINE_PX
    case 'announcement':
    case 'system':
      return ANNOUNCEMENT_BASE_PX + (textLines(row.message.text, charsPerLine).lines - 1) * LINE_PX
    case 'pair': {
      let height = 0
      if (row.user) {
        const { lines } = textLines(row.user.text, Math.floor(charsPerLine * QUESTION_WIDTH_SHARE))
        height += QUESTION_PX + (lines - 1) * LINE_PX
      }
      for (const reply of row.replies) {
        const { lines, paragraphs } = textLines(reply.text, charsPerLine)
        height += ANSWER_BASE_PX + lines * LINE_PX + (paragraphs - 1) * PARAGRAPH_GAP_PX
        height += reply.messageAffiliates.length * PRODUCT_CARD_PX
      }
      return height
    }
  }
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
  if (a.kind === 'line' && b.kind === 'line') {
    return a.line.from === b.line.from && a.line.text === b.line.text
  }
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
