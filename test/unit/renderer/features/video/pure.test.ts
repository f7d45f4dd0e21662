import { describe, expect, it } from 'vitest'
import {
  nextSpeaking,
  notSpeaking,
  type SpeakingState,
} from '../../../../../renderer/src/features/video/replica-speaking'
import { cornerPosition, snapToCorner } from '../../../../../renderer/src/features/video/self-camera-snap'

describe('replica speaking detection (spec 2 §4)', () => {
  it('starts on the first positive level and stops after 4 consecutive silent updates', () => {
    let state: SpeakingState = notSpeaking
    const changes: (string | null)[] = []
    for (const level of [0, 0, 0.2, 0.1, 0, 0, 0, 0.3, 0, 0, 0, 0, 0]) {
      const step = nextSpeaking(state, level)
      state = step.state
      changes.push(step.change)
    }
    expect(changes).toEqual([
      null,
      null,
      'start',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'stop',
      null,
    ])
  })
})

describe('self camera snapping (spec 2 §2)', () => {
  const wide = { width: 1200, height: 800 }
  const narrow = { width: 400, height: 700 }

  it('uses a 40 px margin and a 320x192 viewport on wide screens', () => {
    expect(cornerPosition('top-left', wide)).toEqual({ x: 40, y: 40 })
    expect(cornerPosition('bottom-right', wide)).toEqual({ x: 1200 - 320 - 40, y: 800 - 192 - 40 })
  })

  it('uses 20 by 14 and a 96x156 viewport under 640 px', () => {
    expect(cornerPosition('top-right', narrow)).toEqual({ x: 400 - 96 - 20, y: 14 })
    expect(cornerPosition('bottom-left', narrow)).toEqual({ x: 20, y: 700 - 156 - 14 })
    expect(cornerPosition('top-left', { width: 640, height: 700 })).toEqual({ x: 40, y: 40 })
  })

  it('snaps a dropped camera to the corner nearest its centre', () => {
    expect(snapToCorner({ x: 10, y: 10 }, wide).corner).toBe('top-left')
    expect(snapToCorner({ x: 700, y: 20 }, wide).corner).toBe('top-right')
    expect(snapToCorner({ x: 100, y: 500 }, wide).corner).toBe('bottom-left')
    expect(snapToCorner({ x: 800, y: 600 }, wide)).toEqual({
      corner: 'bottom-right',
      position: { x: 840, y: 568 },
    })
    expect(snapToCorner({ x: 250, y: 400 }, narrow).corner).toBe('bottom-right')
  })
})
