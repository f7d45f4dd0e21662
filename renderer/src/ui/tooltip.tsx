// biome-ignore lint/style/noRestrictedImports: the one place Radix Themes' Tooltip is wrapped with its provider.
import { Tooltip as ThemesTooltip } from '@radix-ui/themes'
import { Slot, Tooltip as TooltipPrimitive } from 'radix-ui'
import { type ComponentProps, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

/** Radix Themes' own delay (its Theme sets it on the provider it would otherwise render). */
const TOOLTIP_DELAY_MS = 200

type TooltipProps = ComponentProps<typeof ThemesTooltip>

/**
 * Radix Themes' Tooltip with its own provider. The web and desktop builds take the tooltip provider out
 * of Radix's `Theme` (pwa/radix-theme-tooltip.ts), which would otherwise pull the whole tooltip, popper
 * and floating-ui code into the first load although no first-paint screen shows a tooltip. Every tooltip
 * is in a lazily loaded screen or dialog and comes from here (lint forbids Radix Themes' Tooltip elsewhere).
 *
 * The tooltip itself is set up the first time a mouse or pen comes over its trigger or the keyboard
 * focuses it: until then the trigger is rendered alone. A Radix tooltip updates its state from its mount
 * (its anchor, its presence), which React applies inside the commit that mounts it, so a screen of icon
 * buttons rendered the screen a second time in its first commit's task (issue #27: the talk screen has
 * nine; the first visit's long task). A touch shows no tooltip, as with Radix's own.
 */
export function Tooltip({ children, ...props }: TooltipProps) {
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null)
  const trigger = useRef<HTMLElement>(null)
  const pointerInside = useRef(false)

  useEffect(() => {
    const element = trigger.current
    if (!armed || !element) return
    // The trigger is a new element now: what the old one was given, the tooltip's trigger gets again.
    if (armed === 'focus') element.focus()
    else if (pointerInside.current)
      element.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
  }, [armed])

  if (!armed) {
    return (
      <Slot.Root
        ref={trigger}
        onPointerEnter={(event) => {
          pointerInside.current = true
          // At once: the trigger is a new element after this, and a click that follows the pointer in
          // (a quick one, or a test's) must press and release the same one.
          if (event.pointerType !== 'touch') flushSync(() => setArmed('pointer'))
        }}
        onPointerLeave={() => {
          pointerInside.current = false
        }}
        onFocus={(event) => {
          // A keyboard's focus; a click's is preceded by the pointer coming over it.
          if (focusVisible(event.currentTarget)) flushSync(() => setArmed('focus'))
        }}
      >
        {children}
      </Slot.Root>
    )
  }
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <ThemesTooltip {...props}>
        <Slot.Root
          ref={trigger}
          onPointerLeave={() => {
            pointerInside.current = false
          }}
        >
          {children}
        </Slot.Root>
      </ThemesTooltip>
    </TooltipPrimitive.Provider>
  )
}

/** Whether `element`'s focus shows (the keyboard's); false where the browser cannot tell. */
function focusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return false
  }
}
