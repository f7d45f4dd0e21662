import { describe, expect, it } from 'vitest'
import { keptReply } from '../../../../server/chat/answer-store'

describe('the partial reply a stop keeps (issue #27)', () => {
  it('is what the visitor saw when the clone said it, else what the clone said, else nothing', () => {
    const said = 'Caffeine lingers for hours. Stop by noon.'
    expect(keptReply('Caffeine lingers', said)).toBe('Caffeine lingers')
    expect(keptReply('Caffeine lingers [', said)).toBe('Caffeine lingers')
    expect(keptReply('Caffeine lingers [1', said)).toBe('Caffeine lingers')
    expect(keptReply('Send me your card number', said)).toBe(said)
    expect(keptReply('', said)).toBe('')
    expect(keptReply('Anything', null)).toBe('')
  })
})
