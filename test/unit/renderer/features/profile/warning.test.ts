import { describe, expect, it } from 'vitest'
import {
  acknowledgeWarning,
  isWarningAcknowledged,
  warningTextFor,
} from '../../../../../renderer/src/features/profile/warning'

describe('clone warning', () => {
  it('uses the custom text, the generic text, or none', () => {
    expect(warningTextFor({ warning: true, customWarning: 'Not advice.' })).toBe('Not advice.')
    expect(warningTextFor({ warning: true, customWarning: null })).toBe(
      'This is an AI clone. Answers may be inaccurate.',
    )
    expect(warningTextFor({ warning: true, customWarning: '  ' })).toBe(
      'This is an AI clone. Answers may be inaccurate.',
    )
    expect(warningTextFor({ warning: false, customWarning: 'Not advice.' })).toBeNull()
  })

  it('stays acknowledged only for the same text of the same clone', () => {
    const acknowledged = acknowledgeWarning({ other: 'x' }, 'lena-hart', 'Not advice.')
    expect(acknowledged).toEqual({ other: 'x', 'lena-hart': 'Not advice.' })
    expect(isWarningAcknowledged(acknowledged, 'lena-hart', 'Not advice.')).toBe(true)
    expect(isWarningAcknowledged(acknowledged, 'lena-hart', 'New text.')).toBe(false)
    expect(isWarningAcknowledged(acknowledged, 'tomas-rivera', 'Not advice.')).toBe(false)
    expect(isWarningAcknowledged(undefined, 'lena-hart', 'Not advice.')).toBe(false)
  })
})
