import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { compiledMessages, localeChunkFileNames } from './pwa/i18n-plugin'
import { radixThemesCss } from './pwa/radix-css'
import { radixThemeWithoutTooltipProvider } from './pwa/radix-theme-tooltip'
import { rendererModuleSideEffects } from './pwa/renderer-treeshake'
import { appShell } from './pwa/shell-plugin'

const fromHere = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const pkg = JSON.parse(readFileSync(fromHere('package.json'), 'utf8')) as {
  version: string
  description: string
}

/**
 * out/ is the packaged app's folder (electron-builder's `directories.app`): it gets a package.json of its
 * own, with no dependencies, so the installers carry only the bundled main, preload and renderer and none
 * of the server's node_modules.
 */
function appPackageJson(): Plugin {
  return {
    name: 'likeness-app-package-json',
    apply: 'build',
    closeBundle() {
      const appPackage = {
        name: 'likeness',
        productName: 'Likeness',
        version: pkg.version,
        description: pkg.description,
        author: { name: 'Likeness', email: 'desktop@likeness.test' },
        homepage: 'https://likeness.test',
        license: 'UNLICENSED',
        type: 'module',
        main: 'main/index.js',
      }
      writeFileSync(fromHere('out/package.json'), `${JSON.stringify(appPackage, null, 2)}\n`)
    },
  }
}

/** The desktop build of main, preload and the same renderer, to out/. */
export default defineConfig({
  main: {
    plugins: [appPackageJson()],
    build: {
      outDir: fromHere('out/main'),
      // Bundle zod and the contract into main: the packaged app ships no node_modules.
      externalizeDeps: false,
      rollupOptions: { input: { index: fromHere('main/index.ts') }, external: ['electron'] },
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
    plugins: [
      compiledMessages(),
      react(),
      radixThemeWithoutTooltipProvider(),
      radixThemesCss(),
      appShell(null),
    ],
    build: {
      outDir: fromHere('out/renderer'),
      target: 'es2022',
      minify: true,
      rollupOptions: {
        input: { index: fromHere('renderer/index.html') },
        output: { chunkFileNames: localeChunkFileNames },
        treeshake: { moduleSideEffects: rendererModuleSideEffects },
      },
    },
  },
})
