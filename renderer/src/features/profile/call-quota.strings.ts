import { defineStrings } from '../../../../contract/i18n'

/**
 * The profile's strings that load with the Call button's quota check (CallQuotaCheck.tsx), apart from
 * profile.strings.ts so the profile's first load does not carry them (npm run bench:size).
 */
const quotaStrings = defineStrings('call-quota', {
  call: {
    // spec 2 §8: the Call button's tooltip once the voice quota is used up.
    exhausted: 'You have exhausted your monthly call quota with this Clone.',
  },
  /** The Video button's quota text (VideoQuotaCheck.tsx). */
  video: {
    // spec 2 §8: the Video button's tooltip once the video quota is used up.
    exhausted: 'You have exhausted your monthly video call quota with this Clone.',
  },
})

export const callQuotaStrings = quotaStrings.call
export const videoQuotaStrings = quotaStrings.video
