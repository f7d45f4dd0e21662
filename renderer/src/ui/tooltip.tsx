// biome-ignore lint/style/noRestrictedImports: the one place Radix Themes' Tooltip is wrapped with its provider.
import { Tooltip as ThemesTooltip } from '@radix-ui/themes'
import { Tooltip as TooltipPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'

/** Radix Themes' own delay (its Theme sets it on the provider it would otherwise render). */
const TOOLTIP_DELAY_MS = 200

/**
 * Radix Themes' Tooltip with its own provider. The web and desktop builds take the tooltip provider out
 * of Radix's `Theme` (pwa/radix-theme-tooltip.ts), which would otherwise pull the whole tooltip, popper
 * and floating-ui code into the first load although no first-paint screen shows a tooltip. Every tooltip
 * is in a lazily loaded screen or dialog and comes from here (lint forbids Radix Themes' Tooltip elsewhere).
 */
export function Tooltip(props: ComponentProps<typeof ThemesTooltip>) {
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <ThemesTooltip {...props} />
    </TooltipPrimitive.Provider>
  )
}
