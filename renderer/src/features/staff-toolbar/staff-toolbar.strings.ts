import type { StaffProvider } from '../../../../contract/staff'

/** The staff toolbar (spec 1 §6 'Staff: debug entry and a staff toolbar'). */
export const staffToolbarStrings = {
  pill: 'Staff',
  title: 'Staff toolbar',
  shortcut: 'Alt+Shift+S',
  expand: 'Open the staff toolbar (Alt+Shift+S)',
  collapse: 'Close the staff toolbar (Escape)',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  loading: 'Loading the server’s status…',
  loadFailed: 'Could not load the server’s status.',
  versions: 'Versions',
  build: 'Build',
  server: 'Server',
  uptime: 'Uptime',
  providers: 'Providers',
  page: 'This page',
  clone: 'Clone',
  cloneId: 'Clone id',
  conversation: 'Conversation',
  none: '—',
  visibility: (visibility: 'public' | 'private', documents: number) =>
    `${visibility === 'public' ? 'Public' : 'Private'} · ${documents === 1 ? '1 document' : `${documents} documents`}`,
  copy: (what: string) => `Copy ${what.toLowerCase()}`,
  copied: (what: string) => `${what} copied`,
  copyFailed: 'Could not copy. Please copy it by hand.',
  links: 'Links',
  devOutbox: 'Dev outbox',
  studioQuestions: 'Questions',
  studioLeads: 'Leads',
  studioEmbeds: 'Embeds',
  last24h: 'Last 24 hours',
  counts: {
    users: 'Users',
    clones: 'Clones',
    conversations24h: 'Conversations',
    messages24h: 'Messages',
    voiceCallsOpen: 'Voice calls now',
    videoCallsOpen: 'Video calls now',
  },
  provider: {
    database: 'Database',
    llm: 'LLM',
    mail: 'Mail',
    payments: 'Payments',
    tts: 'TTS',
    voice: 'Voice',
    video: 'Video',
    transcription: 'Transcription',
    texts: 'Texts',
  } satisfies Record<StaffProvider['key'], string>,
  mode: { real: 'real', embedded: 'embedded', none: 'none' } satisfies Record<StaffProvider['mode'], string>,
} as const

/** 3725 seconds read '1 h 2 min'. */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${minutes} min`
  return minutes > 0 ? `${minutes} min` : `${seconds} s`
}
