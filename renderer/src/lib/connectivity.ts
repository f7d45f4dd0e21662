/**
 * Whether the server can be reached, beyond what the browser says. `navigator.onLine` only knows whether the
 * device has a network: on a captive portal, a dead Wi-Fi link or a reload while offline (some browsers then
 * report online again) every request fails while it says true. A request that cannot reach the server reports
 * it here; from then on the app counts as offline (kept answers shown, queries paused, drafts kept) until a
 * light probe of /api/health, every PROBE_INTERVAL_MS, or any request gets an answer again.
 */
export const PROBE_INTERVAL_MS = 5_000

let unreachable = false
let probeUrl: string | null = null
let probeTimer: ReturnType<typeof setTimeout> | null = null
const listeners = new Set<() => void>()

/** True after a request could not reach the server, until one does again. */
export function serverUnreachable(): boolean {
  return unreachable
}

/** Calls `onChange` whenever the server becomes unreachable or reachable again; returns the unsubscribe. */
export function subscribeConnectivity(onChange: () => void): () => void {
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
  }
}

/** A request failed without an answer; `healthUrl` is what the probe asks until the server answers. */
export function reportUnreachable(healthUrl: string, fetchImpl: typeof fetch = globalThis.fetch): void {
  probeUrl = healthUrl
  if (unreachable) return
  unreachable = true
  notify()
  scheduleProbe(fetchImpl)
}

/** A request got an answer (any status): the server is there. */
export function reportReachable(): void {
  if (!unreachable) return
  unreachable = false
  if (probeTimer) clearTimeout(probeTimer)
  probeTimer = null
  notify()
}

function notify() {
  for (const listener of [...listeners]) listener()
}

function scheduleProbe(fetchImpl: typeof fetch) {
  if (probeTimer) clearTimeout(probeTimer)
  probeTimer = setTimeout(async () => {
    probeTimer = null
    if (!unreachable || !probeUrl) return
    try {
      const response = await fetchImpl(probeUrl, { cache: 'no-store' })
      if (response.ok) return reportReachable()
    } catch {
      // Still unreachable.
    }
    if (unreachable) scheduleProbe(fetchImpl)
  }, PROBE_INTERVAL_MS)
}
