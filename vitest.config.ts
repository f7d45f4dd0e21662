import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    environment: 'node',
    // Renderer tests (happy-dom) wait up to 5 s for a condition (test/setup/dom-waits.ts).
    setupFiles: ['test/setup/dom-waits.ts', 'test/setup/messages.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker fewer than the cores, as vitest's default, but at least two: the main process is mostly idle,
    // and one worker would leave one of 2 cores unused.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    deps: {
      // Radix Themes is one index importing ~150 modules and dozens of packages; as one pre-bundled file it
      // loads faster in each isolated test file that renders the app.
      optimizer: {
        client: { enabled: true, include: ['@radix-ui/themes'] },
        ssr: { enabled: true, include: ['@radix-ui/themes'] },
      },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [
            'test/api/**/*.test.ts',
            'test/unit/server/**/*.test.ts',
            'test/unit/contract/**/*.test.ts',
          ],
          // One migrated and seeded PGlite is made per run (test/setup/global-db.ts); each test app gets a copy
          // of it, reset to that state when a worker reuses one (test/api/seeded-db.ts).
          globalSetup: ['test/setup/global-lexicon.ts', 'test/setup/global-db.ts'],
          // The files of a worker run one after another in one process and share its modules and its database
          // copies, so Fastify, drizzle and PGlite load once per worker, not once per file. Safe because the
          // server keeps no state in its modules (each test app is built afresh); stubs are undone after each
          // test, and test/setup/shared-worker.ts fails a file that mocks modules or leaves a fake clock on.
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          setupFiles: ['test/setup/shared-worker.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The renderer (module-level stores, happy-dom), the PWA, the tooling and the desktop main process
          // (electron mocked with vi.mock): each file in its own process.
          name: 'isolated',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/desktop/**/*.test.ts'],
          // A framed page (the embeds page's live preview) is never loaded: unit tests have no server.
          environmentOptions: {
            happyDOM: {
              settings: { disableIframePageLoading: true },
            },
          },
          exclude: ['test/unit/server/**', 'test/unit/contract/**'],
        },
      },
    ],
  },
})
