/** The studio's analytics (issue #16 'Run it'): its texts in one table. */
export const studioAnalyticsStrings = {
  title: 'Analytics',
  pageTitle: (name: string) => `Analytics · ${name}`,
  subtitle: (name: string) => `${name} over the last 12 months, per calendar month (UTC).`,
  loading: 'Loading analytics…',
  loadFailed: 'Could not load the analytics.',
  retry: 'Try again',
  totalsLabel: 'Last 12 months',
  metricLabel: 'Metric',
  chartLabel: 'Per month',
  chartDescription: (metric: string, summary: string) =>
    `Bar chart of ${metric} per month over the last 12 months. ${summary}. The table below lists every number.`,
  chartSummary: (highest: string, month: string, total: string) =>
    `Highest: ${highest} in ${month}; total ${total}`,
  chartEmpty: 'Nothing yet in these 12 months',
  tableLabel: (name: string) => `Monthly activity of ${name}`,
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
  split: (voice: string, video: string) => `Voice ${voice} · Video ${video}`,
  // The shared studio door.
  signedOutTitle: 'Log in to see analytics',
  signedOutBody: 'Analytics are shown to the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No analytics here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
} as const
