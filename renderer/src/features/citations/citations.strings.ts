import { defineStrings, msg } from '../../../../contract/i18n'
import type { CitationType } from '../../../../contract/knowledge'

/** The citations overlay's user-facing texts (spec 1 §2 'Citations overlay', §8 'Citations'). */
export const citationsStrings = defineStrings('citations', {
  title: 'Sources',
  /** The accessible name of a [n] citation label in an answer. */
  source: msg('Source {n}', 'n'),
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
  // {time} is a moment of the episode ('12:34')
  listenFrom: msg('Listen from {time}', 'time'),
  viewTweet: 'View post',
  playVideo: msg('Play video: {title}', 'title'),
  videoTitle: msg('YouTube video: {title}', 'title'),
  podcastPlayer: msg('Podcast player: {title}', 'title'),
  startsAt: msg('Starts at {time}', 'time'),
  previewOf: msg('Preview of {title}', 'title'),
  // The accessible name of a source's link: its label ('Open source', 'Watch on YouTube'…) and the source's title
  linkLabel: msg('{label}: {title}', 'label', 'title'),
  creatorAnswer: 'Answered by the creator',
  // Logged when a citation cannot be shown (spec 1 §5); not shown to visitors
  missingDocumentId: 'Citation is missing its documentId',
  youtubeUrlMissing: 'YouTube URL not found in citation',
  youtubeUrlInvalid: 'YouTube URL in citation has no video id',
  missingData: 'Citation data not found',

  /** The name of each citation type as the overlay shows it. */
  types: {
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
  } satisfies Record<CitationType, string>,
})
