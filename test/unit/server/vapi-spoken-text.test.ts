import { describe, expect, it } from 'vitest'
import { SpokenText } from '../../../server/calls/vapi/spoken-text'
import { applyPronunciations } from '../../../server/tts/pronunciations'

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

  it('says the creator’s words their way, a clause at a time, even when a word or phrase arrives in pieces', () => {
    const pronunciations = [
      { word: 'Nguyen', kind: 'respelling' as const, say: 'win' },
      { word: 'New York', kind: 'phonemes' as const, say: 'nuː ˈjɔːk' },
    ]
    const spoken = new SpokenText((text) => applyPronunciations(text, pronunciations, 'ssml'))
    const tokens = ['Ask Ngu', 'yen [1]', ' about New', ' Yo', 'rk, then', ' rest. Nguyen', 'ville too']
    const out = tokens.map((t) => spoken.push(t))
    // Nothing leaves before its clause is whole: a word cut in two is never said half-respelled.
    expect(out.slice(0, 4)).toEqual(['', '', '', ''])
    expect(out.join('') + spoken.flush()).toBe(
      'Ask win  about <phoneme alphabet="ipa" ph="nuː ˈjɔːk">New York</phoneme>, then rest. Nguyenville too',
    )
  })
})
