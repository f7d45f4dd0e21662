/** Every timer of the video call in one place (spec 2 §2, §4, §8, §9). */

/** spec 2 §4/§9: the server's 'Rate limited' puts the call in WAITING; the start is tried again after 5 s. */
export const RATE_LIMIT_RETRY_MS = 5_000
/** spec 2 §4/§9: a replica not joined 30 s after the room is reported as 'replica-join-timeout'. */
export const REPLICA_WATCHDOG_MS = 30_000
/** spec 2 §8/§9: the hard call limit (1 hour): the call ends with 'Called ended due to 1-hour time limit.' */
export const HARD_LIMIT_MS = 3_600_000
/** spec 2 §2/§9: 'Connecting' turns into 'Hold on, {clone name} should be here shortly…' after 5 s. */
export const CONNECTING_TEXT_MS = 5_000
/** spec 2 §2/§9: dial=true starts the video call after 600 ms (then the parameter leaves the address). */
export const AUTO_DIAL_MS = 600
/** spec 2 §9: navigation (the shared page, the transcript) gives up waiting after 5 s. */
export const NAVIGATION_TIMEOUT_MS = 5_000
/** The call tells the server it is still live this often (both providers); the answer carries the seconds left. */
export const HEARTBEAT_MS = 15_000
/** spec 2 §9: the replica's audio level is observed every 200 ms (the engines' cadence). */
export const AUDIO_LEVEL_MS = 200
/** spec 2 §4: the clone stops speaking after this many consecutive silent level updates. */
export const SILENT_UPDATES_TO_STOP = 4
/** spec 2 §9: up to 3 suggested questions on the start overlay. */
export const MAX_SUGGESTED_QUESTIONS = 3
/** The mm:ss / duration clock. */
export const CLOCK_TICK_MS = 1_000
