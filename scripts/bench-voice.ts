/**
 * Local call latency benchmark (npm run bench:voice): how long after the visitor stops speaking the clone's
 * first words play, on embedded defaults. It starts the server (built if dist/server exists, else tsx) on a
 * free port with the test transcription server (test/support/transcription-server.ts) as its transcription
 * endpoint, and a Chromium whose fake microphone says an eSpeak NG question, then long silence, in a loop
 * (test/support/speech-wav.ts). A call on /lena-hart/call hears each question; the page's performance marks
 * (renderer/src/features/voice/local/local-engine.deps.ts VOICE_MARKS) time every turn:
 *
 *   voice:user-speech-end   the engine decided the utterance ended (1 s of silence after the last word)
 *   voice:transcribed       the transcription came back (here a local fake: no remote provider's time)
 *   voice:first-audio       the first sentence of the answer starts playing
 *
 * Printed: median and p90 of user-speech-end -> first-audio (goal under 1.5 s), and of the part after
 * transcription. The 1 s end-of-speech wait (spec 2 §4) comes before the first mark and is not counted.
 *
 *   npm run bench:voice             5 turns
 *   TURNS=10 npm run bench:voice    more; --build builds the web app first (also done when dist/web is missing)
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import { chromiumArgs, findChromium } from '../test/support/browser'
import { speechWav } from '../test/support/speech-wav'
import { startTranscriptionServer } from '../test/support/transcription-server'
import { defaultServerCommand, type RunningServer, startServer } from './support/server-process'

const TURNS = Number(process.env.TURNS ?? 5)
const SLUG = 'lena-hart'
const QUESTION = 'How much sleep do I need?'
/** Silence after each question: room for the answer's first sentences before the question comes again. */
const GAP_SECONDS = 9

interface Turn {
  endToFirstAudio: number
  afterTranscription: number
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}
const ms = (value: number) => `${Math.round(value)} ms`

/** Pairs each utterance end with the first audio after it (and before the next utterance end). */
const TURNS_IN_PAGE = `(() => {
  const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith('voice:'))
  const turns = []
  for (let i = 0; i < marks.length; i++) {
    if (marks[i].name !== 'voice:user-speech-end') continue
    let transcribed = null
    for (let j = i + 1; j < marks.length && marks[j].name !== 'voice:user-speech-end'; j++) {
      if (marks[j].name === 'voice:transcribed') transcribed = marks[j].startTime
      if (marks[j].name === 'voice:first-audio') {
        turns.push({
          endToFirstAudio: marks[j].startTime - marks[i].startTime,
          afterTranscription: marks[j].startTime - (transcribed ?? marks[i].startTime),
        })
        break
      }
    }
  }
  return turns
})()`

if (!existsSync('dist/web/index.html') || process.argv.includes('--build')) {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'pwa/vite.config.ts'],
    {
      stdio: 'inherit',
    },
  )
}

process.env.TEST_TRANSCRIPT = QUESTION
const wav = await speechWav(QUESTION, { trailingSilence: GAP_SECONDS })
const transcription = await startTranscriptionServer()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'likeness-bench-voice-'))
const command = defaultServerCommand()
let server: RunningServer | null = null
let browser: Browser | null = null
let failed = false
try {
  server = await startServer(command, {
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    TRANSCRIPTION_BASE_URL: transcription.url,
    RATE_LIMIT_WRITES: '100000',
    RATE_LIMIT_CHAT: '100000',
  })
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: chromiumArgs([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      // Looping: the question comes again after GAP_SECONDS of silence, once per turn.
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ]),
  })
  console.log(
    `Voice latency benchmark: ${command.label}, ${path.basename(findChromium())}, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; ${TURNS} turns of "${QUESTION}"`,
  )
  const context = await browser.newContext({ permissions: ['microphone'], baseURL: server.url })
  const page = await context.newPage()
  await page.goto(`/${SLUG}/call`)
  await page.getByRole('button', { name: 'Start a call' }).click()
  const deadline = Date.now() + TURNS * (GAP_SECONDS + 6) * 1000 + 30_000
  let turns: Turn[] = []
  while (turns.length < TURNS) {
    if (Date.now() > deadline) throw new Error(`only ${turns.length} of ${TURNS} turns were answered in time`)
    await page.waitForTimeout(500)
    turns = (await page.evaluate(TURNS_IN_PAGE)) as Turn[]
  }
  turns = turns.slice(0, TURNS)
  await page
    .getByRole('button', { name: /end call/i })
    .click()
    .catch(() => {})

  const total = turns.map((t) => t.endToFirstAudio)
  const after = turns.map((t) => t.afterTranscription)
  console.log(`  turns:                                     ${total.map(ms).join(', ')}`)
  console.log(
    `  end of speech -> first audio              median ${ms(percentile(total, 50))}, p90 ${ms(percentile(total, 90))}` +
      ` (goal under 1500 ms)`,
  )
  console.log(
    `  transcribed -> first audio                median ${ms(percentile(after, 50))}, p90 ${ms(percentile(after, 90))}`,
  )
  console.log(
    '  Transcription here is a local fake: a remote provider (Groq, OpenAI) adds its own time, not counted.',
  )
} catch (error) {
  failed = true
  console.error(error)
} finally {
  await browser?.close()
  await server?.stop()
  await transcription.close()
  rmSync(dataDir, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
