import { defineStrings, msg } from '../../../contract/i18n'

/** The app shell's own texts: the skip link, the route states and the startup failure. */
export const appStrings = defineStrings('app', {
  skipToContent: 'Skip to content',
  /** A route's code or data is loading (read by screen readers only). */
  loading: 'Loading…',
  exploreClones: 'Explore clones',
  retry: 'Try again',
  notFound: {
    title: 'Page not found',
    text: 'There is nothing at this address. It may have moved, or the link may be mistyped.',
  },
  error: {
    title: 'Something went wrong',
    text: 'This page could not be shown. Please try again in a moment.',
  },
  /** The app could not start at all: {product} is the product's name, {detail} the technical reason. */
  startupFailed: msg('{product} could not start. {detail}', 'product', 'detail'),
})
