import { describe, expect, it } from 'vitest'
import { truncateProductName } from '../../../../../renderer/src/features/chat/product'
import {
  bulletize,
  promptHeight,
  promptKeyAction,
  promptMaxHeight,
  promptRightButton,
} from '../../../../../renderer/src/features/chat/prompt'

describe('prompt keys (spec 1 §5 Messages)', () => {
  it('Enter sends', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: false }, false)).toBe('send')
  })
  it('Shift+Enter adds a line', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: true }, false)).toBe('default')
    expect(promptKeyAction({ key: 'Enter', shiftKey: true }, true)).toBe('default')
  })
  it('Enter is ignored while a response is pending', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: false }, true)).toBe('ignore')
  })
  it('Enter during IME composition never sends', () => {
    expect(promptKeyAction({ key: 'Enter', shiftKey: false, isComposing: true }, false)).toBe('default')
  })
  it('other keys keep their behaviour', () => {
    expect(promptKeyAction({ key: 'a', shiftKey: false }, false)).toBe('default')
  })
})

describe('bullet conversion', () => {
  it('turns a line starting with "- " into a bullet', () => {
    expect(bulletize('- ')).toBe('• ')
    expect(bulletize('Tips:\n- coffee\n- light')).toBe('Tips:\n• coffee\n• light')
  })
  it('leaves dashes elsewhere alone', () => {
    expect(bulletize('a - b')).toBe('a - b')
    expect(bulletize('-no space')).toBe('-no space')
    expect(bulletize(' - indented')).toBe(' - indented')
  })
  it('keeps the length, so the caret does not move', () => {
    const text = 'x\n- y'
    expect(bulletize(text)).toHaveLength(text.length)
  })
})

describe('right prompt button (spec 1 §4)', () => {
  it('is Stop while pending, Send with a draft, mic otherwise', () => {
    expect(promptRightButton(true, 'draft')).toBe('stop')
    expect(promptRightButton(true, '')).toBe('stop')
    expect(promptRightButton(false, 'draft')).toBe('send')
    expect(promptRightButton(false, '   ')).toBe('mic')
  })
  it('is send while a capture is in progress, even with an empty field (spec 1 §4)', () => {
    expect(promptRightButton(false, '', false, false, true)).toBe('send')
    expect(promptRightButton(true, '', false, false, true)).toBe('stop')
  })
})

describe('prompt height (spec 1 §9)', () => {
  it('is 52 px at least and 120 px at most up to 640 px wide, else 210 px', () => {
    expect(promptMaxHeight(640)).toBe(120)
    expect(promptMaxHeight(641)).toBe(210)
    expect(promptHeight(20, 1024)).toBe(52)
    expect(promptHeight(90, 360)).toBe(90)
    expect(promptHeight(500, 360)).toBe(120)
    expect(promptHeight(500, 1280)).toBe(210)
  })
})

describe('truncateProductName (spec 1 §9)', () => {
  it('keeps names of 30 characters or fewer', () => {
    expect(truncateProductName('CoolCore Topper')).toBe('CoolCore Topper')
    expect(truncateProductName('x'.repeat(30))).toBe('x'.repeat(30))
  })
  it('cuts names over 30 characters to 40 and adds "..."', () => {
    expect(truncateProductName('x'.repeat(31))).toBe(`${'x'.repeat(31)}...`)
    expect(truncateProductName('Hart Lab Magnesium Glycinate (200 mg) Extra Strength')).toBe(
      'Hart Lab Magnesium Glycinate (200 mg) Ex...',
    )
  })
})
