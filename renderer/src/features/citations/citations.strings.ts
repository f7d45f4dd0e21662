import type { CitationType } from '../../../../contract/knowledge'

/** The citations overlay's user-facing texts (spec 1 §2 'Citations overlay', §8 'Citations'). */
export const citationsStrings = {
  title: 'Sources',
  /** The accessible name of a [n] citation label in an answer. */
  source: (n: number) => `Source ${n}`,
  usedHeading: 'Cited in this answer',
  relevantHeading: 'Other relevant sources',
  loading: 'Loading sources…',
  errorTitle: 'Something went wrong...',
  errorText: 'Try again in a few minutes',
  retry: 'Try again',
  close: 'Close',
  showAll: 'All sources',
  open: 'Open source',
  watchOnYoutube: 'Watch on YouTube',
  listenFrom: (time: string) => `Listen from ${time}`,
  viewTweet: 'View post',
  playVideo: (title: string) => `Play video: ${title}`,
  videoTitle: (title: string) => `YouTube video: ${title}`,
  podcastPlayer: (title: string) => `Podcast player: ${title}`,
  startsAt: (time: string) => `Starts at ${time}`,
  previewOf: (title: string) => `Preview of ${title}`,
  creatorAnswer: 'Answered by the creator',
  missingDocumentId: 'Citation is missing its documentId',
  youtubeUrlMissing: 'YouTube URL not found in citation',
  youtubeUrlInvalid: 'YouTube URL in citation has no video id',
  missingData: 'Citation data not found',
} as const

/** The name of each citation type as the overlay shows it. */
export const citationTypeLabels: Record<CitationType, string> = {
  Youtube: 'YouTube',
  Twitter: 'X (Twitter)',
  Facebook: 'Facebook',
  LinkedIn: 'LinkedIn',
  Instagram: 'Instagram',
  Podcast: 'Podcast',
  File: 'File',
  Website: 'Website',
  VideoFile: 'Video',
  AudioFile: 'Audio',
}
