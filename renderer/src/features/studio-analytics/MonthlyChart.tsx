import { useId } from 'react'
import { activeLanguage } from '../../../../contract/i18n'
import type { AnalyticsMonth } from '../../../../contract/studio-review'
import { formatMetric, formatMonth, type MetricId, metricValue } from './analytics-metrics'
import { studioAnalyticsStrings as s } from './studio-analytics.strings'

const VIEW_WIDTH = 600
const VIEW_HEIGHT = 200
const GAP = 10

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the highest value (and at least 1). */
export function axisTop(max: number): number {
  if (max <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  return [1, 2, 5, 10].map((f) => f * power).find((top) => top >= max)!
}

/**
 * Bars per month for one metric, drawn by hand in SVG (no chart library in the studio's chunk). The SVG is
 * an image with a description that sums it up; the month labels are HTML so they stay readable on a phone,
 * and the table beside the chart is the full alternative.
 */
export function MonthlyChart({
  months,
  metric,
  total,
}: Readonly<{ months: readonly AnalyticsMonth[]; metric: MetricId; total: number }>) {
  const descriptionId = useId()
  const values = months.map((m) => metricValue(metric, m))
  const max = Math.max(0, ...values)
  const top = axisTop(max)
  const barWidth = (VIEW_WIDTH - GAP * (months.length - 1)) / Math.max(1, months.length)
  const highestAt = values.indexOf(max)
  const summary =
    max > 0
      ? s.chartSummary(
          formatMetric(metric, max),
          formatMonth(months[highestAt]!.month, activeLanguage(), 'long'),
          formatMetric(metric, total),
        )
      : s.chartEmpty
  const label = s.metrics[metric]

  return (
    <figure className="analytics-chart">
      <div className="analytics-chart__axis" aria-hidden="true">
        <span>{formatMetric(metric, top)}</span>
        <span>{formatMetric(metric, 0)}</span>
      </div>
      <div className="analytics-chart__plot">
        <svg
          viewBox={`0 0 ${VIEW_WIDTH} ${VIEW_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={label}
          aria-describedby={descriptionId}
          data-metric={metric}
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={VIEW_WIDTH}
              y1={VIEW_HEIGHT * f}
              y2={VIEW_HEIGHT * f}
              className="analytics-chart__grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {values.map((value, i) => {
            const height = (value / top) * VIEW_HEIGHT
            return (
              <rect
                key={months[i]!.month}
                x={i * (barWidth + GAP)}
                y={VIEW_HEIGHT - height}
                width={barWidth}
                height={height}
                rx={3}
                className="analytics-chart__bar"
                data-value={value}
              >
                <title>{s.barTitle(formatMonth(months[i]!.month), formatMetric(metric, value))}</title>
              </rect>
            )
          })}
        </svg>
        <div className="analytics-chart__months" aria-hidden="true">
          {months.map((m) => (
            <span key={m.month}>{formatMonth(m.month, activeLanguage(), 'monthOnly')}</span>
          ))}
        </div>
      </div>
      <figcaption id={descriptionId} className="analytics-chart__description">
        {s.chartDescription(s.chartMetrics[metric], summary)}
      </figcaption>
    </figure>
  )
}
