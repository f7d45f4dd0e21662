import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/*
 * The scale-out smoke test (npm run test:scale:smoke): the real multi-instance stack of `npm run stack:scale`
 * (PostgreSQL, s3rver, two built servers, haproxy), so not part of the default `vitest run` (whose projects
 * include only test/api, test/unit and test/desktop).
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    environment: 'node',
    include: ['test/scale/**/*.test.ts'],
    testTimeout: 60_000,
    // Starting the stack: PostgreSQL, then the first instance migrates and seeds, then the second.
    hookTimeout: 240_000,
    fileParallelism: false,
  },
})
