import { defineStrings, msg } from '../../../contract/i18n'

/** The shared helpers' own texts (lib/). */
export const libStrings = defineStrings('lib', {
  /** The 'View Socials' dialog's label of links that are not a social network's (spec 1 §2). */
  socials: {
    extra: 'Link',
    website: 'Website',
  },
  /**
   * spec 1 §9: a podcast citation's timestamp, e.g. '1h 05m' over an hour, else '04m 07s' (h: hours,
   * m: minutes, s: seconds). Minutes and seconds come zero-padded.
   */
  podcastHours: msg('{hours}h {minutes}m', 'hours', 'minutes'),
  podcastMinutes: msg('{minutes}m {seconds}s', 'minutes', 'seconds'),
})
