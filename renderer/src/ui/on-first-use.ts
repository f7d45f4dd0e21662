import { type KeyboardEvent, type MouseEvent, type PointerEvent, useState } from 'react'

/** How the Radix part opens: a dropdown menu on the press (pointerdown), a popover on the click. */
type OpensOn = 'pointerdown' | 'click'

interface FirstUse {
  /** Whether the menu or popover is set up (its Radix root rendered). */
  setUp: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Until then: the handlers for a `Slot` around the bare trigger, which set it up opened. */
  triggerProps: {
    onPointerDown?: (event: PointerEvent) => void
    onKeyDown?: (event: KeyboardEvent) => void
    onClick?: (event: MouseEvent) => void
  }
}

/**
 * A Radix dropdown menu or popover set up the first time its trigger is used, opened by that use. Until
 * then the screen renders the trigger alone. A Radix popper stores its anchor from the trigger's ref and
 * its presence from a layout effect, state that React applies inside the commit that mounts it: a
 * synchronous second render of the whole screen, with every passive effect, in the first load's longest
 * task (issue #27; ui/tooltip.tsx does the same for tooltips). The Radix root is controlled with `open`
 * and `onOpenChange`.
 *
 * The opening gestures are Radix's own: a dropdown menu opens on a primary-button press without Ctrl, or
 * Enter, Space or ArrowDown; a popover on a click (Enter and Space click a button).
 */
export function useOnFirstUse(opensOn: OpensOn): FirstUse {
  const [open, setOpen] = useState<boolean | null>(null)
  const openNow = () => setOpen(true)
  const triggerProps: FirstUse['triggerProps'] =
    opensOn === 'click'
      ? { onClick: openNow }
      : {
          onPointerDown: (event) => {
            if (event.button !== 0 || event.ctrlKey) return
            // As Radix's trigger: the menu, not the trigger, takes the focus.
            event.preventDefault()
            openNow()
          },
          onKeyDown: (event) => {
            if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return
            event.preventDefault()
            openNow()
          },
        }
  return { setUp: open !== null, open: open ?? false, onOpenChange: setOpen, triggerProps }
}
