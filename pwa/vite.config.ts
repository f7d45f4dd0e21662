import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { EMBED_SNIPPET_FILE, embedSnippet } from './embed-plugin'
import { compiledMessages, localeChunkFileNames } from './i18n-plugin'
import { precompress } from './precompress-plugin'
import { radixThemesCss } from './radix-css'
import { radixThemeWithoutTooltipProvider } from './radix-theme-tooltip'
import { rendererModuleSideEffects } from './renderer-treeshake'
import { appShell } from './shell-plugin'

const fromHere = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 8787}`
const { version } = JSON.parse(readFileSync(fromHere('../package.json'), 'utf8')) as { version: string }

/** Shown as <html data-build>; the update test builds twice with two ids. */
const buildId = process.env.LIKENESS_BUILD_ID?.trim() || version
/** Where the build goes (dist/web unless WEB_OUT_DIR says otherwise, e.g. for the update test). */
const outDir = process.env.WEB_OUT_DIR ? path.resolve(process.env.WEB_OUT_DIR) : fromHere('../dist/web')

const THEME_COLOUR = '#6e56cf'

/**
 * The call screens' chunk (spec 2 §2): the calls' shared spine (features/calls), the voice and video calls'
 * own modules (screens, machines, stores, strings; the engines excepted), the video contract and client,
 * the camera, and the share helpers only they load. One chunk for both routes, so the first load's preload
 * map names one chunk for them rather than one per screen and per module they share (npm run bench:size).
 */
const CALL_MODULES =
  /[\\/]renderer[\\/]src[\\/](features[\\/](calls[\\/]|voice[\\/](?!vapi[\\/]|local[\\/])|video[\\/](?!avatar[\\/]|daily[\\/])|share[\\/]index\.ts$)|api[\\/]video\.ts$|platform[\\/](camera|platform\.strings)\.ts$)|[\\/]contract[\\/]video\.ts$/
/**
 * What the calls and dictation share (the language table, the voice contract and client): one chunk, as
 * before the video call read the language table too.
 */
const CALL_COMMON_MODULES = /[\\/](contract[\\/](languages|calls)|renderer[\\/]src[\\/]api[\\/]voice)\.ts$/
/** The profile's lazy Call and Video quota check (spec 2 §8) and the quota rules it shares with the calls. */
const CALL_QUOTA_MODULES =
  /[\\/]renderer[\\/]src[\\/](features[\\/]profile[\\/]CallQuotaCheck\.tsx|lib[\\/](voice|video)-quota\.ts)$/
/** Daily's call object: under Vapi's SDK (voice) and the Tavus video engine, one chunk shared by both. */
const DAILY_MODULES = /[\\/]node_modules[\\/]@daily-co[\\/]daily-js[\\/]/
const PHONE_MODULES = /[\\/]node_modules[\\/]libphonenumber-js[\\/]/
/**
 * The Sentry browser SDK (issue #27 failure reporting): loaded only when the server names a DSN, after the
 * first paint (renderer/src/lib/failure-reporting.ts). Daily's own copy stays in Daily's chunk.
 */
const FAILURE_REPORTING_MODULES =
  /^(?!.*@daily-co).*[\\/]node_modules[\\/]@sentry[\\/]|[\\/]lib[\\/]failure-reporting\.sentry\.ts$/
/**
 * The creator studio's pages (issue #16 and the creator pages before it): one chunk, loaded by the first studio
 * page a creator opens, and never precached (below): visitors never load it, and the studio needs the server.
 * Each feature's index.ts stays out: the router imports it to name the lazy screens.
 */
const STUDIO_MODULES =
  /[\\/]renderer[\\/]src[\\/](features[\\/](studio|studio-[a-z-]+|leads|embed-studio|announcements)[\\/](?!index\.ts$)|api[\\/]studio(-[a-z-]+)?\.ts$)|[\\/]contract[\\/]studio(-[a-z-]+)?\.ts$/
/**
 * The root layout's dialog hosts and the shell's notices (app/RootLayout.tsx): loaded together right after the
 * first render, so one chunk rather than nine small ones. Only the hosts: each dialog keeps its own chunk.
 */
const DIALOG_HOST_MODULES =
  /[\\/]renderer[\\/]src[\\/]features[\\/](shell[\\/]ShellNotices|actions[\\/]ActionDialogs|auth[\\/]SignInDialogHost|billing[\\/]CheckoutReturnHost|command-bar[\\/]CommandBarDialogs|history[\\/]HistoryDialogHost|paywall[\\/]PaywallDialogHost|share[\\/]ShareDialogHost|staff-toolbar[\\/]StaffToolbarHost)\.tsx$/
/** Dictation's own modules, all loaded by the first press of a prompt's mic. */
const DICTATION_MODULES = /[\\/]renderer[\\/]src[\\/]features[\\/]dictation[\\/]/

/** The web build: the renderer as an installable PWA in dist/web, served by the API server. */
export default defineConfig({
  root: fromHere('../renderer'),
  publicDir: fromHere('../renderer/public'),
  define: { __LIKENESS_BUILD_ID__: JSON.stringify(buildId) },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      treeshake: { moduleSideEffects: rendererModuleSideEffects },
      // Everything the first load needs ('$initial': the entry's static imports, all the way down) in the
      // entry chunk: one request, and gzip compresses the whole better than thirty small pieces. Every
      // dependency of an initial module is initial too, so nothing it needs is left in another chunk.
      // Lazy screens keep their own chunks.
      output: {
        // A language's catalog is its own chunk, 'assets/locale-<code>-<hash>.js', loaded by a visitor of that
        // language only: never in the first load or the precache (below).
        chunkFileNames: localeChunkFileNames,
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], includeDependenciesRecursively: false },
            // Each lazy chunk's hashed name sits in the entry's preload map, so a feature loaded as a whole
            // (spec 2: a call's screens, dictation once its mic is pressed) is one chunk, not eight. Only
            // its own modules: what it shares with other lazy screens stays shared. Vapi's SDK (and its
            // engine) and the local engine keep their chunks, loaded when a call of that kind starts.
            { name: 'calls', test: CALL_MODULES, includeDependenciesRecursively: false },
            { name: 'call-common', test: CALL_COMMON_MODULES, includeDependenciesRecursively: false },
            { name: 'dictation', test: DICTATION_MODULES, includeDependenciesRecursively: false },
            { name: 'dialog-hosts', test: DIALOG_HOST_MODULES, includeDependenciesRecursively: false },
            { name: 'call-quota', test: CALL_QUOTA_MODULES, includeDependenciesRecursively: false },
            // Named, so the precache can leave it out (below) whichever engine first imports it.
            { name: 'daily', test: DAILY_MODULES, includeDependenciesRecursively: false },
            // libphonenumber-js (about 120 KB), shared by the profile's formatter and contract/phone.ts (capture,
            // 'Get a Text'): named, so the precache leaves it out (below) whoever imports it first.
            { name: 'phone', test: PHONE_MODULES, includeDependenciesRecursively: false },
            // Named, so the precache leaves it out (below): reports need the network anyway.
            {
              name: 'failure-reporting',
              test: FAILURE_REPORTING_MODULES,
              includeDependenciesRecursively: false,
            },
            { name: 'studio', test: STUDIO_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/media': apiTarget, '/dev': apiTarget },
  },
  plugins: [
    compiledMessages(),
    react(),
    radixThemeWithoutTooltipProvider(),
    radixThemesCss(),
    appShell(fromHere('./src/shell.ts')),
    // /embed.js, the snippet creators paste into their sites (issue #14).
    embedSnippet(fromHere('./embed/embed.ts')),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: fromHere('./src'),
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // Precaching follows globPatterns below alone: favicon.svg once, the PNG icons not at all.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Likeness',
        short_name: 'Likeness',
        description: 'Talk with AI clones of creators you follow: chat, call and video.',
        start_url: '/explore',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        lang: 'en',
        dir: 'ltr',
        categories: ['social', 'education', 'entertainment'],
        // Generated from pwa/icons/source.svg by scripts/generate-icons.ts.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        // Captured by scripts/capture-screenshots.ts; Chromium shows them in its richer install dialog.
        screenshots: [
          {
            src: '/screenshots/narrow.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'A clone’s profile with suggested questions',
          },
          {
            src: '/screenshots/wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'A clone’s profile on a wide screen',
          },
        ],
      },
      injectManifest: {
        // The shell, every hashed chunk (lazy routes too, so they open offline), the offline page and the
        // favicons. The PNG icons and the screenshots are for installing (the browser fetches them itself
        // then): not precached, and cached as images if a page shows one (npm run bench:size). The phone
        // number formatter (libphonenumber-js, about 120 KB) only changes how a number looks: offline the profile
        // shows the number as given (features/profile/use-formatted-phone.ts). Vapi's SDK (about 70 KB)
        // only serves a call held by Vapi's servers, which cannot happen offline; nor does Daily's call object
        // under it (its own chunk, about 245 KB, shared with the Tavus video engine) or that engine. The creator
        // studio's chunk is for creators online only.
        globPatterns: ['**/*.{js,css,html,svg,woff2,ico}'],
        // The embed snippet runs on other sites' pages, never in the app: not precached.
        globIgnores: [
          EMBED_SNIPPET_FILE,
          'screenshots/**',
          'icons/**',
          'assets/phone-*.js',
          'assets/vapi-*.js',
          'assets/daily-*.js',
          'assets/studio-*.js',
          'assets/studio-*.css',
          // The studio's Embeds and Knowledge screens: each imports the studio's chunk above, so offline they
          // could not run anyway (npm run bench:size).
          'assets/EmbedsScreen-*.js',
          'assets/KnowledgeScreen-*.js',
          // The desktop app's own: its platform (and the desktop contract it shares with the studio's chunk)
          // and its call window's host. The desktop app runs its own renderer build (out/renderer, with no
          // service worker): the web app never loads these.
          'assets/desktop-*.js',
          'assets/DesktopCallHost-*.js',
          'assets/DesktopCallHost-*.css',
          // An embed's own chunks (its bridge, bubble buttons and address rewrite): an embed page registers no
          // service worker, is never answered by one, and its host page is online.
          'assets/EmbedBridge-*.js',
          'assets/EmbedCloseButton-*.js',
          'assets/EmbedExpandButton-*.js',
          'assets/embed-rewrite-*.js',
          // The Sentry SDK, with a DSN only: what it sends needs the network.
          'assets/failure-reporting*.js',
          // The catalogs of the 31 languages besides English (the tables' own): each visitor's service worker
          // keeps the one its language loaded (pwa/src/sw.ts).
          'assets/locale-*.js',
        ],
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli and gzip copies of every text file (sw.js too) beside it, served as they are.
    precompress(),
  ],
})
