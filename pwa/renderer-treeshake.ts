/**
 * The renderer's own modules have no import-time side effects that matter when none of their exports is
 * used (CSS files are not matched: they stay side-effectful). Saying so lets the bundler drop what a
 * feature's index.ts re-exports but a chunk never uses, so importing a feature through its index costs a
 * screen nothing it does not render (npm run bench:size). main.tsx, the entry, keeps its side effects.
 * Shared by the web build (pwa/vite.config.ts) and the desktop build (electron.vite.config.ts).
 */
const RENDERER_MODULE = /[\\/]renderer[\\/]src[\\/].+\.tsx?$/
const ENTRY = /[\\/]renderer[\\/]src[\\/]main\.tsx$/

export const rendererModuleSideEffects = (id: string): boolean => !RENDERER_MODULE.test(id) || ENTRY.test(id)
