/** A source that could not be read; `message` is the creator-facing reason stored with it (issue #16). */
export class SourceReadError extends Error {
  override name = 'SourceReadError'
}

/** Creator-facing reasons (issue #16; the spec has none). */
export const SOURCE_TEXTS = {
  onlyHttp: 'Only http:// and https:// links can be read.',
  privateAddress: 'This link points to a private or local network address, which the server does not fetch.',
  notFound: 'This web address could not be found.',
  unreachable: 'The page could not be reached.',
  timedOut: 'The page took too long to answer.',
  tooLarge: 'The page is too large to read (over 5 MB).',
  tooManyRedirects: 'The link redirects too many times.',
  httpError: (status: number) => `The page answered with an error (HTTP ${status}).`,
  notAPage: (type: string) =>
    `This link is not a web page (${type || 'no type'}). Upload the file as a document instead.`,
  noText: 'This source has no readable text.',
  uploadGone: 'The uploaded file is no longer available. Remove this source and upload the file again.',
  readTimedOut: 'Reading this source took too long.',
  unreadable: 'This source could not be read.',
} as const
