/** How often the sources list asks again while a source is queued or being read (issue #16). */
export const SOURCES_POLL_MS = 2_000
