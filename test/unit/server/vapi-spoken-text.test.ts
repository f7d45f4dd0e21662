import { describe, expect, it } from 'vitest'
import { SpokenText } from '../../../server/calls/vapi/spoken-text'

describe('SpokenText', () => {
  it('drops citation markers even when a marker arrives split over tokens', () => {
    const spoken = new SpokenText()
    const tokens = ['Keep a steady wake time', ' [', '1', ']. Dim the lights [2', '] and [', '12]', ' rest.']
    expect(tokens.map((t) => spoken.push(t)).join('') + spoken.flush()).toBe(
      'Keep a steady wake time . Dim the lights  and  rest.',
    )
  })

  it('keeps brackets that are not markers', () => {
    const spoken = new SpokenText()
    expect(spoken.push('a [note] and [123] and [') + spoken.flush()).toBe('a [note] and [123] and [')
  })
})
