/** The chat's timers and limits in one place (spec 1 §9). */

/** 30 s without any data from the chat stream (heartbeats count) aborts it. */
export const STREAM_INACTIVITY_MS = 30_000
/** A timestamp separates two messages more than 8 hours apart. */
export const TIMESTAMP_GAP_MS = 8 * 60 * 60 * 1000
/** The product citation toast stays 5 s. */
export const CITATION_TOAST_MS = 5_000
/** Product names longer than this are cut… */
export const PRODUCT_NAME_LIMIT = 30
/** …to this many characters, then '...' (spec 1 §9, as written). */
export const PRODUCT_NAME_CUT = 40
/** Suggested questions shown at once in the prompt's popover and on the start screen. */
export const SUGGESTED_QUESTIONS_SHOWN = 3
/** Textarea height: at least 52 px, at most 120 px on screens up to 640 px wide, else 210 px. */
export const PROMPT_MIN_HEIGHT_PX = 52
export const PROMPT_MAX_HEIGHT_SMALL_PX = 120
export const PROMPT_MAX_HEIGHT_PX = 210
export const SMALL_SCREEN_MAX_WIDTH_PX = 640
/** How close to the end of the list still counts as 'at the bottom' for auto-scroll. */
export const AT_BOTTOM_THRESHOLD_PX = 48
/** An open chat asks for new creator announcements this often while the tab is visible (issue #15). */
export const ANNOUNCEMENT_POLL_MS = 30_000
