import './studio-analytics.css'
import { Flex, Heading, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useState } from 'react'
import type { CloneAnalytics } from '../../../../contract/studio-review'
import { cloneAnalyticsQuery } from '../../api/studio-review'
import { QueryState, StudioPage, useStudioClone } from '../studio'
import { AnalyticsTable } from './AnalyticsTable'
import {
  formatCount as count,
  formatMetric,
  METRIC_IDS,
  type MetricId,
  metricValue,
  minutesOf,
} from './analytics-metrics'
import { MonthlyChart } from './MonthlyChart'
import { studioAnalyticsStrings as s } from './studio-analytics.strings'

/** /studio/$slug/analytics (the router's lazy route component). */
export function AnalyticsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <AnalyticsScreen slug={slug} />
}

/** The clone's activity per month (issue #16 'Run it'), for its CREATOR and CONTRIBUTORs. */
export function AnalyticsScreen({ slug }: Readonly<{ slug: string }>) {
  const { allowed, name } = useStudioClone(slug)
  const analytics = useQuery({ ...cloneAnalyticsQuery(slug), enabled: allowed })
  return (
    <StudioPage
      slug={slug}
      current="analytics"
      className="analytics-page"
      documentTitle={s.pageTitle(name)}
      allowed={allowed}
      notFoundFrom={[analytics]}
      texts={s}
      title={s.title}
      subtitle={s.subtitle(name)}
      gap="4"
    >
      <QueryState queries={[analytics]} texts={s}>
        {(data) => <AnalyticsBody analytics={data} name={name} />}
      </QueryState>
    </StudioPage>
  )
}

function AnalyticsBody({ analytics, name }: Readonly<{ analytics: CloneAnalytics; name: string }>) {
  const [metric, setMetric] = useState<MetricId>('conversations')
  const { totals } = analytics
  return (
    <Flex direction="column" gap="5">
      <section aria-labelledby="analytics-totals">
        <Heading as="h2" size="3" mb="2" id="analytics-totals">
          {s.totalsLabel}
        </Heading>
        <ul className="analytics-cards">
          {METRIC_IDS.map((id) => (
            <li key={id} className="analytics-card">
              <Text size="2" color="gray" as="div">
                {s.metrics[id]}
              </Text>
              <Text size="6" weight="bold" as="div">
                {formatMetric(id, metricValue(id, totals))}
              </Text>
              {id === 'calls' || id === 'callMinutes' ? (
                <Text size="1" color="gray" as="div">
                  {id === 'calls'
                    ? s.split(count(totals.voiceCalls), count(totals.videoCalls))
                    : s.split(count(minutesOf(totals.voiceSeconds)), count(minutesOf(totals.videoSeconds)))}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={s.chartLabel}>
        <fieldset className="analytics-picker">
          <legend className="visually-hidden">{s.metricLabel}</legend>
          {METRIC_IDS.map((id) => (
            <button
              key={id}
              type="button"
              aria-pressed={id === metric}
              onClick={() => setMetric(id)}
              className="analytics-picker__option"
            >
              {s.metrics[id]}
            </button>
          ))}
        </fieldset>
        <MonthlyChart months={analytics.months} metric={metric} total={metricValue(metric, totals)} />
        {metric === 'revenue' ? (
          <Text as="p" size="1" color="gray" mt="2">
            {s.revenueNote}
          </Text>
        ) : null}
      </section>
      <AnalyticsTable analytics={analytics} name={name} />
    </Flex>
  )
}
