import { readFile } from 'node:fs/promises'
import { chromiumArgs, findChromium } from '../support/browser'
import { speechWav } from '../support/speech-wav'
import { expect, FROM_OUR_PAGE, LENA, signInThroughApi, test } from './fixtures'

/*
 * Issue #26 parts 3 and 4 in Chromium: a call's transcript shows the answer's sources as the chat does (a
 * clickable citation opens the Sources overlay), and 'Share Call' on the ended screen of a phone gives the
 * call's own page, /{slug}/call/shared/{id}, which opens as the shared call.
 */

const COFFEE = 'How late in the day can I drink coffee without hurting my sleep?'
const CALL_PATH = `/${LENA.slug}/call`

test.use({
  permissions: ['microphone'],
  launchOptions: {
    executablePath: findChromium(),
    args: chromiumArgs([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ]),
  },
})

test('a call transcript’s citation is clickable and opens the Sources overlay', async ({ page }) => {
  await signInThroughApi(page.request)
  // A call held through the API: one turn (a question the clone answers with sources), then hang-up.
  const started = await page.request.post('/api/calls/voice', {
    data: { slug: LENA.slug, userPreferredLanguage: 'en' },
    headers: FROM_OUR_PAGE,
  })
  expect(started.ok(), await started.text()).toBe(true)
  const { callId, conversationId } = (await started.json()) as { callId: string; conversationId: string }
  const turn = await page.request.post(`/api/calls/voice/${callId}/turns`, {
    data: { text: COFFEE },
    headers: FROM_OUR_PAGE,
  })
  expect(turn.ok(), await turn.text()).toBe(true)
  await page.request.post(`/api/calls/voice/${callId}/end`, {
    data: { reason: 'hang-up' },
    headers: FROM_OUR_PAGE,
  })

  await page.goto(`${CALL_PATH}/${conversationId}`)
  // The clone's lines: its first message, then the answer.
  const answer = page
    .locator('.call-transcript__line')
    .filter({ hasNot: page.getByText('You', { exact: true }) })
    .filter({ hasText: /caffeine/i })
  await expect(answer).toHaveCount(1)
  await expect(answer).not.toContainText(/\[\d+\]/)
  await answer.getByRole('button', { name: 'Source 1' }).first().click()
  const sources = page.getByRole('dialog', { name: 'Sources' })
  await expect(sources).toBeVisible()
  await expect(sources.getByRole('button', { name: /#1/ })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('transcript-sources.png') })
  // The label's hover preview stays shut while the overlay is open, so Escape closes the overlay.
  await page.keyboard.press('Escape')
  await expect(sources).toBeHidden()
})

test('a recorded call’s transcript draws the recording’s waveform, and a click on it seeks', async ({
  page,
}) => {
  await signInThroughApi(page.request)
  const started = await page.request.post('/api/calls/voice', {
    data: { slug: LENA.slug, userPreferredLanguage: 'en' },
    headers: FROM_OUR_PAGE,
  })
  const { callId, conversationId } = (await started.json()) as { callId: string; conversationId: string }
  await page.request.post(`/api/calls/voice/${callId}/end`, {
    data: { reason: 'hang-up' },
    headers: FROM_OUR_PAGE,
  })
  // Only Vapi records voice calls, and Vapi cannot be reached here: the bundle is given a recording, real
  // speech (eSpeak NG) with silence after it, served from this origin.
  const wav = await readFile(await speechWav('Hello there, this is a recorded call.', { trailingSilence: 3 }))
  // With range requests, as recordings are stored and served (a resource without them cannot be sought).
  await page.route('**/recordings/test-call.wav', (route) => {
    const range = /bytes=(\d+)-(\d*)/.exec(route.request().headers().range ?? '')
    if (!range) {
      return route.fulfill({
        status: 200,
        contentType: 'audio/wav',
        headers: { 'accept-ranges': 'bytes' },
        body: wav,
      })
    }
    const start = Number(range[1])
    const end = range[2] ? Number(range[2]) : wav.length - 1
    return route.fulfill({
      status: 206,
      contentType: 'audio/wav',
      headers: { 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${wav.length}` },
      body: wav.subarray(start, end + 1),
    })
  })
  await page.route(`**/api/calls/voice/by-conversation/${conversationId}`, async (route) => {
    const response = await route.fetch()
    const bundle = { ...(await response.json()), recordingUrl: '/recordings/test-call.wav' }
    await route.fulfill({ response, json: bundle })
  })

  await page.goto(`${CALL_PATH}/${conversationId}`)
  const waveform = page.locator('canvas.call-recording__waveform')
  await expect(waveform).toBeVisible()
  const player = page.getByLabel('Call recording')
  await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(3)
  // Speech first, then silence: the left half of the bars is taller than the right.
  const heights = await waveform.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d')!
    const { width, height } = canvas
    const data = context.getImageData(0, 0, width, height).data
    const inked = (from: number, to: number) => {
      let count = 0
      for (let x = from; x < to; x++)
        for (let y = 0; y < height; y++) if ((data[(y * width + x) * 4 + 3] ?? 0) > 0) count++
      return count
    }
    return { speech: inked(0, width / 2), silence: inked(width / 2, width) }
  })
  expect(heights.speech).toBeGreaterThan(heights.silence * 2)
  await page.screenshot({ path: test.info().outputPath('recording-waveform.png') })

  const box = (await waveform.boundingBox())!
  await waveform.click({ position: { x: box.width * 0.75, y: box.height / 2 } })
  await expect
    .poll(() => player.evaluate((a: HTMLAudioElement) => a.currentTime / a.duration))
    .toBeGreaterThan(0.7)
  expect(await player.evaluate((a: HTMLAudioElement) => a.currentTime / a.duration)).toBeLessThan(0.8)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('Share Call on the ended screen gives /{slug}/call/shared/{id}, which opens the shared call', async ({
    page,
  }) => {
    await signInThroughApi(page.request)
    await page.goto(CALL_PATH)
    await page.getByRole('button', { name: 'Start a call' }).click()
    await page.getByRole('button', { name: 'End call' }).click()
    await expect(page.getByRole('heading', { name: 'Call Ended' })).toBeVisible()

    // The ended screen's own 'Share Call' (the large-screen share panel is hidden on a phone).
    await expect(page.getByRole('complementary')).toHaveCount(0)
    await page.getByRole('button', { name: 'Share Call' }).click()
    const link = page.getByRole('dialog').getByRole('textbox', { name: 'Share link' })
    await expect(link).toHaveValue(new RegExp(`/${LENA.slug}/call/shared/[A-Za-z0-9_-]+$`))
    const url = await link.inputValue()
    expect(url).not.toContain('/talk/conversation/shared/')
    await page.screenshot({ path: test.info().outputPath('share-call-phone.png') })

    await page.goto(new URL(url).pathname)
    await expect(page.getByRole('heading', { name: `Your call with ${LENA.name}` })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start your own call' })).toBeVisible()
  })
})
