/** The citations' timers in one place (spec 1 §9). */

/** The citation hover card opens after 250 ms. */
export const CITATION_HOVER_DELAY_MS = 250
