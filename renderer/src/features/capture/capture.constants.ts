/** Every timer of contact capture in one place (spec 1 §4 'Contact capture', §9). */

/** spec 1 §9: from UPCOMING, the check runs 500 ms after the last change (a message, a send ending). */
export const CAPTURE_CHECK_MS = 500
/** spec 1 §9: the thread scrolls to the capture's first message 200 ms after it starts. */
export const CAPTURE_SCROLL_MS = 200

export interface DelayRange {
  min: number
  max: number
}

/** spec 1 §4: the clone 'types' 800 to 1300 ms, then 600 to 800 ms, before it asks for the email. */
export const FIRST_TYPING_MS: DelayRange = { min: 800, max: 1300 }
export const SECOND_TYPING_MS: DelayRange = { min: 600, max: 800 }

/** A delay in the range for a random number in [0, 1) (injected in tests). */
export const typingDelay = (range: DelayRange, random: () => number): number =>
  Math.round(range.min + Math.min(Math.max(random(), 0), 1) * (range.max - range.min))
