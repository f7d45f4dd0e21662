import { LOGIN_CODE_LENGTH } from '../../../../contract/auth'

/** The code's characters as typed: dashes, spaces and anything but letters and digits are ignored. */
export const codeCharacters = (text: string): string[] => [...text.replace(/[^A-Za-z0-9]/g, '')]

export const emptySlots = (length = LOGIN_CODE_LENGTH): string[] => Array.from({ length }, () => '')

export interface SlotsChange {
  slots: string[]
  /** The slot that should have focus next. */
  focus: number
}

/**
 * Text typed or pasted into slot `index`. One character fills the slot and moves on; several (a paste,
 * an autofilled code) fill from that slot onward, and a whole code pasted anywhere fills every slot.
 */
export function slotsAfterInput(slots: readonly string[], index: number, text: string): SlotsChange {
  const chars = codeCharacters(text)
  const next = [...slots]
  const last = slots.length - 1
  if (chars.length === 0) return { slots: next, focus: index }
  const start = chars.length >= slots.length ? 0 : index
  const taken = chars.slice(0, slots.length - start)
  taken.forEach((c, i) => {
    next[start + i] = c
  })
  return { slots: next, focus: Math.min(start + taken.length, last) }
}

/** Backspace in slot `index`: clears it, or, when it is already empty, clears the one before and goes there. */
export function slotsAfterBackspace(slots: readonly string[], index: number): SlotsChange {
  const next = [...slots]
  if (next[index]) {
    next[index] = ''
    return { slots: next, focus: index }
  }
  const previous = Math.max(index - 1, 0)
  next[previous] = ''
  return { slots: next, focus: previous }
}

/** The code once every slot holds a character, else null (spec 1 §5: exactly 6 characters). */
export const completeCode = (slots: readonly string[]): string | null =>
  slots.every((s) => s.length === 1) ? slots.join('') : null
