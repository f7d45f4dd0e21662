import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { chromiumArgs, findChromium } from './test/support/browser'
import { freePort } from './test/support/free-port'

// The config is evaluated again in each worker: choose the port and data folder once, in the runner,
// and hand them down through the environment.
process.env.E2E_PORT ??= String(await freePort())
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'likeness-e2e-'))
// The fake OpenAI-compatible transcription server (test/support/transcription-server.ts) dictation and calls use.
process.env.E2E_STT_PORT ??= String(await freePort())
// Creators' sites for the embed tests (test/support/host-pages.ts): one a configuration allows, one it does not.
process.env.E2E_HOST_PORT ??= String(await freePort())
process.env.E2E_THIRD_PORT ??= String(await freePort())
const port = Number(process.env.E2E_PORT)
const sttPort = Number(process.env.E2E_STT_PORT)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers on two shared cores, each anonymous message solving its bot-check challenge first: 30 s
  // was met by plain journeys (sign in, ask, reload) on a loaded machine. Long journeys set their own.
  timeout: 45_000,
  expect: { timeout: 7_500 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs() },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `node --import tsx test/support/transcription-server.ts --port ${sttPort}`,
      url: `http://127.0.0.1:${sttPort}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      command: `node --import tsx test/support/host-pages.ts --port ${process.env.E2E_HOST_PORT} --port ${process.env.E2E_THIRD_PORT}`,
      url: `http://127.0.0.1:${process.env.E2E_HOST_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
    },
    {
      // The sources through tsx, so a run never tests a stale build; E2E_SERVER=built runs the built server
      // (npm run build:server first), as `npm start` does.
      command:
        process.env.E2E_SERVER === 'built'
          ? 'node --enable-source-maps dist/server/index.mjs'
          : 'node --import tsx server/index.ts',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Slower than a live model on purpose: tests that stop or sample a reply mid-stream need time to act.
        BRAIN_TOKEN_DELAY_MS: '40',
        // Every spec signs in against this one server from one IP, often as the same demo accounts: keep the
        // sign-in code limits out of the way.
        AUTH_CODES_PER_IP: '1000',
        AUTH_CODES_PER_EMAIL: '1000',
        AUTH_CODES_PER_EMAIL_AND_IP: '1000',
        // The same for the request-rate limits of anonymous writes and chat.
        RATE_LIMIT_WRITES: '100000',
        RATE_LIMIT_CHAT: '100000',
        RATE_LIMIT_SPEECH: '100000',
        // The bot check stays on, with less work per challenge: many tests send anonymous messages on two
        // shared cores, where the default work took seconds per message (issue #27).
        BOT_CHECK_HASHES: '2000',
        // Dictation and local calls transcribe through the fake server above.
        TRANSCRIPTION_BASE_URL: `http://127.0.0.1:${sttPort}/v1`,
        TRANSCRIPTION_API_KEY: 'test',
        // The seeded embed configurations may be framed by the creator's site of the embed tests, not the third.
        EMBED_DEMO_ORIGINS: `http://localhost:${process.env.E2E_HOST_PORT}`,
      },
    },
  ],
})
