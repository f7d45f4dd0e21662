import { describe, expect, it } from 'vitest'
import { FEEDBACK_MAX_LENGTH, validateFeedback } from '../../../../../renderer/src/features/feedback/feedback'

describe('validateFeedback (spec 1 §5)', () => {
  it.each([
    ['subject and content', 'Hi', 'Nice', true],
    ['no subject', '', 'Nice', false],
    ['a blank subject', '   ', 'Nice', false],
    ['no content', 'Hi', '', false],
    ['blank content', 'Hi', ' \n ', false],
    ['content of exactly 1000 characters', 'Hi', 'x'.repeat(1000), true],
    ['content of 1001 characters', 'Hi', 'x'.repeat(1001), false],
  ])('%s', (_case, subject, feedback, valid) => {
    expect(validateFeedback({ subject, feedback }).valid).toBe(valid)
  })

  it('counts the content for the live counter and flags it past the limit', () => {
    expect(FEEDBACK_MAX_LENGTH).toBe(1000)
    expect(validateFeedback({ subject: '', feedback: 'hello' })).toEqual({
      valid: false,
      length: 5,
      tooLong: false,
    })
    expect(validateFeedback({ subject: 'a', feedback: 'x'.repeat(1001) })).toMatchObject({
      length: 1001,
      tooLong: true,
    })
  })
})
