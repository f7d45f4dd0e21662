import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/api/**/*.test.ts', 'test/desktop/**/*.test.ts'],
    environment: 'node',
    // One migrated and seeded PGlite is made per run and copied into each API test file (test/setup/global-db.ts).
    globalSetup: ['test/setup/global-db.ts'],
    // Renderer tests (happy-dom) wait up to 5 s for a condition (test/setup/dom-waits.ts).
    setupFiles: ['test/setup/dom-waits.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
