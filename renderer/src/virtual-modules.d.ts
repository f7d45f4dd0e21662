/** Provided by pwa/shell-plugin.ts: the PWA shell on the web, an empty shell on desktop. */
declare module 'virtual:app-shell' {
  export function startShell(options?: { serviceWorker?: boolean }): void
}
