import { describe, expect, it } from 'vitest'
import {
  codeCharacters,
  completeCode,
  emptySlots,
  slotsAfterBackspace,
  slotsAfterInput,
} from '../../../../../renderer/src/features/auth/code-slots'

const slots = (s: string) => [...s.padEnd(6, '.')].map((c) => (c === '.' ? '' : c))

describe('code slots', () => {
  it('are six empty slots', () => {
    expect(emptySlots()).toEqual(['', '', '', '', '', ''])
  })

  it('ignore dashes, spaces and other marks', () => {
    expect(codeCharacters(' 12-34 56 ')).toEqual(['1', '2', '3', '4', '5', '6'])
  })

  it('fill one slot per typed character and move on', () => {
    expect(slotsAfterInput(emptySlots(), 0, '4')).toEqual({ slots: slots('4'), focus: 1 })
    expect(slotsAfterInput(slots('12345'), 5, '6')).toEqual({ slots: slots('123456'), focus: 5 })
  })

  it('ignore a dash or space typed in a slot', () => {
    expect(slotsAfterInput(slots('12'), 2, '-')).toEqual({ slots: slots('12'), focus: 2 })
  })

  it('fill every slot from a whole pasted code, wherever it is pasted', () => {
    expect(slotsAfterInput(slots('9'), 3, '123-456')).toEqual({ slots: slots('123456'), focus: 5 })
  })

  it('fill from the slot onward for a part of a code', () => {
    expect(slotsAfterInput(slots('12'), 2, '34')).toEqual({ slots: slots('1234'), focus: 4 })
    expect(slotsAfterInput(slots('1234'), 4, '5678')).toEqual({ slots: slots('123456'), focus: 5 })
  })

  it('go back on Backspace in an empty slot, clearing the one before', () => {
    expect(slotsAfterBackspace(slots('123'), 3)).toEqual({ slots: slots('12'), focus: 2 })
    expect(slotsAfterBackspace(slots('123'), 2)).toEqual({ slots: slots('12'), focus: 2 })
    expect(slotsAfterBackspace(emptySlots(), 0)).toEqual({ slots: emptySlots(), focus: 0 })
  })

  it('make a code only when all six are filled', () => {
    expect(completeCode(slots('12345'))).toBeNull()
    expect(completeCode(slots('123456'))).toBe('123456')
  })
})
