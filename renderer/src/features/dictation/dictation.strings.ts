import { defineStrings } from '../../../../contract/i18n'

/**
 * Dictation's strings (spec 2 §2, §8), in two tables: this one is what a prompt shows before its mic is
 * first pressed (the profile's first load carries it); the rest, in dictation-recording.strings.ts, loads
 * with the controller on that press.
 */
export const dictationLabels = defineStrings('dictation', {
  record: 'Record voice message',
})
