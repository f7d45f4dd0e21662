import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import { appShell } from './pwa/shell-plugin'

const fromHere = (p: string) => fileURLToPath(new URL(p, import.meta.url))

/** The desktop build: main, preload and the same renderer, to out/. */
export default defineConfig({
  main: {
    build: {
      outDir: fromHere('out/main'),
      rollupOptions: { input: { index: fromHere('main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: fromHere('out/preload'),
      // A sandboxed preload must be one CommonJS file with nothing left to require.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: fromHere('preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: fromHere('renderer'),
    publicDir: fromHere('renderer/public'),
    plugins: [react(), appShell(null)],
    build: {
      outDir: fromHere('out/renderer'),
      target: 'es2022',
      minify: true,
      rollupOptions: { input: { index: fromHere('renderer/index.html') } },
    },
  },
})
