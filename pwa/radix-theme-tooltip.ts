import type { Plugin } from 'vite'

/** Radix Themes' Theme component, the one module whose `radix-ui` import this plugin answers. */
const THEME_MODULE = /[\\/]@radix-ui[\\/]themes[\\/]dist[\\/]esm[\\/]components[\\/]theme\.js$/
const SHIM_ID = '\0likeness-radix-theme-primitives'

/**
 * Radix Themes' `Theme` wraps the app in Radix's tooltip provider, and importing it brings the whole
 * tooltip with popper, floating-ui, dismissable layer and presence (about 17 KB gzip) into the first load,
 * although no first-paint screen shows a tooltip. Here `Theme` gets the real Direction and Slot and a
 * tooltip provider that only renders its children; each tooltip brings its own provider instead
 * (renderer/src/ui/tooltip.tsx, in the lazily loaded chunks). If a later Radix Themes imports more from
 * `radix-ui` in theme.js, the build fails on the missing export rather than silently changing.
 * Shared by the web build (pwa/vite.config.ts) and the desktop build (electron.vite.config.ts).
 */
export function radixThemeWithoutTooltipProvider(): Plugin {
  return {
    name: 'likeness-radix-theme-without-tooltip-provider',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'radix-ui' && importer && THEME_MODULE.test(importer)) return SHIM_ID
      return null
    },
    load(id) {
      if (id !== SHIM_ID) return null
      return [
        "export { Direction, Slot } from 'radix-ui'",
        'export const Tooltip = { Provider: ({ children }) => children }',
        '',
      ].join('\n')
    },
  }
}
