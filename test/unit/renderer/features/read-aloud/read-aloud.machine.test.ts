import { describe, expect, it } from 'vitest'
import {
  initialReadAloudState,
  type ReadAloudState,
  readAloudReducer,
  statusOf,
} from '../../../../../renderer/src/features/read-aloud/read-aloud.machine'

const loading = (messageId: string): ReadAloudState => ({ status: 'loading', messageId })
const playing = (messageId: string): ReadAloudState => ({ status: 'playing', messageId })
const error = (messageId: string): ReadAloudState => ({ status: 'error', messageId })

describe('readAloudReducer (idle → loading → playing → idle / error)', () => {
  it.each<[string, ReadAloudState, Parameters<typeof readAloudReducer>[1], ReadAloudState]>([
    ['idle, START → loading', initialReadAloudState, { type: 'START', messageId: 'a' }, loading('a')],
    ['loading, PLAYING → playing', loading('a'), { type: 'PLAYING', messageId: 'a' }, playing('a')],
    ['playing, ENDED → idle', playing('a'), { type: 'ENDED', messageId: 'a' }, initialReadAloudState],
    ['loading, FAIL → error', loading('a'), { type: 'FAIL', messageId: 'a' }, error('a')],
    ['playing, FAIL → error', playing('a'), { type: 'FAIL', messageId: 'a' }, error('a')],
    ['playing, STOP → idle', playing('a'), { type: 'STOP' }, initialReadAloudState],
    ['loading, STOP → idle', loading('a'), { type: 'STOP' }, initialReadAloudState],
    ['error, START → loading (retry)', error('a'), { type: 'START', messageId: 'a' }, loading('a')],
    [
      'playing a, START b → loading b (one at a time)',
      playing('a'),
      { type: 'START', messageId: 'b' },
      loading('b'),
    ],
  ])('%s', (_case, state, event, next) => {
    expect(readAloudReducer(state, event)).toEqual(next)
  })

  it.each<[string, ReadAloudState, Parameters<typeof readAloudReducer>[1]]>([
    ['a late PLAYING of a replaced message', loading('b'), { type: 'PLAYING', messageId: 'a' }],
    ['a late ENDED of a replaced message', playing('b'), { type: 'ENDED', messageId: 'a' }],
    ['a late FAIL of a replaced message', loading('b'), { type: 'FAIL', messageId: 'a' }],
    ['PLAYING while idle', initialReadAloudState, { type: 'PLAYING', messageId: 'a' }],
    ['ENDED while loading', loading('a'), { type: 'ENDED', messageId: 'a' }],
    ['FAIL after an error', error('a'), { type: 'FAIL', messageId: 'a' }],
  ])('ignores %s', (_case, state, event) => {
    expect(readAloudReducer(state, event)).toBe(state)
  })
})

describe('statusOf', () => {
  it('is the active message’s status, and idle for every other message', () => {
    expect(statusOf(playing('a'), 'a')).toBe('playing')
    expect(statusOf(playing('a'), 'b')).toBe('idle')
    expect(statusOf(initialReadAloudState, 'a')).toBe('idle')
  })
})
