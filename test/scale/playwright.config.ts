import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import base from '../../playwright.config'

/*
 * `npm run test:scale` (issue #24): the product's main journeys in Chromium through the proxy of the
 * multi-instance stack (test/scale/global-setup.ts), every request going to the next of two servers over one
 * PostgreSQL and one bucket: sign-in, chat with citations, a PDF attachment read and cited, history and
 * sharing, a studio document read and answered from, an embed conversation with capture, the paywall and a local
 * checkout, billing, a voice call.
 * Then one server is killed mid-answer (test/scale/kill-mid-answer.spec.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const [transcription, hostPages] = Array.isArray(base.webServer) ? base.webServer : []

export default defineConfig({
  ...base,
  testDir: '../..',
  outputDir: '../../test-results/scale',
  // The transcription server and the creators' sites of the end-to-end suite, run from the project's root.
  webServer: [transcription!, hostPages!].map((server) => ({ ...server, cwd: root })),
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  projects: [
    {
      name: 'journeys',
      testMatch:
        /test\/e2e\/(auth|chat|attachments-read|history|studio-one-document|embed-smoke|embed|paywall|billing|voice-call)\.spec\.ts$/,
      use: base.projects?.[0]?.use,
    },
    {
      name: 'kill',
      testMatch: /test\/scale\/kill-mid-answer\.spec\.ts$/,
      dependencies: ['journeys'],
      use: base.projects?.[0]?.use,
    },
  ],
})
