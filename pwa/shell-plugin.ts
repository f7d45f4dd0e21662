import type { Plugin } from 'vite'

/**
 * The renderer imports `virtual:app-shell` once at start. The web build points it at the PWA shell
 * (service worker registration, update prompt, install hint); the desktop build at an empty shell.
 */
export const SHELL_MODULE_ID = 'virtual:app-shell'

export function appShell(implementationPath: string | null): Plugin {
  const resolved = `\0${SHELL_MODULE_ID}`
  return {
    name: 'likeness-app-shell',
    resolveId(id) {
      if (id !== SHELL_MODULE_ID) return null
      return implementationPath ?? resolved
    },
    load(id) {
      if (id === resolved) return 'export function startShell() {}\n'
      return null
    },
  }
}
