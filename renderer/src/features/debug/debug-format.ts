import type { ChatMessage } from '../../../../contract/chat'
import { activeLanguage } from '../../../../contract/i18n'
import { debugStrings as s } from './debug.strings'

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … */
export function ordinal(n: number): string {
  const tens = n % 100
  if (tens >= 11 && tens <= 13) return `${n}th`
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'
  return `${n}${suffix}`
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * spec 1 §2 'MMM Do YYYY, h:mm:ss a' in local time, e.g. 'Nov 21st 2026, 3:04:05 pm'; '' when unreadable.
 * In another interface language, that language's own medium date and time.
 */
export function formatDebugTimestamp(iso: string): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const language = activeLanguage()
  if (language !== 'en')
    return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(at)
  const hours = at.getHours()
  const h12 = hours % 12 === 0 ? 12 : hours % 12
  return `${MONTHS[at.getMonth()]} ${ordinal(at.getDate())} ${at.getFullYear()}, ${h12}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ${hours < 12 ? 'am' : 'pm'}`
}

/** spec 1 §2: an id shortened to its first segment, '...', its last segment; an id without segments as is. */
export function shortenId(id: string): string {
  const segments = id.split('-')
  if (segments.length < 2) return id
  return `${segments[0]}...${segments.at(-1)}`
}

/** spec 1 §2: 'N citations' or 'No citations' (and 'N files' or 'No files'); one is singular. */
export const countLabel = (count: number, noun: 'citation' | 'file'): string =>
  noun === 'citation' ? s.citationCount(count) : s.fileCount(count)

export interface DebugRow {
  key: 'timestamp' | 'messageId' | 'conversationId' | 'citations' | 'files' | 'sentBy'
  label: string
  value: string
  /** What the copy button puts on the clipboard. */
  copyText: string
  copiedToast: string
  /** spec 1 §2: the Citations and Files copy buttons are disabled when empty. */
  copyDisabled: boolean
}

/** The rows of the Debug Menu for one message (spec 1 §2 'Debug dialog'). */
export function debugRows(
  message: Pick<ChatMessage, 'id' | 'createdAt' | 'conversationId' | 'citations' | 'files' | 'sender'>,
): DebugRow[] {
  const at = new Date(message.createdAt)
  const iso = Number.isNaN(at.getTime()) ? message.createdAt : at.toISOString()
  const sender = message.sender === 'USER' ? s.user : s.clone
  return [
    {
      key: 'timestamp',
      label: s.timestamp,
      value: formatDebugTimestamp(message.createdAt),
      copyText: iso,
      copiedToast: s.copiedTimestamp,
      copyDisabled: false,
    },
    {
      key: 'messageId',
      label: s.messageId,
      value: shortenId(message.id),
      copyText: message.id,
      copiedToast: s.copiedMessageId,
      copyDisabled: false,
    },
    {
      key: 'conversationId',
      label: s.conversationId,
      value: shortenId(message.conversationId),
      copyText: message.conversationId,
      copiedToast: s.copiedConversationId,
      copyDisabled: false,
    },
    {
      key: 'citations',
      label: s.citations,
      value: countLabel(message.citations.length, 'citation'),
      copyText: JSON.stringify(message.citations, null, 2),
      copiedToast: s.copiedCitations,
      copyDisabled: message.citations.length === 0,
    },
    {
      key: 'files',
      label: s.files,
      value: countLabel(message.files.length, 'file'),
      copyText: JSON.stringify(message.files, null, 2),
      copiedToast: s.copiedFiles,
      copyDisabled: message.files.length === 0,
    },
    {
      key: 'sentBy',
      label: s.sentBy,
      value: sender,
      copyText: sender,
      copiedToast: s.copiedSender,
      copyDisabled: false,
    },
  ]
}
