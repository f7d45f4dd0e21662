import { describe, expect, it } from 'vitest'
import { FALLBACK_TITLE, finishTitle, titleFromMessage } from '../../../../server/chat/title'

describe('titleFromMessage', () => {
  it.each([
    ['What temperature should my bedroom be for sleep?', 'What temperature should my bedroom be for sleep'],
    ['How should I hold my knife and protect my fingers?', 'How should I hold my knife'],
    ['Why does my steak turn grey instead of getting a good sear?', 'Why does my steak turn grey'],
    ['hi lena, can you tell me how to fall asleep faster?', 'How to fall asleep faster'],
    ['I was wondering if napping after 4pm is bad for me', 'Napping after 4pm is bad for me'],
    ['WHAT IS HRV? I keep seeing it.', 'WHAT IS HRV'],
    ['What Is The Best Temperature For Sleep?', 'What is the best temperature for sleep'],
    ['Jet lag tips for Tokyo', 'Jet lag tips for Tokyo'],
    ['Hello!', 'Hello'],
    ['?!', FALLBACK_TITLE],
  ])('%j -> %j', (message, title) => {
    expect(titleFromMessage(message)).toBe(title)
  })

  it('keeps titles to eight words with no trailing punctuation or dangling word', () => {
    for (const message of [
      'How late in the day can I drink coffee without hurting my sleep?',
      'I can never sleep the night before a race. What should I do?',
      'tell me absolutely everything there is to know about the science of sleep and recovery for runners',
    ]) {
      const title = titleFromMessage(message)
      expect(title.split(' ').length, title).toBeLessThanOrEqual(8)
      expect(title).not.toMatch(/[.,;:!?]$/)
      expect(title).not.toMatch(/\s(the|a|of|and|to)$/i)
      expect(title.charAt(0)).toBe(title.charAt(0).toUpperCase())
    }
  })
})

describe('finishTitle (a model’s suggestion)', () => {
  it('removes quotes, a Title: prefix and trailing punctuation, in sentence case', () => {
    expect(finishTitle('"Title: Coffee Cutoff For Better Sleep."')).toBe('Coffee cutoff for better sleep')
    expect(finishTitle('**Jet lag in Tokyo**')).toBe('Jet lag in Tokyo')
    expect(finishTitle('   ')).toBe(FALLBACK_TITLE)
  })
})
