/** Every timer of the voice call in one place (spec 2 §4, §5, §9). */

/** spec 2 §4/§8: 15 s without connecting fails the call (silently). */
export const CONNECT_TIMEOUT_MS = 15_000
/** spec 2 §9: the wait before asking the permission state again when it is not known yet. */
export const PERMISSION_RETRY_MS = 100
/** spec 2 §9: the mic is released this long after the call stops (the last words still reach the engine). */
export const MIC_STOP_DELAY_MS = 100
/** spec 2 §9: a new call waits this long while the previous one is still stopping. */
export const STOPPING_WAIT_MS = 300
/** spec 2 §5: the countdown (and the mm:ss timer) tick every second. */
export const COUNTDOWN_TICK_MS = 1_000
/** spec 2 §4: after the paywall closes following a permission check, the start is retried after 50 ms. */
export const PAYWALL_RETRY_MS = 50
/** The local call tells the server it is still live this often; the answer carries the seconds left. */
export const HEARTBEAT_MS = 15_000
/** spec 2 §9: the transcript page gives up waiting for its data after 5 s ('Navigation is timing out'). */
export const NAVIGATION_TIMEOUT_MS = 5_000
/** spec 2 §8: the 'Microphone access blocked' toast stays 5 s. */
export const BLOCKED_TOAST_MS = 5_000
/** How many times an unknown permission state is asked again before the call goes ahead anyway. */
export const PERMISSION_RETRIES = 3
