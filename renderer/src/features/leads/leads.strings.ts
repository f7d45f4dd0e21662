import { defineStrings, msg } from '../../../../contract/i18n'

/** The creator's leads page (issue #14: contacts captured in embeds and by 'Get a Text'). */
export const leadsStrings = defineStrings('leads', {
  title: 'Leads',
  // The browser tab's title; {name} is the clone's name
  pageTitle: msg('Leads · {name}', 'name'),
  subtitle: msg('People who left their contact details with {name}.', 'name'),
  loading: 'Loading leads…',
  downloadCsv: 'Download CSV',
  downloading: 'Downloading…',
  downloadFailed: 'Could not download the leads. Please try again.',
  count: msg('{n, plural, one {# lead} other {# leads}}', 'n'),
  empty: 'No leads yet',
  emptyBody:
    'When visitors leave their email in one of your embeds, or ask for a text, they appear here with their contact details.',
  loadFailed: 'Could not load the leads.',
  retry: 'Try again',
  signedOutTitle: 'Log in to see your leads',
  signedOutBody: 'Leads are shown to the creator of a clone and its contributors.',
  logIn: 'Log in',
  notYoursTitle: 'No leads here',
  notYoursBody: 'This clone does not exist, or you are not its creator or a contributor.',
  exploreClones: 'Explore clones',
  backToProfile: 'Back to profile',
  tableLabel: msg('Leads of {name}', 'name'),
  columns: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    telegram: 'Telegram',
    optIn: 'Text opt-in',
    firstConversation: 'First conversation',
    lastConversation: 'Last conversation',
    captured: 'Captured',
  },
  none: '—',
  on: 'On',
  off: 'Off',
  media: { SMS: 'SMS', WHATSAPP: 'WhatsApp', TELEGRAM: 'Telegram' },
  /** spec 1 §7 'Tracked events' (issue #15): their counts for the creator. */
  activity: {
    title: 'Activity',
    tableLabel: msg('Activity on {name}', 'name'),
    event: 'Event',
    thisMonth: 'This month',
    allTime: 'All time',
    loadFailed: 'Could not load the activity.',
    types: {
      CLICK_SOURCE: 'Sources opened',
      CLICK_AFFILIATE_PRODUCT: 'Product links clicked',
      VIDEO_CALL_VIEW_TRANSCRIPT: 'Video transcripts viewed',
      VIDEO_CALL_SHARE: 'Video calls shared',
    },
  },
})
