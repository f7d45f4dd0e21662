import { describe, expect, it, vi } from 'vitest'
import { type RegistrationLike, startUpdateFlow, type WorkerLike } from '../../../pwa/src/update-flow'

class FakeTarget {
  private listeners = new Map<string, Array<() => void>>()
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener()
  }
}

class FakeWorker extends FakeTarget implements WorkerLike {
  state = 'installing'
  postMessage = vi.fn()
  become(state: string) {
    this.state = state
    this.emit('statechange')
  }
}

class FakeRegistration extends FakeTarget implements RegistrationLike {
  waiting: FakeWorker | null = null
  installing: FakeWorker | null = null
  /** A new version is found and installs; it then waits for the page. */
  deploy() {
    const worker = new FakeWorker()
    this.installing = worker
    this.emit('updatefound')
    this.installing = null
    this.waiting = worker
    worker.become('installed')
    return worker
  }
}

function setup({ controlled = true } = {}) {
  const container = Object.assign(new FakeTarget(), { controller: controlled ? {} : null })
  const reload = vi.fn()
  let apply: (() => void) | undefined
  const onUpdateAvailable = vi.fn((fn: () => void) => {
    apply = fn
  })
  const flow = startUpdateFlow({ container, reload, onUpdateAvailable })
  const registration = new FakeRegistration()
  return { container, reload, onUpdateAvailable, flow, registration, apply: () => apply!() }
}

describe('update flow', () => {
  it('offers a waiting worker; Reload sends SKIP_WAITING, waits for controllerchange, reloads once', () => {
    const { flow, registration, onUpdateAvailable, reload, container, apply } = setup()
    flow.track(registration)
    expect(onUpdateAvailable).not.toHaveBeenCalled()
    const worker = registration.deploy()
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)

    apply()
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' })
    expect(reload).not.toHaveBeenCalled()

    container.emit('controllerchange')
    container.emit('controllerchange')
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('offers a worker that was already waiting when the page loaded', () => {
    const { flow, registration, onUpdateAvailable } = setup()
    registration.waiting = new FakeWorker()
    flow.track(registration)
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)
  })

  it('announces once, however many sources report the same update', () => {
    const { flow, registration, onUpdateAvailable } = setup()
    flow.track(registration)
    registration.deploy()
    flow.announce()
    flow.announce()
    expect(onUpdateAvailable).toHaveBeenCalledTimes(1)
  })

  it('never reloads on its own: not for the first install claiming the page, nor another tab’s update', () => {
    const { flow, registration, reload, container } = setup()
    flow.track(registration)
    container.emit('controllerchange')
    registration.deploy()
    container.emit('controllerchange')
    expect(reload).not.toHaveBeenCalled()
  })

  it('offers nothing to a page no worker controls (first visit, hard reload)', () => {
    const { flow, registration, onUpdateAvailable } = setup({ controlled: false })
    flow.track(registration)
    registration.deploy()
    expect(onUpdateAvailable).not.toHaveBeenCalled()
  })

  it('reloads at once when another tab already activated the new version', () => {
    const { flow, registration, reload, apply } = setup()
    flow.track(registration)
    registration.deploy()
    registration.waiting = null
    apply()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('ignores a second Reload click', () => {
    const { flow, registration, apply } = setup()
    flow.track(registration)
    const worker = registration.deploy()
    apply()
    apply()
    expect(worker.postMessage).toHaveBeenCalledTimes(1)
  })
})
