import { chromiumArgs, findChromium } from '../support/browser'
import { speechWav } from '../support/speech-wav'
import { DEFAULT_TRANSCRIPT } from '../support/transcription-server'
import { expect, test } from './fixtures'

/*
 * Dictation from the prompt's mic (spec 2 §2, §4, §8): Chromium's fake microphone plays an eSpeak recording
 * in a loop, the page records it with MediaRecorder, the server sends it to the fake OpenAI-compatible
 * transcription server (playwright.config.ts), and the transcript goes out as the visitor's message.
 */
const speech = await speechWav(DEFAULT_TRANSCRIPT)

test.use({
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${speech}`,
    ]),
  },
})

test.describe('dictation', () => {
  test('records from the mic and sends the transcript as a message', async ({ page, talk }) => {
    await talk.open()
    await page.getByRole('button', { name: 'Record voice message' }).click()

    const stop = page.getByRole('button', { name: 'Stop recording and send' })
    await expect(stop).toBeVisible()
    await expect(stop).toBeFocused()
    await expect(page.getByRole('button', { name: 'Cancel recording' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Recording' })).toHaveCount(1)
    // A couple of seconds of speech: the timer counts in mm:ss; nothing is sent meanwhile.
    const timer = page.getByRole('timer', { name: 'Recording time' })
    await expect(timer).toHaveText('00:02', { timeout: 10_000 })
    await expect(talk.questions).toHaveCount(0)

    await talk.answerTo(() => stop.click())
    await expect(talk.questions).toHaveCount(1)
    await expect(talk.questions.first()).toContainText(DEFAULT_TRANSCRIPT)
    await expect(talk.answers).toHaveCount(1)
    await expect(page.getByRole('button', { name: 'Record voice message' })).toBeVisible()
  })

  test('a too-short recording says so in a toast and sends nothing', async ({ page, talk }) => {
    await talk.open()
    // The page's Date stands still (its timers still run) from the press to the stop: the recording lasts
    // 0 ms however slowly a loaded machine clicks (under MIN_RECORDING_MS, 500 ms, it is too short without
    // asking the server).
    await page.clock.setFixedTime(new Date())
    await page.getByRole('button', { name: 'Record voice message' }).click()
    const stop = page.getByRole('button', { name: 'Stop recording and send' })
    await expect(stop).toBeVisible()
    await stop.click()

    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: 'Recording too short. Please try speaking for a bit longer.' }),
    ).toBeVisible()
    await expect(talk.questions).toHaveCount(0)
    // The error icon until the next try; the mic still records on a press.
    const mic = page.getByRole('button', { name: 'Record voice message' })
    await expect(mic).toHaveAttribute('data-indicator', 'error')
    await mic.click()
    await expect(page.getByRole('button', { name: 'Stop recording and send' })).toBeVisible()
    await page.getByRole('button', { name: 'Cancel recording' }).click()
    await expect(page.getByRole('button', { name: 'Record voice message' })).toHaveAttribute(
      'data-indicator',
      'mic',
    )
  })
})
