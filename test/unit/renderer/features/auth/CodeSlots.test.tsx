// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CodeSlots } from '../../../../../renderer/src/features/auth/CodeSlots'
import { emptySlots } from '../../../../../renderer/src/features/auth/code-slots'

afterEach(cleanup)

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [slots, setSlots] = useState(emptySlots)
  return <CodeSlots slots={slots} onChange={setSlots} onComplete={onComplete} autoFocus />
}

const slot = (n: number) => screen.getByLabelText(`Character ${n} of 6`) as HTMLInputElement
const values = () => [1, 2, 3, 4, 5, 6].map((n) => slot(n).value).join('')

describe('<CodeSlots>', () => {
  it('shows six labelled slots in a named group and focuses the first', () => {
    render(<Harness onComplete={() => {}} />)
    expect(screen.getByRole('group', { name: 'Six-digit code' })).toBeTruthy()
    expect(screen.getAllByRole('textbox')).toHaveLength(6)
    expect(document.activeElement).toBe(slot(1))
    expect(slot(1).getAttribute('autocomplete')).toBe('one-time-code')
  })

  it('moves to the next slot as characters are typed and reports the complete code', () => {
    const onComplete = vi.fn()
    render(<Harness onComplete={onComplete} />)
    for (const [i, c] of [...'12345'].entries()) fireEvent.change(slot(i + 1), { target: { value: c } })
    expect(values()).toBe('12345')
    expect(document.activeElement).toBe(slot(6))
    expect(onComplete).not.toHaveBeenCalled()
    fireEvent.change(slot(6), { target: { value: '6' } })
    expect(onComplete).toHaveBeenCalledWith('123456')
  })

  it('fills all slots from a pasted code with a dash', () => {
    const onComplete = vi.fn()
    render(<Harness onComplete={onComplete} />)
    act(() => {
      fireEvent.paste(slot(1), { clipboardData: { getData: () => '123-456' } })
    })
    expect(values()).toBe('123456')
    expect(onComplete).toHaveBeenCalledWith('123456')
  })

  it('goes back to the previous slot on Backspace in an empty one', () => {
    render(<Harness onComplete={() => {}} />)
    fireEvent.change(slot(1), { target: { value: '7' } })
    fireEvent.change(slot(2), { target: { value: '8' } })
    expect(document.activeElement).toBe(slot(3))
    fireEvent.keyDown(slot(3), { key: 'Backspace' })
    expect(values()).toBe('7')
    expect(document.activeElement).toBe(slot(2))
  })

  it('replaces a filled slot with the newly typed character', () => {
    render(<Harness onComplete={() => {}} />)
    fireEvent.change(slot(1), { target: { value: '1' } })
    fireEvent.change(slot(1), { target: { value: '19' } })
    expect(slot(1).value).toBe('9')
  })

  it('takes a whole code autofilled into the first slot', () => {
    const onComplete = vi.fn()
    render(<Harness onComplete={onComplete} />)
    fireEvent.change(slot(1), { target: { value: '654 321' } })
    expect(values()).toBe('654321')
    expect(onComplete).toHaveBeenCalledWith('654321')
  })
})
