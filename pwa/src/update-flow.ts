/**
 * The update prompt's flow: a new service worker waits; the visitor chooses Reload; the page sends it
 * SKIP_WAITING, waits for `controllerchange` and reloads exactly once. Nothing here reloads on its own:
 * the first install claiming the page, or another tab activating a new version, never reloads this page,
 * so there is no update loop. Browser objects are injected (unit-tested in test/unit/pwa/update-flow.test.ts).
 */

export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const
/** How often an open page asks the server for a new service worker, besides each return to the tab. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

export interface WorkerLike {
  readonly state: string
  postMessage(message: unknown): void
  addEventListener(type: 'statechange', listener: () => void): void
}

export interface RegistrationLike {
  readonly waiting: WorkerLike | null
  readonly installing: WorkerLike | null
  addEventListener(type: 'updatefound', listener: () => void): void
}

export interface UpdateFlowDeps {
  /** navigator.serviceWorker */
  container: {
    readonly controller: unknown
    addEventListener(type: 'controllerchange', listener: () => void): void
  }
  reload(): void
  /** Shows the prompt; `apply` is what its Reload button does. */
  onUpdateAvailable(apply: () => void): void
}

export function startUpdateFlow(deps: UpdateFlowDeps) {
  let registration: RegistrationLike | undefined
  let requested = false
  let reloaded = false
  let announced = false

  const reloadOnce = () => {
    if (reloaded) return
    reloaded = true
    deps.reload()
  }

  deps.container.addEventListener('controllerchange', () => {
    // Only the worker this page asked for triggers the reload.
    if (requested) reloadOnce()
  })

  function apply() {
    if (requested) return
    requested = true
    const waiting = registration?.waiting
    // No waiting worker: another tab already activated the new version; a plain reload picks it up.
    if (waiting) waiting.postMessage(SKIP_WAITING_MESSAGE)
    else reloadOnce()
  }

  /** A worker is waiting: offer it, once. */
  function announce() {
    // A page no worker controls (the first visit, a hard reload) already runs what the server has.
    if (announced || !deps.container.controller || !registration?.waiting) return
    announced = true
    deps.onUpdateAvailable(apply)
  }

  return {
    apply,
    announce,
    /**
     * Follows a registration: a worker already waiting, and every later update however it was found
     * (nothing else reports them: workbox-window, used before, stopped reporting updates it thought another
     * tab had triggered).
     */
    track(next: RegistrationLike) {
      registration = next
      announce()
      next.addEventListener('updatefound', () => {
        const installing = next.installing
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') announce()
        })
      })
    },
  }
}
