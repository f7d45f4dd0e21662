import { describe, expect, it } from 'vitest'
import {
  formatEntryDate,
  groupByDate,
  historyDateLabel,
} from '../../../../../renderer/src/features/history/history-dates'

const UTC = { timeZone: 'UTC' }
const now = new Date('2026-03-10T09:30:00.000Z')

describe('historyDateLabel (spec 1 §2: Today, Yesterday, MMMM d, MMMM d, yyyy)', () => {
  it('names today and yesterday by the calendar, not by 24-hour spans', () => {
    expect(historyDateLabel(new Date('2026-03-10T00:00:00.000Z'), now, UTC)).toBe('Today')
    expect(historyDateLabel(new Date('2026-03-10T23:59:59.999Z'), now, UTC)).toBe('Today')
    expect(historyDateLabel(new Date('2026-03-09T23:59:59.999Z'), now, UTC)).toBe('Yesterday')
    expect(historyDateLabel(new Date('2026-03-09T00:00:00.000Z'), now, UTC)).toBe('Yesterday')
    expect(historyDateLabel(new Date('2026-03-08T23:59:59.999Z'), now, UTC)).toBe('March 8')
  })

  it('shows the year only for another year', () => {
    expect(historyDateLabel(new Date('2026-01-01T12:00:00.000Z'), now, UTC)).toBe('January 1')
    expect(historyDateLabel(new Date('2025-12-31T12:00:00.000Z'), now, UTC)).toBe('December 31, 2025')
    expect(historyDateLabel(new Date('2024-02-29T12:00:00.000Z'), now, UTC)).toBe('February 29, 2024')
  })

  it('yesterday of the 1st of January is the 31st of December of the year before', () => {
    const newYear = new Date('2026-01-01T08:00:00.000Z')
    expect(historyDateLabel(new Date('2025-12-31T20:00:00.000Z'), newYear, UTC)).toBe('Yesterday')
    expect(historyDateLabel(new Date('2025-12-30T20:00:00.000Z'), newYear, UTC)).toBe('December 30, 2025')
  })

  it('reads days in the given time zone', () => {
    // 02:00 UTC on the 10th is still the 9th in New York.
    const lateEvening = new Date('2026-03-10T02:00:00.000Z')
    expect(historyDateLabel(lateEvening, now, UTC)).toBe('Today')
    expect(historyDateLabel(lateEvening, now, { timeZone: 'America/New_York' })).toBe('Yesterday')
    // Across the start of daylight saving time (8 March 2026 in New York): still one calendar day.
    const afterDst = new Date('2026-03-09T15:00:00.000Z')
    expect(
      historyDateLabel(new Date('2026-03-08T15:00:00.000Z'), afterDst, { timeZone: 'America/New_York' }),
    ).toBe('Yesterday')
  })
})

describe('groupByDate', () => {
  it('groups newest-first items by day, keeping their order and skipping bad dates', () => {
    const items = [
      { id: 'a', updatedAt: '2026-03-10T09:00:00.000Z' },
      { id: 'b', updatedAt: '2026-03-10T01:00:00.000Z' },
      { id: 'c', updatedAt: '2026-03-09T18:00:00.000Z' },
      { id: 'd', updatedAt: '2026-02-14T18:00:00.000Z' },
      { id: 'e', updatedAt: '2026-02-14T08:00:00.000Z' },
      { id: 'f', updatedAt: 'not a date' },
      { id: 'g', updatedAt: '2025-07-04T08:00:00.000Z' },
    ]
    const groups = groupByDate(items, (i) => i.updatedAt, now, UTC)
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['February 14', ['d', 'e']],
      ['July 4, 2025', ['g']],
    ])
    expect(groups.map((g) => g.key)).toEqual(['2026-03-10', '2026-03-09', '2026-02-14', '2025-07-04'])
    expect(groupByDate([], (i: { updatedAt: string }) => i.updatedAt, now)).toEqual([])
  })
})

describe('formatEntryDate', () => {
  it('shows the time for today, the short date otherwise', () => {
    expect(formatEntryDate(new Date('2026-03-10T08:05:00.000Z'), now, UTC)).toBe('8:05 AM')
    expect(formatEntryDate(new Date('2026-03-02T08:05:00.000Z'), now, UTC)).toBe('Mar 2')
    expect(formatEntryDate(new Date('2025-03-02T08:05:00.000Z'), now, UTC)).toBe('Mar 2, 2025')
  })
})
