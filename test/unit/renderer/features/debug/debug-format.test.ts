import { describe, expect, it } from 'vitest'
import {
  countLabel,
  debugRows,
  formatDebugTimestamp,
  ordinal,
  shortenId,
} from '../../../../../renderer/src/features/debug/debug-format'
import { message as chatMessage, citation } from '../../support/chat'

/** A local time, as the formatter reads dates in the visitor's time zone. */
const local = (y: number, m: number, d: number, h: number, min: number, s: number) =>
  new Date(y, m - 1, d, h, min, s).toISOString()

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
    [111, '111th'],
  ])('%i → %s', (n, text) => {
    expect(ordinal(n)).toBe(text)
  })
})

describe('formatDebugTimestamp (MMM Do YYYY, h:mm:ss a)', () => {
  it.each([
    [local(2026, 11, 21, 15, 4, 5), 'Nov 21st 2026, 3:04:05 pm'],
    [local(2026, 1, 1, 0, 0, 9), 'Jan 1st 2026, 12:00:09 am'],
    [local(2025, 3, 2, 12, 30, 0), 'Mar 2nd 2025, 12:30:00 pm'],
    [local(2024, 8, 13, 9, 59, 59), 'Aug 13th 2024, 9:59:59 am'],
  ])('%s → %s', (iso, text) => {
    expect(formatDebugTimestamp(iso)).toBe(text)
  })

  it('is empty for an unreadable date', () => {
    expect(formatDebugTimestamp('not a date')).toBe('')
  })
})

describe('shortenId', () => {
  it('keeps the first and last segments around ...', () => {
    expect(shortenId('7d0c3a8e-62b1-4c50-9b59-6d2d3a4c7e10')).toBe('7d0c3a8e...6d2d3a4c7e10')
  })
  it('leaves an id without segments as is', () => {
    expect(shortenId('abc123')).toBe('abc123')
  })
})

describe('countLabel', () => {
  it('says No … for none and counts otherwise', () => {
    expect(countLabel(0, 'citation')).toBe('No citations')
    expect(countLabel(1, 'citation')).toBe('1 citation')
    expect(countLabel(3, 'citation')).toBe('3 citations')
    expect(countLabel(0, 'file')).toBe('No files')
    expect(countLabel(2, 'file')).toBe('2 files')
  })
})

describe('debugRows', () => {
  it('shows and copies each fact of the message, with the spec’s toasts', () => {
    const message = chatMessage({ text: 'Stop caffeine by noon [1].', citations: [citation()] })
    const rows = debugRows(message)
    expect(rows.map((r) => [r.label, r.copiedToast, r.copyDisabled])).toEqual([
      ['Timestamp', 'Copied Timestamp (ISO-8601)', false],
      ['Message ID', 'Copied Message ID', false],
      ['Conversation ID', 'Copied Conversation ID', false],
      ['Citations', 'Copied Citations', false],
      ['Files', 'Copied Files', true],
      ['Sent By', 'Copied Sender', false],
    ])
    expect(rows[0]!.copyText).toBe(new Date(message.createdAt).toISOString())
    expect(rows[1]).toMatchObject({ value: shortenId(message.id), copyText: message.id })
    expect(rows[2]).toMatchObject({
      value: shortenId(message.conversationId),
      copyText: message.conversationId,
    })
    expect(rows[3]).toMatchObject({ value: '1 citation' })
    expect(JSON.parse(rows[3]!.copyText)).toEqual(message.citations)
    expect(rows[4]).toMatchObject({ value: 'No files' })
    expect(rows[5]).toMatchObject({ value: 'Clone', copyText: 'Clone' })
  })

  it('disables copying empty citations and names a user sender', () => {
    const rows = debugRows(chatMessage({ sender: 'USER', files: ['/media/a.pdf'] }))
    expect(rows.find((r) => r.key === 'citations')).toMatchObject({
      value: 'No citations',
      copyDisabled: true,
    })
    expect(rows.find((r) => r.key === 'files')).toMatchObject({ value: '1 file', copyDisabled: false })
    expect(rows.find((r) => r.key === 'sentBy')!.value).toBe('User')
  })
})
