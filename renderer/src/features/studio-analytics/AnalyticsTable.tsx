import type { CloneAnalytics } from '../../../../contract/studio-review'
import { formatCount as count, formatMonth, formatUsd, minutesOf } from './analytics-metrics'
import { studioAnalyticsStrings as s } from './studio-analytics.strings'

/** Every number of the chart and more, month by month with the totals: the chart's accessible alternative. */
export function AnalyticsTable({ analytics, name }: Readonly<{ analytics: CloneAnalytics; name: string }>) {
  const rows = [...analytics.months].reverse()
  const c = s.columns
  return (
    // On a phone the table scrolls sideways: focusable, so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
    <section className="analytics-table-scroll" tabIndex={0} aria-label={s.tableLabel(name)}>
      <table className="analytics-table" aria-label={s.tableLabel(name)}>
        <thead>
          <tr>
            <th scope="col">{s.month}</th>
            <th scope="col">{c.conversations}</th>
            <th scope="col">{c.userMessages}</th>
            <th scope="col">{c.voiceCalls}</th>
            <th scope="col">{c.videoCalls}</th>
            <th scope="col">{c.voiceMinutes}</th>
            <th scope="col">{c.videoMinutes}</th>
            <th scope="col">{c.leads}</th>
            <th scope="col">{c.revenue}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.month}>
              <th scope="row">{formatMonth(m.month)}</th>
              <td>{count(m.conversations)}</td>
              <td>{count(m.userMessages)}</td>
              <td>{count(m.voiceCalls)}</td>
              <td>{count(m.videoCalls)}</td>
              <td>{count(minutesOf(m.voiceSeconds))}</td>
              <td>{count(minutesOf(m.videoSeconds))}</td>
              <td>{count(m.leads)}</td>
              <td>{formatUsd(m.revenueCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{s.total}</th>
            <td>{count(analytics.totals.conversations)}</td>
            <td>{count(analytics.totals.userMessages)}</td>
            <td>{count(analytics.totals.voiceCalls)}</td>
            <td>{count(analytics.totals.videoCalls)}</td>
            <td>{count(minutesOf(analytics.totals.voiceSeconds))}</td>
            <td>{count(minutesOf(analytics.totals.videoSeconds))}</td>
            <td>{count(analytics.totals.leads)}</td>
            <td>{formatUsd(analytics.totals.revenueCents)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  )
}
