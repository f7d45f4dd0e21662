import { activeLanguage } from '../../../../contract/i18n'
import type { AnalyticsMonth, AnalyticsTotals } from '../../../../contract/studio-review'
import type { studioAnalyticsStrings as s } from './studio-analytics.strings'

/*
 * The metrics the chart can show, each a number per month from the API's counts. Calls and minutes add
 * voice and video (the table keeps them apart); minutes are whole minutes of call time, rounded.
 */

export type MetricId = keyof typeof s.metrics

export const METRIC_IDS: readonly MetricId[] = [
  'conversations',
  'userMessages',
  'calls',
  'callMinutes',
  'leads',
  'revenue',
]

type Counts = AnalyticsTotals | AnalyticsMonth

export const minutesOf = (seconds: number) => Math.round(seconds / 60)

export function metricValue(metric: MetricId, counts: Counts): number {
  switch (metric) {
    case 'conversations':
      return counts.conversations
    case 'userMessages':
      return counts.userMessages
    case 'calls':
      return counts.voiceCalls + counts.videoCalls
    case 'callMinutes':
      return minutesOf(counts.voiceSeconds + counts.videoSeconds)
    case 'leads':
      return counts.leads
    case 'revenue':
      return counts.revenueCents
  }
}

/*
 * Numbers, money and months are written in the interface language (the active one unless `locale` is given),
 * with formatters made at call time: the language can change at any moment.
 */

/** Money as US dollars ('$1,234.50'); counts with the reader's grouping ('1,234'). */
export function formatMetric(metric: MetricId, value: number, locale: string = activeLanguage()): string {
  if (metric === 'revenue') return formatUsd(value, locale)
  return formatCount(value, locale)
}

export const formatCount = (n: number, locale: string = activeLanguage()) =>
  new Intl.NumberFormat(locale).format(n)

/** Revenue stays in US dollars, written the reader's way. */
export const formatUsd = (cents: number, locale: string = activeLanguage()) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(cents / 100)

/**
 * 'YYYY-MM' as a short month ('Mar 2025'), a long one ('March 2025') or the month alone ('Mar', under the
 * chart's bars), in UTC so the month never shifts with the reader's zone.
 */
export function formatMonth(
  month: string,
  locale: string = activeLanguage(),
  style: 'short' | 'long' | 'monthOnly' = 'short',
): string {
  const [year, m] = month.split('-').map(Number)
  if (!year || !m) return month
  const options: Intl.DateTimeFormatOptions =
    style === 'monthOnly' ? { month: 'short' } : { month: style, year: 'numeric' }
  return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  )
}
