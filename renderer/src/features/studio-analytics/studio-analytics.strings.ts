import { defineStrings, msg } from '../../../../contract/i18n'

/** The studio's analytics (issue #16 'Run it'): its texts in one table. */
export const studioAnalyticsStrings = defineStrings('studio-analytics', {
  title: 'Analytics',
  // The browser tab's title; {name} is the clone's name
  pageTitle: msg('Analytics · {name}', 'name'),
  subtitle: msg('{name} over the last 12 months, per calendar month (UTC).', 'name'),
  loading: 'Loading analytics…',
  loadFailed: 'Could not load the analytics.',
  retry: 'Try again',
  totalsLabel: 'Last 12 months',
  metricLabel: 'Metric',
  chartLabel: 'Per month',
  // The chart's description for screen readers: {metric} is one of chartMetrics, {summary} is chartSummary
  // or chartEmpty.
  chartDescription: msg(
    'Bar chart of {metric} per month over the last 12 months. {summary}. The table below lists every number.',
    'metric',
    'summary',
  ),
  // {highest} and {total} are formatted numbers or amounts, {month} a month and year ('January 2026')
  chartSummary: msg('Highest: {highest} in {month}; total {total}', 'highest', 'month', 'total'),
  chartEmpty: 'Nothing yet in these 12 months',
  // One bar's tooltip: a month ('Mar 2026') and its formatted value
  barTitle: msg('{month}: {value}', 'month', 'value'),
  tableLabel: msg('Monthly activity of {name}', 'name'),
  month: 'Month',
  total: 'Total',
  revenueNote:
    'Revenue is what visitors paid at checkout for memberships (new subscriptions and plan changes), before fees and refunds. Renewals are not included.',
  metrics: {
    conversations: 'Conversations',
    userMessages: 'Messages',
    calls: 'Calls',
    callMinutes: 'Call minutes',
    leads: 'Leads',
    revenue: 'Revenue',
  },
  /** The metrics as they read inside chartDescription ('Bar chart of call minutes per month…'). */
  chartMetrics: {
    conversations: 'conversations',
    userMessages: 'messages',
    calls: 'calls',
    callMinutes: 'call minutes',
    leads: 'leads',
    revenue: 'revenue',
  },
  columns: {
    conversations: 'Conversations started',
    userMessages: 'Visitor messages',
    voiceCalls: 'Voice calls',
    videoCalls: 'Video calls',
    voiceMinutes: 'Voice minutes',
    videoMinutes: 'Video minutes',
    leads: 'Leads captured',
    revenue: 'Revenue',
  },
  /** A card's voice and video parts. */
  split: msg('Voice {voice} · Video {video}', 'voice', 'video'),
  // The shared studio door.
  signedOutTitle: 'Log in to see analytics',
  signedOutBody: 'Analytics are shown to the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No analytics here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
})
