// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useMediaQuery } from '../../../../renderer/src/lib/media-query'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** A matchMedia whose one query's answer the test sets. */
function fakeMatchMedia(initially: boolean) {
  const listeners = new Set<() => void>()
  const list = {
    matches: initially,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }
  vi.stubGlobal('matchMedia', () => list)
  return {
    set(matches: boolean) {
      list.matches = matches
      for (const listener of listeners) listener()
    },
    listeners,
  }
}

function Wide() {
  return <p>{useMediaQuery('(min-width: 1200px)') ? 'wide' : 'narrow'}</p>
}

describe('useMediaQuery', () => {
  it('answers at the first render and follows the window when it changes', () => {
    const media = fakeMatchMedia(true)
    render(<Wide />)
    expect(screen.getByText('wide')).toBeTruthy()
    act(() => media.set(false))
    expect(screen.getByText('narrow')).toBeTruthy()
  })

  it('stops listening once unmounted', () => {
    const media = fakeMatchMedia(false)
    const { unmount } = render(<Wide />)
    expect(media.listeners.size).toBe(1)
    unmount()
    expect(media.listeners.size).toBe(0)
  })
})
