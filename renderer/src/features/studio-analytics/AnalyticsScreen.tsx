import { isCloneTeam } from '../../lib/clone-team'
import './studio-analytics.css'
import { Button, Flex, Heading, Spinner, Text } from '@radix-ui/themes'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useState } from 'react'
import type { CloneAnalytics } from '../../../../contract/studio-review'
import { isApiError } from '../../api/client'
import { cloneQuery } from '../../api/clones'
import { cloneAnalyticsQuery } from '../../api/studio-review'
import { useDocumentTitle } from '../../ui/use-document-title'
import { useCurrentUser } from '../auth'
import { AppHeader } from '../shell'
import { StudioAccessGate, StudioNav } from '../studio'
import { AnalyticsTable } from './AnalyticsTable'
import { formatMetric, METRIC_IDS, type MetricId, metricValue, minutesOf } from './analytics-metrics'
import { MonthlyChart } from './MonthlyChart'
import { studioAnalyticsStrings as s } from './studio-analytics.strings'

const count = (n: number) => new Intl.NumberFormat().format(n)

/** /studio/$slug/analytics (the router's lazy route component). */
export function AnalyticsRoute() {
  const { slug } = useParams({ strict: false }) as { slug: string }
  return <AnalyticsScreen slug={slug} />
}

/** The clone's activity per month (issue #16 'Run it'), for its CREATOR and CONTRIBUTORs. */
export function AnalyticsScreen({ slug }: Readonly<{ slug: string }>) {
  const { user, relationships } = useCurrentUser()
  const allowed = user !== null && isCloneTeam(slug, relationships)
  const clone = useQuery({ ...cloneQuery(slug), enabled: allowed })
  const analytics = useQuery({ ...cloneAnalyticsQuery(slug), enabled: allowed })
  const name = clone.data?.name ?? slug
  useDocumentTitle(s.pageTitle(name))
  const notFound = analytics.isError && isApiError(analytics.error) && analytics.error.isNotFound

  let content: React.ReactNode
  if (analytics.isPending) content = <Spinner size="3" role="status" aria-label={s.loading} />
  else if (analytics.isError) {
    content = (
      <Flex direction="column" gap="2" align="start" role="alert">
        <Text color="red">{s.loadFailed}</Text>
        <Button variant="soft" onClick={() => void analytics.refetch()}>
          {s.retry}
        </Button>
      </Flex>
    )
  } else content = <AnalyticsBody analytics={analytics.data} name={name} />

  return (
    <>
      <AppHeader />
      <main id="main" className="page analytics-page">
        <StudioAccessGate allowed={allowed} notFound={notFound} texts={s}>
          <StudioNav slug={slug} current="analytics" />
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Heading as="h1" size="7">
                {s.title}
              </Heading>
              <Text color="gray">{s.subtitle(name)}</Text>
            </Flex>
            {content}
          </Flex>
        </StudioAccessGate>
      </main>
    </>
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
