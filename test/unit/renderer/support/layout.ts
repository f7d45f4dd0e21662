import { vi } from 'vitest'

/**
 * happy-dom lays nothing out: give every element a size so the virtualised chat list has a screen to
 * fill. Call in beforeEach; vi.restoreAllMocks() in afterEach undoes it.
 */
export function giveElementsALayout() {
  for (const [property, size] of [
    ['offsetHeight', 400],
    ['offsetWidth', 800],
    ['clientHeight', 400],
    ['clientWidth', 800],
  ] as const) {
    vi.spyOn(HTMLElement.prototype, property, 'get').mockReturnValue(size)
  }
}
