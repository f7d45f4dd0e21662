/*
 * spec 1 §2 'History': entries grouped by the day they were last active: 'Today', 'Yesterday',
 * 'MMMM d' (this year) or 'MMMM d, yyyy' (an earlier year). Pure, with `now` and the time zone injected.
 */

import { activeLanguage } from '../../../../contract/i18n'
import { historyStrings } from './history.strings'

export interface DateGroupOptions {
  /** An IANA time zone; the browser's own when omitted. */
  timeZone?: string
  /** The language dates are written in; the active language when omitted. */
  locale?: string
}

export interface DateGroup<T> {
  /** The calendar day, yyyy-mm-dd in the time zone. */
  key: string
  label: string
  items: T[]
}

interface CalendarDay {
  year: number
  month: number
  day: number
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

function calendarDay(date: Date, timeZone: string | undefined): CalendarDay {
  const cacheKey = timeZone ?? ''
  let format = dayFormatters.get(cacheKey)
  if (!format) {
    // Only read back as numbers (never shown), so a fixed locale with Latin digits.
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    dayFormatters.set(cacheKey, format)
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]))
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) }
}

const dayKey = ({ year, month, day }: CalendarDay) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`

/** The day before, by the calendar (not 24 hours earlier: days around a clock change are 23 or 25 hours). */
function previousDay({ year, month, day }: CalendarDay): CalendarDay {
  const d = new Date(Date.UTC(year, month - 1, day - 1))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** The group label of a moment seen from `now`. */
export function historyDateLabel(date: Date, now: Date, options: DateGroupOptions = {}): string {
  const { timeZone, locale = activeLanguage() } = options
  const day = calendarDay(date, timeZone)
  const today = calendarDay(now, timeZone)
  if (dayKey(day) === dayKey(today)) return historyStrings.today
  if (dayKey(day) === dayKey(previousDay(today))) return historyStrings.yesterday
  // Format the calendar day itself (noon UTC of it), so the label never slips to a neighbouring day.
  const noon = new Date(Date.UTC(day.year, day.month - 1, day.day, 12))
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    ...(day.year === today.year ? {} : { year: 'numeric' }),
  }).format(noon)
}

/** Groups items (already newest first) by their day, keeping their order. */
export function groupByDate<T>(
  items: readonly T[],
  dateOf: (item: T) => string | Date,
  now: Date,
  options: DateGroupOptions = {},
): DateGroup<T>[] {
  const groups: DateGroup<T>[] = []
  const byKey = new Map<string, DateGroup<T>>()
  for (const item of items) {
    const raw = dateOf(item)
    const date = raw instanceof Date ? raw : new Date(raw)
    if (Number.isNaN(date.getTime())) continue
    const key = dayKey(calendarDay(date, options.timeZone))
    let group = byKey.get(key)
    if (!group) {
      group = { key, label: historyDateLabel(date, now, options), items: [] }
      byKey.set(key, group)
      groups.push(group)
    }
    group.items.push(item)
  }
  return groups
}

/** The date shown on an entry: the time for today's, else the short date (with the year when not this one). */
export function formatEntryDate(date: Date, now: Date, options: DateGroupOptions = {}): string {
  const { timeZone, locale = activeLanguage() } = options
  const day = calendarDay(date, timeZone)
  const today = calendarDay(now, timeZone)
  if (dayKey(day) === dayKey(today)) {
    return new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(date)
  }
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    month: 'short',
    day: 'numeric',
    ...(day.year === today.year ? {} : { year: 'numeric' }),
  }).format(date)
}
