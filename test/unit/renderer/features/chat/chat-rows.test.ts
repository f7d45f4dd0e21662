import { describe, expect, it } from 'vitest'
import {
  buildChatRows,
  formatSeparatorTime,
  sameRow,
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
