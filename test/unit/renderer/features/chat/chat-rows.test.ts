import { describe, expect, it } from 'vitest'
import {
  buildChatRows,
  formatSeparatorTime,
  sameRow,
  type ThreadLine,
  withThreadLines,
} from '../../../../../renderer/src/features/chat/chat-rows'
import { message } from '../../support/chat'

const at = (hours: number) => new Date(Date.UTC(2025, 0, 1, 8) + hours * 3_600_000).toISOString()

describe('buildChatRows', () => {
  it('groups user/clone pairs', () => {
    const q1 = message({ sender: 'USER', createdAt: at(0) })
    const a1 = message({ createdAt: at(0) })
    const q2 = message({ sender: 'USER', createdAt: at(1) })
    const a2 = message({ createdAt: at(1) })
    const rows = buildChatRows([q1, a1, q2, a2])
    expect(rows).toEqual([
      { kind: 'pair', key: q1.id, user: q1, replies: [a1] },
      { kind: 'pair', key: q2.id, user: q2, replies: [a2] },
    ])
  })

  it('separates messages more than 8 hours apart with a timestamp', () => {
    const q1 = message({ sender: 'USER', createdAt: at(0) })
    const a1 = message({ createdAt: at(0) })
    const q2 = message({ sender: 'USER', createdAt: at(8) })
    const q3 = message({ sender: 'USER', createdAt: at(16.01) })
    const rows = buildChatRows([q1, a1, q2, q3])
    expect(rows.map((r) => r.kind)).toEqual(['pair', 'pair', 'timestamp', 'pair'])
  })

  it('gives creator announcements and system messages their own rows', () => {
    const owner = message({ sender: 'OWNER' })
    const system = message({ sender: 'SYSTEM' })
    const reply = message()
    expect(buildChatRows([owner, system, reply]).map((r) => r.kind)).toEqual([
      'announcement',
      'system',
      'pair',
    ])
  })

  it('makes equal rows for the same messages (the memo test)', () => {
    const messages = [message({ sender: 'USER' }), message()]
    const [a] = buildChatRows(messages)
    const [b] = buildChatRows(messages)
    expect(sameRow(a!, b!)).toBe(true)
    const [c] = buildChatRows([messages[0]!, message()])
    expect(sameRow(a!, c!)).toBe(false)
  })
})

describe('formatSeparatorTime', () => {
  const now = new Date(2025, 0, 10, 15, 0)
  it('says today, yesterday, a weekday or a date', () => {
    expect(formatSeparatorTime(new Date(2025, 0, 10, 9, 5).toISOString(), now, 'en-US')).toBe('Today 9:05 AM')
    expect(formatSeparatorTime(new Date(2025, 0, 9, 21, 0).toISOString(), now, 'en-US')).toBe(
      'Yesterday 9:00 PM',
    )
    expect(formatSeparatorTime(new Date(2025, 0, 6, 8, 0).toISOString(), now, 'en-US')).toBe('Monday 8:00 AM')
    expect(formatSeparatorTime(new Date(2024, 11, 1, 8, 0).toISOString(), now, 'en-US')).toBe(
      'December 1, 2024, 8:00 AM',
    )
  })
})

describe('withThreadLines (contact capture lines, spec 1 §4)', () => {
  const line = (
    key: string,
    afterMessageId: string | null,
    from: ThreadLine['from'] = 'clone',
  ): ThreadLine => ({
    key,
    from,
    text: key,
    afterMessageId,
  })

  it('puts each line after the row holding its message, in order, before the messages that follow', () => {
    const q1 = message({ sender: 'USER', createdAt: at(0) })
    const a1 = message({ createdAt: at(0) })
    const q2 = message({ sender: 'USER', createdAt: at(1) })
    const a2 = message({ createdAt: at(1) })
    const rows = withThreadLines(buildChatRows([q1, a1, q2, a2]), [
      line('ask', a1.id),
      line('answer', a1.id, 'visitor'),
    ])
    expect(rows.map((r) => r.key)).toEqual([q1.id, 'line-ask', 'line-answer', q2.id])
    expect(rows[2]).toEqual({ kind: 'line', key: 'line-answer', line: line('answer', a1.id, 'visitor') })
  })

  it('puts lines anchored nowhere first, and lines whose message is not in the thread last', () => {
    const q1 = message({ sender: 'USER' })
    const rows = withThreadLines(buildChatRows([q1]), [line('first', null), line('elsewhere', 'gone')])
    expect(rows.map((r) => r.key)).toEqual(['line-first', q1.id, 'line-elsewhere'])
  })

  it('leaves the rows as they are without lines', () => {
    const rows = buildChatRows([message({ sender: 'USER' })])
    expect(withThreadLines(rows, [])).toBe(rows)
  })

  it('treats lines with the same text as the same row', () => {
    const [a] = withThreadLines([], [line('x', null)])
    const [b] = withThreadLines([], [{ ...line('x', null) }])
    expect(a && b && sameRow(a, b)).toBe(true)
  })
})
