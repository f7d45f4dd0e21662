import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef } from 'react'
import { authStrings } from './auth.strings'
import { completeCode, slotsAfterBackspace, slotsAfterInput } from './code-slots'

export interface CodeSlotsProps {
  slots: readonly string[]
  onChange: (slots: string[]) => void
  /** Called when the last empty slot is filled by typing or pasting. */
  onComplete?: (code: string) => void
  disabled?: boolean
  /** Focus the first empty slot on mount (spec: focus moves to the code). */
  autoFocus?: boolean
  /** Changing it focuses the first empty slot again (after a failed try). */
  focusKey?: number
  invalid?: boolean
  describedBy?: string
}

/**
 * The one-time code as 6 single-character slots (spec 1 §5): typing moves on, Backspace goes back,
 * pasting a whole code fills every slot, dashes and spaces are ignored. Each slot is a labelled input.
 */
export function CodeSlots({
  slots,
  onChange,
  onComplete,
  disabled,
  autoFocus,
  focusKey,
  invalid,
  describedBy,
}: Readonly<CodeSlotsProps>) {
  const inputs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (index: number) => {
    const input = inputs.current[index]
    input?.focus()
    input?.select()
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus when the slots appear and after a failed try only.
  useEffect(() => {
    if (!autoFocus) return
    const firstEmpty = slots.findIndex((s) => !s)
    focus(firstEmpty === -1 ? 0 : firstEmpty)
  }, [autoFocus, focusKey])

  const apply = (next: { slots: string[]; focus: number }) => {
    onChange(next.slots)
    focus(next.focus)
    const code = completeCode(next.slots)
    if (code && !completeCode(slots)) onComplete?.(code)
  }

  const onInput = (index: number, value: string) => {
    const old = slots[index] ?? ''
    // Typing over a filled slot gives old+new (or new+old): keep the new character.
    const typed =
      old && value.length === 2 ? (value.startsWith(old) ? value.slice(1) : value.slice(0, 1)) : value
    if (typed === '') {
      const next = [...slots]
      next[index] = ''
      onChange(next)
      return
    }
    apply(slotsAfterInput(slots, index, typed))
  }

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault()
      const next = slotsAfterBackspace(slots, index)
      onChange(next.slots)
      focus(next.focus)
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault()
      focus(index - 1)
    } else if (event.key === 'ArrowRight' && index < slots.length - 1) {
      event.preventDefault()
      focus(index + 1)
    }
  }

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault()
    apply(slotsAfterInput(slots, index, event.clipboardData.getData('text')))
  }

  return (
    <fieldset className="code-slots" aria-describedby={describedBy} disabled={disabled}>
      <legend className="visually-hidden">{authStrings.codeGroupLabel}</legend>
      {slots.map((value, index) => (
        <input
          key={index}
          ref={(el) => {
            inputs.current[index] = el
          }}
          className="code-slots__slot"
          value={value}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.target.select()}
          aria-label={authStrings.codeSlotLabel(index + 1, slots.length)}
          aria-invalid={invalid || undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoCapitalize="characters"
          spellCheck={false}
        />
      ))}
    </fieldset>
  )
}
