import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { appShell } from './shell-plugin'

const fromHere = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8787}`

/** The web build: the renderer as an installable PWA in dist/web, served by the API server. */
export default defineConfig({
  root: fromHere('../renderer'),
  publicDir: fromHere('../renderer/public'),
  build: {
    outDir: fromHere('../dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    sourcemap: false,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/media': apiTarget, '/dev': apiTarget },
  },
  plugins: [
    react(),
    appShell(fromHere('./src/shell.ts')),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: fromHere('./src'),
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        name: 'Likeness',
        short_name: 'Likeness',
        description: 'Talk with AI clones of creators you follow: chat, call and video.',
        start_url: '/explore',
        scope: '/',
        display: 'standalone',
        theme_color: '#6e56cf',
        background_color: '#ffffff',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
      devOptions: { enabled: false },
    }),
  ],
})
